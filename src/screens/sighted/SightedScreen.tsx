/**
 * The sighted player's paired screen (issue 6): a visual board played by click or drag under the
 * ordinary touch-move rule (BL-11: selecting a piece is a touch, the drop completes the move), the
 * blind player's announcements as large text and optionally spoken, the repetition and — in manual
 * relay — the execution of the announced move on the own board (BL-18, BL-24), the clocks, the own
 * scoresheet, draw offers, claims and resignation. Responsive down to a phone's width.
 */
import { AdjournmentPanel } from '../adjourn/AdjournmentPanel.tsx';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import {
  isSquare,
  pieceAt,
  positions,
  type Color,
  type PromotionPiece,
  type Square,
} from '../../core/index.ts';
import type { Locale } from '../../i18n/index.ts';
import { colorOf } from '../../match/setup.ts';
import type { ClaimKind, MatchState } from '../../match/types.ts';
import type { RoomHandle } from '../../net/useRoom.ts';
import { Board } from '../../board/Board.tsx';
import { describeMove, describeSquare } from '../../speech/describe.ts';
import {
  AnnouncementPanel,
  ClockPanel,
  DutiesLine,
  RefusalAlert,
  RoomHeader,
  ScoreSheet,
  StatusLine,
  announcementWords,
  useNow,
} from './PairedParts.tsx';
import { boardFen, latestAnnouncement, may, sideToMove } from './paired.ts';
import { tSighted, type SightedKey } from './messages.ts';
import './paired.css';
import { awaitingExecution, awaitingRepetition, seatOfPly } from '../../match/progress.ts';
import { eventsForRole } from '../../net/room.ts';

const CLAIMS: readonly Exclude<ClaimKind, 'touchMove'>[] = [
  'repetition',
  'fiftyMoves',
  'time',
  'insufficientMaterial',
];

/** A text-to-speech function (the Speaker port or the browser's speechSynthesis). */
export type Speak = (text: string) => void;

