/**
 * The procedure controls (issue 12), every one an intent logged like a move: for the arbiter,
 * touch-move enforcement without a claim, an illegal move reinstated, annul and replay, colours
 * reversed, late arrival and competition mode; for a player, the touch-move claim, naming the
 * touched man or the capture by two touched men (E72), the late-arrival claim without an arbiter and the blind player's typed score.
 * A control is shown only where the role has the right to it (`authorize`); the outcome is told by
 * the events and refusals the screen already shows.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useButton } from 'react-aria';
import type { Color } from '../../core/index.ts';
import type { Locale } from '../../i18n/index.ts';
import { profileOf } from '../../match/index.ts';
import { may, proceduresFor } from '../../controllers/rights.ts';
import { ANNUL_REASONS, type AnnulReason, type MatchState, type Role } from '../../match/types.ts';
import type { OutgoingIntent } from '../useRoom.ts';
import { tProcedures, type ProceduresKey } from './messages.ts';

type Send = (intent: OutgoingIntent) => void;

interface Props {
  readonly locale: Locale;
  readonly state: MatchState;
  readonly role: Role;
  readonly send: Send;
}

const isSquare = (text: string): boolean => /^[a-h][1-8]$/.test(text.trim().toLowerCase());

/** A react-aria button: pressed by mouse, touch, Enter or Space, its label its name. */
function ActionButton(props: {
  readonly children: ReactNode;
  readonly onPress: () => void;
  readonly type?: 'submit';
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const { buttonProps } = useButton(
    props.type === 'submit' ? { type: 'submit' } : { onPress: props.onPress },
    ref,
  );
  return (
    <button {...buttonProps} ref={ref}>
      {props.children}
    </button>
  );
}

/** A square's text field with its label; marked invalid and described by the error when wrong. */
function SquareInput(props: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly invalid: boolean;
  readonly errorId: string | undefined;
  readonly onChange: (text: string) => void;
}) {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>{' '}
      <input
        id={props.id}
        size={3}
        value={props.value}
        aria-invalid={props.invalid}
        aria-describedby={props.errorId}
        onChange={(e) => props.onChange(e.target.value)}
      />{' '}
    </>
  );
}

/** The alert that a square was not understood. */
function BadSquare(props: { readonly id: string; readonly locale: Locale }) {
  return (
    <p role="alert" id={props.id}>
      {tProcedures(props.locale, 'badSquare')}
    </p>
  );
}

/** A labelled square field; a malformed square is said at once and nothing is sent. */
function SquareForm(props: {
  readonly locale: Locale;
  readonly label: ProceduresKey;
  readonly optional?: boolean;
  readonly extra?: ReactNode;
  readonly onSquare: (square: string | undefined) => void;
}) {
  const t = (k: ProceduresKey) => tProcedures(props.locale, k);
  const id = useId();
  const [text, setText] = useState('');
  const [wrong, setWrong] = useState(false);
  function submit(e: FormEvent) {
    e.preventDefault();
    const square = text.trim().toLowerCase();
    if (square === '' && props.optional) return props.onSquare(undefined);
    if (!isSquare(square)) return setWrong(true);
    setWrong(false);
    props.onSquare(square);
  }
  return (
    <form onSubmit={submit} aria-label={t(props.label)}>
      {props.extra}
      <SquareInput
        id={id}
        label={t('square')}
        value={text}
        invalid={wrong}
        errorId={wrong ? `${id}-error` : undefined}
        onChange={setText}
      />
      <ActionButton type="submit" onPress={() => undefined}>
        {t(props.label)}
      </ActionButton>
      {wrong ? <BadSquare id={`${id}-error`} locale={props.locale} /> : null}
    </form>
  );
}

/**
 * E72 Art 20 1(d)2: "the capture that must be made by two touched men" — the accused's man on one
 * square takes the accuser's man on the other. Both squares are checked before anything is sent.
 */
