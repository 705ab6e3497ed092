/**
 * The sighted player's screen (issue 13), one component for every place he plays: his own device
 * in a paired game, beside the blind player's screen in a local game, or a second window on a
 * second monitor. A board that fills its space, with coordinates, the last move, check and (outside
 * competition) where a touched piece may go; click-click or drag with mouse, touch or pen under the
 * ordinary touch-move rule (BL-11: choosing a piece is a touch); both clocks large; the blind
 * player's announcement as large text, optionally spoken, with "say again"; repetition and manual
 * relay (BL-18, BL-24); draw offers, claims, resignation; a promotion chooser of named pieces.
 * Every action is an intent through the match session, so all places behave the same.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { pieceAt, positions, type Color, type PromotionPiece, type Square } from '../../core/index.ts';
import { scoreOf } from '../../core/index.ts';
import type { Locale } from '../../i18n/index.ts';
import type { Intent } from '../../match/intents.ts';
import { colorOf } from '../../match/setup.ts';
import type { ClaimKind, MatchState } from '../../match/types.ts';
import { awaitingExecution, awaitingRepetition, seatOfPly } from '../../match/progress.ts';
import type { MatchSession } from '../../session/local.ts';
import { Board, type BoardMark } from '../../board/Board.tsx';
import { describeMove, describeSquare } from '../../speech/describe.ts';
import { describeRefusal } from '../../speech/announce.ts';
import { AdjournmentPanel } from '../adjourn/AdjournmentPanel.tsx';
import { ScoreSheet, useNow } from './PairedParts.tsx';
import { formatClock } from '../../core/index.ts';
import { clockAt } from './paired.ts';
import { may, type Outgoing } from '../../controllers/rights.ts';
import { useSightedBoard } from './useSightedBoard.ts';
import {
  canExecute as executionWaits,
  canRepeat,
  isMyTurn,
  sightedBoardFen,
} from '../../controllers/sighted/controller.ts';
import {
  announcementOf,
  checkedKing,
  lastMoveSquares,
  legalTargets,
  moveHintsAllowed,
} from './sightedView.ts';
import { usePointerMoves } from './usePointerMoves.ts';
import { tSighted, type SightedKey } from './messages.ts';
import './sighted.css';

/** A text-to-speech function (the Speaker port or the browser's speechSynthesis). */
export type Speak = (text: string) => void;

