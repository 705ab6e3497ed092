/**
 * Parts shared by the paired screens: the room header (pairing code, connection, who is at the
 * table), the refusal alert, one of the twin boards, the clocks, a scoresheet, the announcement
 * panel and the status line. Rendering only: every fact comes from the RoomView; every action is an
 * intent handed to `send`.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { Locale } from '../../i18n/index.ts';
import type { TransportStatus } from '../../ports/transport.ts';
import type { Clock } from '../../ports/clock.ts';
import { Board, type BoardMark } from '../../board/Board.tsx';
import { lastMoveSquares } from '../../controllers/sighted/sightedView.ts';
import { FILES, RANKS, pieceAt, type Color, type Square } from '../../core/index.ts';

const SQUARES: readonly Square[] = FILES.flatMap((f) => RANKS.map((r) => `${f}${r}` as Square));
import type { MatchState, PlayerRole, Role } from '../../match/types.ts';
import type { OutgoingIntent } from '../useRoom.ts';
import { may } from '../../controllers/rights.ts';
import type { RoomStatus, ServerRefusal } from '../../session/remote.ts';
import { describeMove, describeSquare } from '../../speech/describe.ts';
import { describeRefusal } from '../../speech/announce.ts';
import { formatClock, scoreOf } from '../../core/index.ts';
import { boardFen, clockAt, playerOf, scoreLines, sideToMove, type Announcement } from './paired.ts';
import { tSighted, type SightedKey } from './messages.ts';

const STATUS_KEYS: Record<TransportStatus, SightedKey> = {
  online: 'statusOnline',
  connecting: 'statusConnecting',
  offline: 'statusOffline',
  closed: 'statusClosed',
};

/** The code, the connection status and who is present. */
export function RoomHeader(props: {
  readonly locale: Locale;
  readonly title: string;
  readonly code: string;
  /** The room's connection facts, as useRoom gives them. */
  readonly room: Pick<RoomStatus, 'status' | 'online' | 'pending' | 'takeover'>;
}) {
  const { locale, title, code } = props;
  const { status, online, pending, takeover } = props.room;
  const takenElsewhere = takeover?.here === false;
  const t = (k: SightedKey, p?: Record<string, string | number>) => tSighted(locale, k, p);
  const spoken = code.split('-').join(' ');
  return (
    <header className="room-header">
      <h1>{title}</h1>
      <p className="pairing-code" data-testid="pairing-code">
        {t('code', { code: spoken })}
      </p>
      {/* Not a live region: the connection is announced only when lost and back (controllers/room.ts). */}
      <p data-testid="connection" className={`connection ${takenElsewhere ? 'taken-over' : status}`}>
        {takenElsewhere ? t('statusTakenOver') : t(STATUS_KEYS[status])}
        {pending > 0 && !takenElsewhere ? ` · ${t('pending', { count: pending })}` : ''}
      </p>
      {takenElsewhere ? (
        // A reload takes the seat back: the server gives it to the newest connection.
        <button type="button" onClick={() => window.location.reload()}>
          {t('takeSeatBack')}
        </button>
      ) : null}
      <p className="online">
        {t('online', { roles: online.map((r) => t(`role_${r}` as SightedKey)).join(', ') })}
      </p>
    </header>
  );
}

/** The server's refusal of the last intent, as an alert (keyed so a repeated refusal is announced again). */
export function RefusalAlert(props: { readonly locale: Locale; readonly refusal: ServerRefusal | null }) {
  const { locale, refusal } = props;
  if (!refusal) return null;
  return (
    <p role="alert" className="refusal" key={refusal.serial}>
      {tSighted(locale, 'refused', { message: describeRefusal(locale, refusal) })}
    </p>
  );
}

/** The squares where the two players' own boards differ (a piece on one and not, or another, on the other). */
export function differingSquares(state: MatchState): Square[] {
  const blind = boardFen(state, 'blind');
  const sighted = boardFen(state, 'sighted', true);
  return SQUARES.filter((sq) => {
    const a = pieceAt(blind, sq);
    const b = pieceAt(sighted, sq);
    return a?.type !== b?.type || a?.color !== b?.color;
  });
}