function CaptureForm(props: {
  readonly locale: Locale;
  readonly onCapture: (from: string, target: string) => void;
}) {
  const t = (k: ProceduresKey) => tProcedures(props.locale, k);
  const id = useId();
  const [from, setFrom] = useState('');
  const [target, setTarget] = useState('');
  const [wrong, setWrong] = useState(false);
  function submit(e: FormEvent) {
    e.preventDefault();
    const squares = [from, target].map((s) => s.trim().toLowerCase());
    if (!squares.every(isSquare)) return setWrong(true);
    setWrong(false);
    props.onCapture(squares[0]!, squares[1]!);
  }
  const described = wrong ? `${id}-error` : undefined;
  return (
    <form onSubmit={submit} aria-label={t('nameCapture')}>
      <SquareInput
        id={`${id}-from`}
        label={t('captureFrom')}
        value={from}
        invalid={wrong && !isSquare(from.trim().toLowerCase())}
        errorId={described}
        onChange={setFrom}
      />
      <SquareInput
        id={`${id}-target`}
        label={t('captureTarget')}
        value={target}
        invalid={wrong && !isSquare(target.trim().toLowerCase())}
        errorId={described}
        onChange={setTarget}
      />
      <ActionButton type="submit" onPress={() => undefined}>
        {t('nameCapture')}
      </ActionButton>
      {wrong ? <BadSquare id={`${id}-error`} locale={props.locale} /> : null}
    </form>
  );
}

function SideSelect(props: {
  readonly locale: Locale;
  readonly value: Color;
  readonly onChange: (c: Color) => void;
}) {
  const t = (k: ProceduresKey) => tProcedures(props.locale, k);
  return (
    <label>
      {t('side')}{' '}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value as Color)}>
        <option value="w">{t('white')}</option>
        <option value="b">{t('black')}</option>
      </select>{' '}
    </label>
  );
}

/** The arbiter's procedures, each shown while he has the right to it. */
export function ArbiterProcedures(props: Props) {
  const { locale, state, role, send } = props;
  const t = (k: ProceduresKey, p?: Record<string, string | number>) => tProcedures(locale, k, p);
  const [touchColor, setTouchColor] = useState<Color>('b');
  const [ply, setPly] = useState<number | null>(null);
  const [reason, setReason] = useState<AnnulReason>('wrongInitialPosition');
  const [restart, setRestart] = useState(true);
  const [lateColor, setLateColor] = useState<Color>('b');
  const chosenPly = ply !== null && ply <= state.plies.length ? ply : state.plies.length;
  return (
    <section aria-labelledby="procedures-heading" className="actions procedures" data-testid="procedures">
      <h2 id="procedures-heading">{t('procedures')}</h2>
      <label className="choice">
        <input
          type="checkbox"
          checked={state.setup.competition}
          disabled={!may(state, role, { kind: 'setCompetition', on: !state.setup.competition })}
          onChange={(e) => send({ kind: 'setCompetition', on: e.target.checked })}
        />
        {t('competition')}
      </label>
      {may(state, role, { kind: 'enforceTouch', color: 'b', square: 'a1' }) ? (
        <>
          <h3>{t('touchHeading')}</h3>
          <SquareForm
            locale={locale}
            label="enforceTouch"
            extra={<SideSelect locale={locale} value={touchColor} onChange={setTouchColor} />}
            onSquare={(square) =>
              square && send({ kind: 'enforceTouch', color: touchColor, square: square as 'a1' })
            }
          />
        </>
      ) : null}
      {may(state, role, { kind: 'reinstatePosition', ply: 1 }) || state.plies.length === 0 ? (
        <>
          <h3>{t('illegalHeading')}</h3>
          {state.plies.length === 0 ? (
            <p>{t('noMoves')}</p>
          ) : (
            <form
              aria-label={t('reinstate')}
              onSubmit={(e) => {
                e.preventDefault();
                send({ kind: 'reinstatePosition', ply: chosenPly });
              }}
            >
              <label>
                {t('illegalPly')}{' '}
                <select value={chosenPly} onChange={(e) => setPly(Number(e.target.value))}>
                  {state.plies.map((p) => (
                    <option key={p.ply} value={p.ply}>
                      {`${Math.ceil(p.ply / 2)}${p.color === 'w' ? '.' : '…'} ${p.san}`}
                    </option>
                  ))}
                </select>
              </label>{' '}
              <ActionButton type="submit" onPress={() => undefined}>
                {t('reinstate')}
              </ActionButton>
            </form>
          )}
        </>
      ) : null}
      {may(state, role, { kind: 'annulGame', reason }) ? (
        <>
          <h3>{t('annulHeading')}</h3>
          <label>
            {t('annulReason')}{' '}
            <select value={reason} onChange={(e) => setReason(e.target.value as AnnulReason)}>
              {ANNUL_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`reason_${r}`)}
                </option>
              ))}
            </select>
          </label>{' '}
          <ActionButton onPress={() => send({ kind: 'annulGame', reason })}>{t('annul')}</ActionButton>
        </>
      ) : null}
      {may(state, role, { kind: 'judgeColoursReversed', restart }) ? (
        <>
          <h3>{t('coloursHeading')}</h3>
          <label className="choice">
            <input type="checkbox" checked={restart} onChange={(e) => setRestart(e.target.checked)} />
            {t('coloursRestart')}
          </label>{' '}
          <ActionButton onPress={() => send({ kind: 'judgeColoursReversed', restart })}>
            {t('coloursJudge')}
          </ActionButton>
        </>
      ) : null}
      {may(state, role, { kind: 'forfeitLateArrival', color: lateColor }) ? (
        <>
          <h3>{t('lateHeading')}</h3>
          <p>{t('lateDefault', { minutes: Math.round(state.setup.lateArrivalMs / 60_000) })}</p>
          <SideSelect locale={locale} value={lateColor} onChange={setLateColor} />
          <ActionButton onPress={() => send({ kind: 'forfeitLateArrival', color: lateColor })}>
            {t('forfeitLate')}
          </ActionButton>
        </>
      ) : null}
    </section>
  );
}