/** The browser's speech synthesis, or nothing where there is none. */
export const browserSpeak: Speak = (text) => {
  if (typeof speechSynthesis === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined') return;
  speechSynthesis.speak(new SpeechSynthesisUtterance(text));
};

/** Where the sighted player sits: his own device, beside the blind player, or a second window. */
export type Place = 'paired' | 'local' | 'window';

import { DisplaySettingsPanel, type DisplayChange, type DisplaySettings } from './DisplaySettingsPanel.tsx';

export interface SightedPlayerProps {
  readonly session: MatchSession;
  readonly locale: Locale;
  readonly place: Place;
  readonly display: DisplaySettings;
  readonly onDisplayChange?: DisplayChange;
  readonly speak?: Speak;
  /** Above everything (the paired room's header and refusals). */
  readonly header?: ReactNode;
  /** Refusals shown by the owner (a paired room's, the server's included); otherwise this screen's own. */
  readonly refusal?: { readonly message: string; readonly serial: number } | null;
  /** A local game offers the board in a second window. */
  readonly onOpenWindow?: () => void;
}

const CLAIMS: readonly Exclude<ClaimKind, 'touchMove'>[] = [
  'repetition',
  'fiftyMoves',
  'time',
  'insufficientMaterial',
];
const PROMOTIONS = ['q', 'r', 'b', 'n'] as const;
const PROMOTION_GLYPHS: Record<PromotionPiece, string> = { q: '♛', r: '♜', b: '♝', n: '♞' };
const ROLE = 'sighted' as const;

/** The words of the move of ply `ply`, read in the position before it on the mover's own board. */
function plyWords(state: MatchState, uci: string, ply: number): string {
  const record = state.plies[ply - 1];
  const fen = record ? positions(state.boards[seatOfPly(state, record)].game)[ply - 1] : undefined;
  return fen ? describeMove(fen, uci) : uci;
}

/** The sighted player's screen. */
export function SightedPlayer(props: SightedPlayerProps) {
  const { session, locale, place, display, onDisplayChange, speak = browserSpeak } = props;
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const t = (k: SightedKey, p?: Record<string, string | number>) => tSighted(locale, k, p);
  // Beside the blind player's screen, the opponent's buttons say whose they are.
  const whose = (text: string) => (place === 'local' ? t('localAction', { action: text }) : text);
  const now = useNow(session.clock);
  const me: Color = colorOf(state.setup, ROLE);
  const opponent: Color = me === 'w' ? 'b' : 'w';
  const [speaking, setSpeaking] = useState(false);
  const [confirmResign, setConfirmResign] = useState(false);
  const [heard, setHeard] = useState('');
  const [claimKind, setClaimKind] = useState<Exclude<ClaimKind, 'touchMove'>>('repetition');
  const [table, setTable] = useState(false);
  const [said, setSaid] = useState(0);
  const [refusal, setRefusal] = useState<{ message: string; serial: number } | null>(null);
  const boardRef = useRef<HTMLDivElement | null>(null);

  // Outside a paired game nobody else shows this seat's refusals: show them here.
  useEffect(() => {
    if (props.refusal !== undefined) return;
    return session.onEvents((events) => {
      const refused = events.find((e) => e.type === 'refused' && e.by === ROLE);
      if (refused?.type === 'refused')
        setRefusal((r) => ({
          // The reason in the player's language, as the blind player would hear it.
          message: describeRefusal(locale, {
            code: refused.refusal.code,
            message: refused.refusal.message,
            ...(refused.refusal.reason ? { reason: refused.refusal.reason } : {}),
            ...(refused.refusal.piece ? { piece: refused.refusal.piece.type } : {}),
          }),
          serial: (r?.serial ?? 0) + 1,
        }));
    });
  }, [session, props.refusal, locale]);

  const announcement = announcementOf(state, opponent);
  const words = announcement ? describeMove(announcement.fen, announcement.uci) : null;
  const spokenKey = announcement ? `${announcement.ply}:${announcement.uci}` : '';
  const lastSpoken = useRef('');
  useEffect(() => {
    if (!speaking || !words || lastSpoken.current === spokenKey) return;
    lastSpoken.current = spokenKey;
    speak(words);
  }, [speaking, words, spokenKey, speak]);

  const aperture = state.boards.sighted.aperture;
  const fen = sightedBoardFen(state);
  const board = useSightedBoard(session, (square) => focusBoard(square));
  const { selection } = board;
  const promotion = board.view.promotion;
  const playing = state.phase === 'playing';
  const myTurn = isMyTurn(state);
  const toRepeat = awaitingRepetition(state);
  const repeatWaits = canRepeat(state);
  const toExecute = awaitingExecution(state, ROLE);
  const canExecute = executionWaits(state);
  const blindBehind = awaitingExecution(state, 'blind');
  const placed = myTurn && aperture.placements.length > 0;
  const repeatWords = toRepeat?.announced ? plyWords(state, toRepeat.announced, toRepeat.ply) : null;
  const executeWords = toExecute?.announced ? plyWords(state, toExecute.announced, toExecute.ply) : null;
  const hintsOn = display.moveHints && moveHintsAllowed(state);

  /**
   * Puts focus on the board when it was lost (the pressed button went away with the change). Focus
   * placed elsewhere meanwhile — the blind player's board in a local game — is left where it is.
   */
  const focusBoard = (square: Square = board.view.cursor) => {
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      boardRef.current
        ?.querySelector<HTMLElement>(`[data-square="${square}"]`)
        ?.focus({ preventScroll: true });
    });
  };
  const send = (intent: Outgoing) => session.dispatch({ ...intent, by: ROLE } as Intent);
  /** A button's action: the button may go away with the change, so focus returns to the board. */
  const act = (intent: Outgoing) => {
    send(intent);
    focusBoard();
  };

  const pointer = usePointerMoves({
    choose: board.choose,
    canDrag: board.canDrag,
    dropped: (from, to) => {
      if (board.isPicked(from)) board.choose(to);
    },
  });

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const dirs = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' } as const;
    if (e.key in dirs) {
      e.preventDefault();
      board.run({ kind: 'arrow', direction: dirs[e.key as keyof typeof dirs] });
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      board.choose(board.view.cursor);
    }
  };

  const marks: Partial<Record<Square, BoardMark>> = {};
  for (const s of lastMoveSquares(state, ROLE)) marks[s] = 'last';
  const check = playing ? checkedKing(aperture.fen) : null;
  if (check && aperture.placements.length === 0) marks[check] = 'check';
  if (selection) marks[selection.from] = 'hand';
  const hints =
    hintsOn && selection?.purpose === 'move' && myTurn
      ? legalTargets(aperture.fen, selection.from)
      : undefined;

  const colorName = (c: Color) => t(c === 'w' ? 'white' : 'black');
  const times = clockAt(state.clock, now);
  const clock = (c: Color) => {
    const running = state.clock.running === c;
    // A fallen flag is shown in words as well as by the time at zero (checklist 87).
    const flagFallen = state.flagged[c] || times[c] <= 0;
    return (
      <div
        className={`sp-clock${running ? ' running' : ''}${flagFallen ? ' flag' : ''}${c === me ? ' mine' : ''}`}
        data-testid={`clock-${c}`}
        role="group"
        aria-label={t('clockOf', { color: colorName(c), who: c === me ? t('you') : t('role_blind') })}
      >
        <span className="sp-clock-name">
          {t('clockOf', { color: colorName(c), who: c === me ? t('you') : t('role_blind') })}
        </span>
        <span className="sp-clock-time">{formatClock(times[c], 'display')}</span>
        <span className="sp-clock-mark">
          {[running ? t('clockRunningMark') : '', flagFallen ? t('flagFallenMark') : '']
            .filter(Boolean)
            .join(' ')}
        </span>
      </div>
    );
  };

  const turnLine = state.result
    ? t('gameResult', {
        score: scoreOf(state.result),
        reason: t(`reason_${state.result.reason}` as SightedKey),
      })
    : playing
      ? `${myTurn ? t('myTurn') : t('waitingForBlind')}${check && myTurn ? ` ${t('inCheck')}` : ''}`
      : t(`phase_${state.phase}` as SightedKey);

  const announcementPanel = (
    <section className="sp-announcement" aria-labelledby="sp-announcement-heading">
      <h2 id="sp-announcement-heading">{t('announcement')}</h2>
      <p
        key={said}
        className="announcement-text"
        data-testid="announcement"
        aria-live={place === 'local' ? undefined : 'assertive'}
        aria-atomic="true"
      >
        {words ?? t('noAnnouncement')}
      </p>
      {words ? (
        <button
          type="button"
          onClick={() => {
            setSaid((n) => n + 1);
            speak(words);
          }}
        >
          {t('sayAgain')}
        </button>
      ) : null}
    </section>
  );

  const pressLabel = place === 'local' ? t('localPressClock') : t('pressClock');
  const execution =
    toExecute?.announced && toExecute.repeated !== null
      ? t('executeOnYours', { move: executeWords ?? toExecute.announced })
      : blindBehind?.announced
        ? t('executeOnBlind', { move: plyWords(state, blindBehind.announced, blindBehind.ply) })
        : t('nothingToExecute');

  const shownRefusal = props.refusal !== undefined ? props.refusal : refusal;
  // The player's own controls: whose move, the clock press, the touched piece, what was refused.
  const ownControls = (
    <div className="sp-own-row">
      <p className="sp-turn" data-testid="turn">
        {turnLine}
      </p>
      {myTurn ? (
        // Always offered on the player's turn: a press sent right after the move queues
        // behind it, and a press too early is refused with the reason (BL-12).
        <button
          type="button"
          className={`sp-press${placed ? ' primary' : ''}`}
          onClick={() => act({ kind: 'pressClock' })}
        >
          {pressLabel}
        </button>
      ) : null}
      {/* One reserved line, so the board never jumps while a move is made. */}
      <div className="sp-note">
        <p role="status" className="sp-selection">
          {selection
            ? selection.purpose === 'move'
              ? t('touched', { square: selection.from })
              : t('selectTarget')
            : ''}
        </p>
        {shownRefusal ? (
          <p role="alert" className="refusal" key={shownRefusal.serial}>
            {t('refused', { message: shownRefusal.message })}
          </p>
        ) : null}
      </div>
    </div>
  );

  return (
    <div
      className={`sighted-player place-${place}${table ? ' table' : ''}${display.largeBoard ? ' large' : ''}`}
    >
      <div className="sp-layout">
        {props.header ? <div className="sp-head">{props.header}</div> : null}
        <div className="sp-top" data-testid="clock-strip">
          <div className="sp-clocks">
            {clock(opponent)}
            {table ? null : clock(me)}
          </div>
          {announcementPanel}
          {table ? null : ownControls}
        </div>
        <div
          className="sp-board"
          ref={boardRef}
          onPointerDown={pointer.onPointerDown}
          data-testid="sighted-board"
        >
          <Board
            fen={fen}
            label={place === 'local' ? t('localBoard') : t('myBoard')}
            describe={(s) => describeSquare(fen, s)}
            orientation={me}
            cursor={board.view.cursor}
            marks={marks}
            {...(hints ? { hints } : {})}
            coordinates
            fill
            highContrast={display.highContrast}
            large={display.largeBoard}
            onKeyDown={onKeyDown}
            id={place === 'local' ? 'opponent-board' : 'sighted-board'}
          />
          {pointer.ghost ? (
            <span
              aria-hidden="true"
              className={`sp-ghost piece ${pieceAt(fen, pointer.ghost.square)?.color === 'w' ? 'white' : 'black'}`}
              style={{ left: pointer.ghost.x, top: pointer.ghost.y }}
            >
              {boardGlyph(fen, pointer.ghost.square)}
            </span>
          ) : null}
        </div>
        <div className="sp-side">
          {table ? (
            <div className="sp-own">
              {clock(me)}
              {ownControls}
            </div>
          ) : null}
          <section aria-label={t('actions')} className="actions sp-actions">
            {state.phase === 'setup' && may(state, ROLE, { kind: 'startGame' }) ? (
              <button type="button" className="primary" onClick={() => act({ kind: 'startGame' })}>
                {t('startGame')}
              </button>
            ) : null}
            {repeatWaits && repeatWords ? (
              <>
                <button type="button" className="primary" onClick={() => act({ kind: 'repeat' })}>
                  {t('repeat', { move: repeatWords })}
                </button>
                <form
                  className="heard"
                  onSubmit={(e) => {
                    e.preventDefault();
                    const uci = heard
                      .trim()
                      .toLowerCase()
                      .replace(/[^a-h1-8qrbn]/g, '');
                    if (/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(uci)) act({ kind: 'repeat', uci });
                    setHeard('');
                  }}
                >
                  <label>
                    {t('heardLabel')}{' '}
                    <input value={heard} size={6} onChange={(e) => setHeard(e.target.value)} />
                  </label>{' '}
                  <button type="submit">{t('repeatHeard')}</button>
                </form>
              </>
            ) : null}
            {canExecute && executeWords ? (
              <button type="button" className="primary" onClick={() => act({ kind: 'execute', board: ROLE })}>
                {t('executeOnMine', { move: executeWords })}
              </button>
            ) : null}
            {playing ? (
              <>
                {state.drawOffer && state.drawOffer.by !== me ? (
                  <span role="group" aria-label={t('drawOffered', { color: colorName(state.drawOffer.by) })}>
                    <span className="sp-offer">
                      {t('drawOffered', { color: colorName(state.drawOffer.by) })}
                    </span>{' '}
                    <button type="button" onClick={() => act({ kind: 'acceptDraw' })}>
                      {whose(t('acceptDraw'))}
                    </button>{' '}
                    <button type="button" onClick={() => act({ kind: 'declineDraw' })}>
                      {whose(t('declineDraw'))}
                    </button>
                  </span>
                ) : (
                  <button
                    type="button"
                    aria-disabled={state.drawOffer ? true : undefined}
                    onClick={() => {
                      if (!state.drawOffer) act({ kind: 'offerDraw' });
                    }}
                  >
                    {whose(t('offerDraw'))}
                  </button>
                )}
                <span className="claim">
                  <label>
                    {t('claimKind')}{' '}
                    <select
                      value={claimKind}
                      onChange={(e) => setClaimKind(e.target.value as Exclude<ClaimKind, 'touchMove'>)}
                    >
                      {CLAIMS.map((k) => (
                        <option key={k} value={k}>
                          {t(`claim_${k}`)}
                        </option>
                      ))}
                    </select>
                  </label>{' '}
                  <button type="button" onClick={() => act({ kind: 'claim', claim: claimKind })}>
                    {whose(t('claim'))}
                  </button>
                </span>
                {may(state, ROLE, { kind: 'stopClocks' }) ? (
                  state.clock.running ? (
                    <button type="button" onClick={() => act({ kind: 'stopClocks' })}>
                      {whose(t('stopClocks'))}
                    </button>
                  ) : (
                    <button type="button" onClick={() => act({ kind: 'resumeClocks' })}>
                      {whose(t('resumeClocks'))}
                    </button>
                  )
                ) : null}
                {confirmResign ? (
                  <span role="group" aria-label={t('confirmResign')}>
                    {t('confirmResign')}{' '}
                    <button
                      type="button"
                      onClick={() => {
                        act({ kind: 'resign' });
                        setConfirmResign(false);
                      }}
                    >
                      {t('yes')}
                    </button>{' '}
                    <button
                      type="button"
                      onClick={() => {
                        setConfirmResign(false);
                        focusBoard();
                      }}
                    >
                      {t('no')}
                    </button>
                  </span>
                ) : (
                  <button type="button" onClick={() => setConfirmResign(true)}>
                    {whose(t('resign'))}
                  </button>
                )}
              </>
            ) : null}
          </section>
          <section className="sp-relay" aria-label={t('relay')}>
            <p>{t(`relay_${state.setup.relay}` as SightedKey)}</p>
            <p data-testid="execution">{execution}</p>
          </section>
          <AdjournmentPanel
            state={state}
            role={ROLE}
            locale={locale}
            dispatch={(intent) => session.dispatch(intent)}
          />
          <ScoreSheet
            locale={locale}
            title={t('scoresheet')}
            startFen={state.setup.startFen}
            moves={state.scores.sighted}
            testId="score-sighted"
          />
          <label className="toggle">
            <input type="checkbox" checked={speaking} onChange={(e) => setSpeaking(e.target.checked)} />{' '}
            {t('speakAnnouncements')}
          </label>
          {onDisplayChange ? (
            <DisplaySettingsPanel
              locale={locale}
              display={display}
              onDisplayChange={onDisplayChange}
              hintsAllowed={moveHintsAllowed(state)}
              table={place === 'paired' ? { on: table, set: setTable } : undefined}
            />
          ) : null}
          {props.onOpenWindow ? (
            <button type="button" onClick={props.onOpenWindow}>
              {t('secondWindow')}
            </button>
          ) : null}
        </div>
      </div>
      {promotion ? (
        <div role="dialog" aria-modal="false" aria-labelledby="promotion-title" className="promotion">
          <h2 id="promotion-title">{t('promotionTitle')}</h2>
          <div className="promotion-choices">
            {PROMOTIONS.map((p) => (
              <button
                type="button"
                key={p}
                autoFocus={p === 'q'}
                onClick={() => board.run({ kind: 'promote', piece: p })}
              >
                <span aria-hidden="true" className={`piece ${me === 'w' ? 'white' : 'black'}`}>
                  {PROMOTION_GLYPHS[p]}
                </span>{' '}
                {t(`piece_${p}`)}
              </button>
            ))}
            <button type="button" onClick={() => board.run({ kind: 'cancelPromotion' })}>
              {t('cancel')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The glyph of the piece on a square, for the dragged ghost. */
function boardGlyph(fen: string, square: Square): string {
  const piece = pieceAt(fen, square);
  return piece ? `${{ k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' }[piece.type]}\uFE0E` : '';
}