/**
 * Both players' own boards side by side, as an official (arbiter, assistant, spectator) watches
 * them: read-only, titled, the last move on each marked, and every square where they differ ringed
 * on both and listed in words.
 */
export function TwinBoards(props: {
  readonly locale: Locale;
  readonly state: MatchState;
  readonly orientation: Color;
  readonly idPrefix: string;
}) {
  const { locale, state, orientation, idPrefix } = props;
  const differ = differingSquares(state);
  const board = (seat: PlayerRole) => {
    const fen = boardFen(state, seat, seat === 'sighted');
    const title = tSighted(locale, seat === 'blind' ? 'blindBoard' : 'sightedBoard');
    const marks: Partial<Record<Square, BoardMark>> = {};
    for (const sq of lastMoveSquares(state, seat)) marks[sq] = 'last';
    for (const sq of differ) marks[sq] = 'target';
    return (
      <div className="twin" key={seat}>
        <h2>{title}</h2>
        <Board
          fen={fen}
          label={title}
          describe={(sq) => describeSquare(fen, sq)}
          orientation={orientation}
          marks={marks}
          coordinates
          fill
          followFocus={false}
          id={`${idPrefix}-${seat}`}
        />
      </div>
    );
  };
  return (
    <section className="twins" aria-label={tSighted(locale, 'bothBoards')} data-testid="twins">
      {board('blind')}
      {board('sighted')}
      <p className="twins-diff" data-testid="board-differences">
        {differ.length === 0
          ? tSighted(locale, 'boardsAgree')
          : tSighted(locale, 'boardsDiffer', { squares: differ.join(', ') })}
      </p>
    </section>
  );
}

/**
 * The time on `clock` (the Clock port, so tests drive it), read again every `ms` so clocks count
 * down (not a live region: no ticking text is announced); not at all while `ticking` is false (no
 * clock runs, so nothing would change).
 */
export function useNow(clock: Clock, ms = 500, ticking = true): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!ticking) return;
    const id = setInterval(() => setTick((n) => n + 1), ms);
    return () => clearInterval(id);
  }, [ms, ticking]);
  return clock.now();
}

/** Both clocks, the running one marked. */
export function ClockPanel(props: {
  readonly locale: Locale;
  readonly state: MatchState;
  readonly now: number;
}) {
  const { locale, state, now } = props;
  const t = (k: SightedKey) => tSighted(locale, k);
  const times = clockAt(state.clock, now);
  return (
    <section aria-labelledby="clocks-heading" className="clocks">
      <h2 id="clocks-heading">{t('clocks')}</h2>
      <dl>
        {(['w', 'b'] as const).map((c) => (
          <div
            key={c}
            className={`clock ${state.clock.running === c ? 'running' : ''}`}
            data-testid={`clock-${c}`}
          >
            <dt>
              {t(c === 'w' ? 'white' : 'black')}
              {state.clock.running === c ? ` (${t('clockRunning')})` : ''}
            </dt>
            <dd>{formatClock(times[c], 'display')}</dd>
          </div>
        ))}
      </dl>
      {state.clock.running === null && state.phase === 'playing' ? <p>{t('clockStopped')}</p> : null}
    </section>
  );
}