/** A player's procedures: the touch-move claim, naming the touched man, the late-arrival claim, his typed score. */
export function PlayerProcedures(props: Props & { readonly color: Color }) {
  const { locale, state, role, send, color } = props;
  const t = (k: ProceduresKey, p?: Record<string, string | number>) => tProcedures(locale, k, p);
  const scoreId = useId();
  const [score, setScore] = useState(state.scores.blind.join(' '));
  const naming = state.touchNaming?.namer === color;
  // E72 Art 20 1(d): the accuser may leave the man unnamed and name it when asked.
  const unnamed = profileOf(state).touchOrderUnknown === 'opponentSpecifies';
  const opponent: Color = color === 'w' ? 'b' : 'w';
  const canWriteScore = role === 'blind' && state.setup.blindScore === 'typed';
  const canClaimTouch = state.phase === 'playing' && may(state, role, { kind: 'claimTouch', square: 'a1' });
  const canClaimLate =
    state.phase === 'playing' && may(state, role, { kind: 'forfeitLateArrival', color: opponent });
  // No heading over an empty section (before the start, after the end).
  if (!naming && !canClaimTouch && !canClaimLate && !canWriteScore) return null;
  return (
    <section aria-labelledby={`${role}-procedures-heading`} className="actions procedures">
      <h2 id={`${role}-procedures-heading`}>{t('procedures')}</h2>
      {naming ? (
        <>
          <p role="status">{t('nameTouchedAsk')}</p>
          <SquareForm
            locale={locale}
            label="nameTouched"
            onSquare={(square) => square && send({ kind: 'nameTouchedPiece', square: square as 'a1' })}
          />
          {proceduresFor(state, role).includes('nameTouchedCapture') ? (
            <CaptureForm
              locale={locale}
              onCapture={(from, target) =>
                send({ kind: 'nameTouchedPiece', square: target as 'a1', capturingFrom: from as 'a1' })
              }
            />
          ) : null}
        </>
      ) : canClaimTouch ? (
        <>
          <h3>{t('claimTouchHeading')}</h3>
          <SquareForm
            locale={locale}
            label="claimTouch"
            optional={unnamed}
            extra={unnamed ? <p>{t('claimTouchUnnamed')}</p> : null}
            onSquare={(square) =>
              send(square ? { kind: 'claimTouch', square: square as 'a1' } : { kind: 'claimTouch' })
            }
          />
        </>
      ) : null}
      {canClaimLate ? (
        <ActionButton onPress={() => send({ kind: 'forfeitLateArrival', color: opponent })}>
          {t('claimLate')}
        </ActionButton>
      ) : null}
      {canWriteScore ? (
        <form
          aria-label={t('scoreHeading')}
          onSubmit={(e) => {
            e.preventDefault();
            send({ kind: 'writeScore', text: score });
          }}
        >
          <label htmlFor={scoreId}>{t('scoreText')}</label>
          <textarea id={scoreId} rows={3} value={score} onChange={(e) => setScore(e.target.value)} />
          <ActionButton type="submit" onPress={() => undefined}>
            {t('writeScore')}
          </ActionButton>
        </form>
      ) : null}
    </section>
  );
}
