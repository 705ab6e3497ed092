/**
 * The parts of the sighted player's screen around the board: a clock, the blind player's
 * announcement, the player's own row (whose move, the clock press, the touched piece, a refusal)
 * and the promotion chooser. Each renders from the screen model's view and hands what the player
 * does to the model.
 */
import {
  pieceAt,
  scoreOf,
  formatClock,
  type Color,
  type PromotionPiece,
  type Square,
} from '../../core/index.ts';
import type { SightedModel } from '../../controllers/sighted/model.ts';
import type { SightedScreenView } from '../../controllers/sighted/screenView.ts';
import type { SightedKey } from './messages.ts';

/** The screen's words (tSighted in the player's locale). */
export type SightedWords = (k: SightedKey, p?: Record<string, string | number>) => string;

/** Where the sighted player sits: his own device, beside the blind player, or a second window. */
export type Place = 'paired' | 'local' | 'window';

/**
 * Whether the sighted player shares the blind player's device (beside him, or in a second window):
 * then the only screen reader is the blind player's, so this screen shows its news and refusals as
 * plain text and never writes into a live region (issue 28, the focus and announcements policy).
 */
export const sharesDevice = (place: Place): boolean => place !== 'paired';

const PROMOTIONS = ['q', 'r', 'b', 'n'] as const;
const PROMOTION_GLYPHS: Record<PromotionPiece, string> = { q: '♛', r: '♜', b: '♝', n: '♞' };

/** One player's clock: the time, running, and a fallen flag in words too (checklist 87). */
export function SightedClock(props: {
  readonly screen: SightedScreenView;
  readonly color: Color;
  readonly ms: number;
  readonly t: SightedWords;
}) {
  const { screen, color: c, t } = props;
  const running = screen.match.clock.running === c;
  const flagFallen = screen.match.flagged[c] || props.ms <= 0;
  const name = t('clockOf', {
    color: t(c === 'w' ? 'white' : 'black'),
    who: c === screen.me ? t('you') : t('role_blind'),
  });
  return (
    <div
      className={`sp-clock${running ? ' running' : ''}${flagFallen ? ' flag' : ''}${c === screen.me ? ' mine' : ''}`}
      data-testid={`clock-${c}`}
      role="group"
      aria-label={name}
    >
      <span className="sp-clock-name">{name}</span>
      <span className="sp-clock-time">{formatClock(props.ms, 'display')}</span>
      <span className="sp-clock-mark">
        {[running ? t('clockRunningMark') : '', flagFallen ? t('flagFallenMark') : '']
          .filter(Boolean)
          .join(' ')}
      </span>
    </div>
  );
}

/** The blind player's announcement as large text, with "say again". */
export function AnnouncementBox(props: {
  readonly model: SightedModel;
  readonly screen: SightedScreenView;
  readonly place: Place;
  readonly t: SightedWords;
}) {
  const { screen, t } = props;
  const words = screen.announcement?.words ?? null;
  return (
    <section className="sp-announcement" aria-labelledby="sp-announcement-heading">
      <h2 id="sp-announcement-heading">{t('announcement')}</h2>
      <p
        key={screen.said}
        className="announcement-text"
        data-testid="announcement"
        aria-live={sharesDevice(props.place) ? undefined : 'assertive'}
        aria-atomic="true"
      >
        {words ?? t('noAnnouncement')}
      </p>
      {words ? (
        <button type="button" onClick={() => props.model.input({ kind: 'sayAgain' })}>
          {t('sayAgain')}
        </button>
      ) : null}
    </section>
  );
}

/** The line saying whose move it is, or the result. */
function turnLine(screen: SightedScreenView, t: SightedWords): string {
  const { match } = screen;
  if (match.result)
    return t('gameResult', {
      score: scoreOf(match.result),
      reason: t(`reason_${match.result.reason}` as SightedKey),
    });
  if (!screen.playing) return t(`phase_${match.phase}` as SightedKey);
  return `${screen.myTurn ? t('myTurn') : t('waitingForBlind')}${screen.check && screen.myTurn ? ` ${t('inCheck')}` : ''}`;
}

/** The player's own controls: whose move, the clock press, the touched piece, what was refused. */
export function OwnControls(props: {
  readonly model: SightedModel;
  readonly screen: SightedScreenView;
  readonly place: Place;
  readonly refusal: { readonly message: string; readonly serial: number } | null;
  readonly t: SightedWords;
}) {
  const { screen, t, refusal } = props;
  const selection = screen.selection;
  // On his own device his status is live; on a shared one it is shown only (sharesDevice).
  const live = !sharesDevice(props.place);
  return (
    <div className="sp-own-row">
      <p className="sp-turn" data-testid="turn">
        {turnLine(screen, t)}
      </p>
      {screen.myTurn ? (
        // Always offered on the player's turn: a press sent right after the move queues
        // behind it, and a press too early is refused with the reason (BL-12).
        <button
          type="button"
          className={`sp-press${screen.placed ? ' primary' : ''}`}
          onClick={() => props.model.input({ kind: 'send', intent: { kind: 'pressClock' } })}
        >
          {props.place === 'local' ? t('localPressClock') : t('pressClock')}
        </button>
      ) : null}
      {/* One reserved line, so the board never jumps while a move is made. */}
      <div className="sp-note">
        <p role={live ? 'status' : undefined} className="sp-selection">
          {selection
            ? selection.purpose === 'move'
              ? t('touched', { square: selection.from })
              : t('selectTarget')
            : ''}
        </p>
        {refusal ? (
          <p role={live ? 'alert' : undefined} className="refusal" key={refusal.serial}>
            {t('refused', { message: refusal.message })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A pawn on the last rank waits for the piece it becomes, chosen by name. The queen takes the
 * focus, except beside the blind player's screen, where the focus is his (issue 28).
 */
export function PromotionChooser(props: {
  readonly model: SightedModel;
  readonly me: Color;
  readonly place: Place;
  readonly t: SightedWords;
}) {
  const { model, t } = props;
  return (
    <div role="dialog" aria-modal="false" aria-labelledby="promotion-title" className="promotion">
      <h2 id="promotion-title">{t('promotionTitle')}</h2>
      <div className="promotion-choices">
        {PROMOTIONS.map((p) => (
          <button
            type="button"
            key={p}
            autoFocus={p === 'q' && props.place !== 'local'}
            onClick={() => model.input({ kind: 'promote', piece: p })}
          >
            <span aria-hidden="true" className={`piece ${props.me === 'w' ? 'white' : 'black'}`}>
              {PROMOTION_GLYPHS[p]}
            </span>{' '}
            {t(`piece_${p}`)}
          </button>
        ))}
        <button type="button" onClick={() => model.input({ kind: 'cancelPromotion' })}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}

/** The piece carried by a drag, following the pointer. */
export function DragGhost(props: {
  readonly fen: string;
  readonly ghost: { square: Square; x: number; y: number };
}) {
  const { fen, ghost } = props;
  const piece = pieceAt(fen, ghost.square);
  return (
    <span
      aria-hidden="true"
      className={`sp-ghost piece ${piece?.color === 'w' ? 'white' : 'black'}`}
      style={{ left: ghost.x, top: ghost.y }}
    >
      {piece ? `${{ k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' }[piece.type]}\uFE0E` : ''}
    </span>
  );
}