/** A scoresheet as a numbered table. */
export function ScoreSheet(props: {
  readonly locale: Locale;
  readonly title: string;
  readonly startFen: string;
  readonly moves: readonly string[];
  readonly testId: string;
}) {
  const { locale, title, startFen, moves, testId } = props;
  const lines = scoreLines(startFen, moves);
  return (
    <section aria-label={title} className="scoresheet" data-testid={testId}>
      <h2>{title}</h2>
      {lines.length === 0 ? (
        <p>{tSighted(locale, 'noMoves')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{tSighted(locale, 'white')}</th>
              <th scope="col">{tSighted(locale, 'black')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.number}>
                <th scope="row">{l.number}</th>
                <td>{l.white}</td>
                <td>{l.black}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The words of an announced move, from describe.ts (S85 file names, "Kurze Rochade"). */
export function announcementWords(a: Announcement): string {
  return describeMove(a.fen, a.uci);
}

/** The latest announced move as large text. */
export function AnnouncementPanel(props: {
  readonly locale: Locale;
  readonly announcement: Announcement | null;
}) {
  const { locale, announcement: a } = props;
  const words = a ? announcementWords(a) : null;
  const t = (k: SightedKey, p?: Record<string, string>) => tSighted(locale, k, p);
  return (
    <section aria-labelledby="announcement-heading" className="announcement">
      <h2 id="announcement-heading">{t('announcement')}</h2>
      <p className="announcement-text" data-testid="announcement" aria-live="assertive" aria-atomic="true">
        {a && words ? words : t('noAnnouncement')}
      </p>
      {a && a.by !== 'twinboard' ? (
        <p>{t('announcedBy', { role: t(`role_${a.by}` as SightedKey) })}</p>
      ) : null}
    </section>
  );
}

/** Phase, side to move, pending draw offer, claim, difference and result. */
export function StatusLine(props: { readonly locale: Locale; readonly state: MatchState }) {
  const { locale, state } = props;
  const t = (k: SightedKey, p?: Record<string, string>) => tSighted(locale, k, p);
  const colorName = (c: 'w' | 'b') => t(c === 'w' ? 'white' : 'black');
  const lines: string[] = [t(`phase_${state.phase}` as SightedKey)];
  if (state.phase === 'playing') lines.push(t('toMove', { color: colorName(sideToMove(state)) }));
  if (state.drawOffer) lines.push(t('drawOffered', { color: colorName(state.drawOffer.by) }));
  if (state.claim)
    lines.push(
      t('claimPending', {
        color: colorName(state.claim.claimant),
        kind: t(`claim_${state.claim.kind}` as SightedKey),
      }),
    );
  if (state.discrepancy) lines.push(t('discrepancy'));
  if (state.result)
    lines.push(t('resultLine', { score: scoreOf(state.result), reason: state.result.reason }));
  const starter = useContext(StartGameContext);
  return (
    <>
      <section className="status-line" data-testid="status">
        {lines.map((l) => (
          <p key={l}>{l}</p>
        ))}
      </section>
      {starter ? <StartGameButton locale={locale} state={state} {...starter} /> : null}
    </>
  );
}

/**
 * Who may start the game from the status line, and how: the paired room sets it for a screen that
 * has no start button of its own (the blind player's page, the arbiter's), so it stands under
 * "Waiting for the game to start."
 */
export const StartGameContext = createContext<{
  readonly role: Role;
  readonly send: (intent: OutgoingIntent) => void;
} | null>(null);

/**
 * "Start the game" while the game waits, for a role the match lets start it (a player, the arbiter;
 * participants.ts): the same button on every screen that may, gone once the game has started.
 */
export function StartGameButton(props: {
  readonly locale: Locale;
  readonly state: MatchState;
  readonly role: Role;
  readonly send: (intent: OutgoingIntent) => void;
}) {
  const { locale, state, role, send } = props;
  if (state.phase !== 'setup' || !may(state, role, { kind: 'startGame' })) return null;
  return (
    <button type="button" className="primary" onClick={() => send({ kind: 'startGame' })}>
      {tSighted(locale, 'startGame')}
    </button>
  );
}

/** The duties of the blind player's assistant, shown to everyone (BL-29, checklist 35). */
export function DutiesLine(props: { readonly locale: Locale; readonly state: MatchState }) {
  const { locale, state } = props;
  if (!state.participants.blindAssistant) return null;
  const duties = state.setup.assistantDuties.map((d) => tSighted(locale, `duty_${d}` as SightedKey));
  return (
    <p data-testid="duties">
      {tSighted(locale, 'duties', {
        duties: duties.length ? duties.join(', ') : tSighted(locale, 'noDuties'),
      })}
    </p>
  );
}

/** Which player a colour belongs to, for labels. */
export function seatLabel(locale: Locale, state: MatchState, color: 'w' | 'b'): string {
  return tSighted(locale, `role_${playerOf(state, color)}` as SightedKey);
}