/** The browser's speech synthesis, or nothing where there is none. */
export const browserSpeak: Speak = (text) => {
  if (typeof speechSynthesis === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined') return;
  speechSynthesis.speak(new SpeechSynthesisUtterance(text));
};

/** The words of the announced move of ply `ply` (read in the position before it). */
function sanWords(state: MatchState, uci: string, ply: number): string {
  const fen = positionBefore(state, ply);
  return fen ? describeMove(fen, uci) : uci;
}

/** The agreed position before ply `ply`, from the mover's own board. */
function positionBefore(state: MatchState, ply: number): string | null {
  const record = state.plies[ply - 1];
  if (!record) return null;
  const seat = seatOfPly(state, record);
  return positions(state.boards[seat].game)[ply - 1] ?? null;
}

type Selection = { readonly from: Square; readonly purpose: 'move' | 'execute' } | null;

/** Whether moving from `from` to `to` on `fen` is a pawn reaching the last rank. */
function isPromotion(fen: string, from: Square, to: Square): boolean {
  const piece = pieceAt(fen, from);
  return piece?.type === 'p' && (to[1] === '8' || to[1] === '1');
}

export function SightedScreen(props: {
  readonly locale: Locale;
  readonly room: RoomHandle;
  readonly speak?: Speak;
}) {
  const { locale, room, speak = browserSpeak } = props;
  const view = room.view;
  const t = (k: SightedKey, p?: Record<string, string | number>) => tSighted(locale, k, p);
  const now = useNow();
  const [picked, setPicked] = useState<Selection>(null);
  // The latest pick, for pointer events that arrive before React has re-rendered.
  const pickedRef = useRef<Selection>(null);
  const setSelection = (s: Selection) => {
    pickedRef.current = s;
    setPicked(s);
  };
  const [promotion, setPromotion] = useState<{
    from: Square;
    to: Square;
    purpose: 'move' | 'execute';
  } | null>(null);
  const [cursor, setCursor] = useState<Square | undefined>(undefined);
  const [speaking, setSpeaking] = useState(false);
  const [confirmResign, setConfirmResign] = useState(false);
  const [heard, setHeard] = useState('');
  const [claimKind, setClaimKind] = useState<Exclude<ClaimKind, 'touchMove'>>('repetition');
  const dragFrom = useRef<Square | null>(null);

  const state: MatchState | null = view?.state ?? null;
  const me: Color | null = state ? colorOf(state.setup, 'sighted') : null;
  const events = view ? eventsForRole(view, 'sighted') : [];
  const announcement = me ? latestAnnouncement(events, me === 'w' ? 'b' : 'w') : null;
  const words = announcement ? announcementWords(announcement) : null;
  const spokenKey = announcement ? `${announcement.ply}:${announcement.uci}:${view?.lastSeq}` : '';
  const lastSpoken = useRef('');
  useEffect(() => {
    if (!speaking || !words || lastSpoken.current === spokenKey) return;
    lastSpoken.current = spokenKey;
    speak(words);
  }, [speaking, words, spokenKey, speak]);

  if (!view || !state || !me) return <p role="status">{t('statusConnecting')}</p>;
  const fen = boardFen(state, 'sighted', true);
  // A piece already touched (also after a reload) stays selected: touch-move binds it (BL-11).
  const hand = state.boards.sighted.aperture.hand;
  const selection: Selection = picked ?? (hand ? { from: hand.from, purpose: 'move' } : null);
  const colorName = (c: Color) => t(c === 'w' ? 'white' : 'black');
  const toRepeat = awaitingRepetition(state);
  const canRepeat =
    toRepeat !== null && seatOfPly(state, toRepeat) === 'blind' && may(state, 'sighted', { kind: 'repeat' });
  const toExecute = awaitingExecution(state, 'sighted');
  const canExecute =
    toExecute !== null &&
    toExecute.announced !== null &&
    toExecute.repeated !== null &&
    may(state, 'sighted', { kind: 'execute', board: 'sighted' });
  const myTurn = state.phase === 'playing' && sideToMove(state) === me;
  const placed = myTurn && state.boards.sighted.aperture.placements.length > 0;
  const repeatWords = toRepeat?.announced ? sanWords(state, toRepeat.announced, toRepeat.ply) : null;
  const executeWords = toExecute?.announced ? sanWords(state, toExecute.announced, toExecute.ply) : null;

  function finish(from: Square, to: Square, purpose: 'move' | 'execute', piece?: PromotionPiece) {
    const uci = `${from}${to}${piece ?? ''}`;
    if (purpose === 'move') room.send({ kind: 'move', uci });
    else room.send({ kind: 'execute', board: 'sighted', uci });
    setSelection(null);
  }

  function choose(square: Square) {
    setCursor(square);
    const selection: Selection = pickedRef.current ?? (hand ? { from: hand.from, purpose: 'move' } : null);
    const piece = pieceAt(fen, square);
    if (
      selection &&
      selection.from !== square &&
      !(piece && piece.color === me && selection.purpose === 'move')
    ) {
      if (isPromotion(fen, selection.from, square))
        setPromotion({ from: selection.from, to: square, purpose: selection.purpose });
      else finish(selection.from, square, selection.purpose);
      return;
    }
    if (!piece) return;
    if (piece.color === me && state && sideToMove(state) === me && state.phase === 'playing') {
      if (selection?.from === square) return;
      // BL-11: a deliberate selection of an own piece is a touch.
      if (hand?.from !== square) room.send({ kind: 'touch', square });
      setSelection({ from: square, purpose: 'move' });
    } else if (piece.color !== me && canExecute) {
      setSelection({ from: square, purpose: 'execute' });
    }
  }

  const squareOf = (e: PointerEvent<HTMLElement>): Square | null => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-square]');
    const s = el?.dataset['square'];
    return s && isSquare(s) ? s : null;
  };

  const marks: Partial<Record<Square, 'hand' | 'last' | 'target'>> = {};
  if (selection) marks[selection.from] = 'hand';

  return (
    <div className="paired sighted">
      <RoomHeader locale={locale} title={t('title')} code={view.code} room={room} />
      <p>{t('youPlay', { color: colorName(me) })}</p>
      <StatusLine locale={locale} state={state} />
      <DutiesLine locale={locale} state={state} />
      <AdjournmentPanel
        state={state}
        role="sighted"
        locale={locale}
        dispatch={(intent) => room.session?.dispatch(intent) ?? []}
      />
      <RefusalAlert locale={locale} refusal={room.refusal} />
      <div className="paired-layout">
        <div
          className="board-area"
          onPointerDown={(e) => {
            const s = squareOf(e);
            dragFrom.current = s;
            if (s) choose(s);
          }}
          onPointerUp={(e) => {
            const s = squareOf(e);
            const from = dragFrom.current;
            dragFrom.current = null;
            if (s && from && s !== from && selection?.from === from) choose(s);
          }}
        >
          <Board
            fen={fen}
            label={t('myBoard')}
            describe={(s) => describeSquare(fen, s)}
            orientation={me}
            cursor={cursor}
            marks={marks}
            large
            followFocus={false}
            onKeyDown={(e) => {
              const s = (e.target as HTMLElement).dataset['square'];
              if ((e.key === 'Enter' || e.key === ' ') && s && isSquare(s)) {
                e.preventDefault();
                choose(s);
              }
            }}
          />
          {selection ? (
            <p role="status">
              {selection.purpose === 'move' ? t('touched', { square: selection.from }) : t('selectTarget')}
            </p>
          ) : null}
          {promotion ? (
            <div role="dialog" aria-modal="false" aria-labelledby="promotion-title" className="promotion">
              <h2 id="promotion-title">{t('promotionTitle')}</h2>
              {(['q', 'r', 'b', 'n'] as const).map((p) => (
                <button
                  type="button"
                  key={p}
                  onClick={() => {
                    finish(promotion.from, promotion.to, promotion.purpose, p);
                    setPromotion(null);
                  }}
                >
                  {t(`piece_${p}`)}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <div className="side">
          <AnnouncementPanel locale={locale} announcement={announcement} />
          <label className="toggle">
            <input type="checkbox" checked={speaking} onChange={(e) => setSpeaking(e.target.checked)} />
            {t('speakAnnouncements')}
          </label>
          <ClockPanel locale={locale} state={state} now={now} />
          <section aria-label={t('actions')} className="actions">
            {state.phase === 'setup' && may(state, 'sighted', { kind: 'startGame' }) ? (
              <button type="button" onClick={() => room.send({ kind: 'startGame' })}>
                {t('startGame')}
              </button>
            ) : null}
            {canRepeat && repeatWords ? (
              <>
                <button type="button" onClick={() => room.send({ kind: 'repeat' })}>
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
                    if (/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(uci)) room.send({ kind: 'repeat', uci });
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
              <button type="button" onClick={() => room.send({ kind: 'execute', board: 'sighted' })}>
                {t('executeOnMine', { move: executeWords })}
              </button>
            ) : null}
            {placed && may(state, 'sighted', { kind: 'pressClock' }) ? (
              <button type="button" className="primary" onClick={() => room.send({ kind: 'pressClock' })}>
                {t('pressClock')}
              </button>
            ) : null}
            {state.phase === 'playing' ? (
              <>
                {state.drawOffer && state.drawOffer.by !== me ? (
                  <>
                    <button type="button" onClick={() => room.send({ kind: 'acceptDraw' })}>
                      {t('acceptDraw')}
                    </button>
                    <button type="button" onClick={() => room.send({ kind: 'declineDraw' })}>
                      {t('declineDraw')}
                    </button>
                  </>
                ) : (
                  <button type="button" onClick={() => room.send({ kind: 'offerDraw' })}>
                    {t('offerDraw')}
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
                  </label>
                  <button type="button" onClick={() => room.send({ kind: 'claim', claim: claimKind })}>
                    {t('claim')}
                  </button>
                </span>
                {may(state, 'sighted', { kind: 'stopClocks' }) ? (
                  state.clock.running ? (
                    <button type="button" onClick={() => room.send({ kind: 'stopClocks' })}>
                      {t('stopClocks')}
                    </button>
                  ) : (
                    <button type="button" onClick={() => room.send({ kind: 'resumeClocks' })}>
                      {t('resumeClocks')}
                    </button>
                  )
                ) : null}
                {confirmResign ? (
                  <span role="group" aria-label={t('confirmResign')}>
                    {t('confirmResign')}{' '}
                    <button
                      type="button"
                      onClick={() => {
                        room.send({ kind: 'resign' });
                        setConfirmResign(false);
                      }}
                    >
                      {t('yes')}
                    </button>
                    <button type="button" onClick={() => setConfirmResign(false)}>
                      {t('no')}
                    </button>
                  </span>
                ) : (
                  <button type="button" onClick={() => setConfirmResign(true)}>
                    {t('resign')}
                  </button>
                )}
              </>
            ) : null}
          </section>
          <ScoreSheet
            locale={locale}
            title={t('scoresheet')}
            startFen={state.setup.startFen}
            moves={state.scores.sighted}
            testId="score-sighted"
          />
        </div>
      </div>
    </div>
  );
}
