/**
 * The adjournment panel (spec §2.13, GR-70–GR-72, BL-34) shared by the blind player's, the
 * assistant's, the sighted player's and the arbiter's screens: the private sealed-move entry for
 * whoever may write it, the clock stop, the adjourned status and the resumption. The sealed move
 * is shown only on its writer's own screen, outside every live region, and never spoken: the only
 * confirmations said aloud are "Sealed move recorded" and that the envelope was opened or the
 * reply sealed (GR-70: never through shared speakers). With the sealer absent at a resumption the
 * player who must reply opens the envelope alone and may seal his reply (000 Art 16.2, 16.4).
 */
import { useState } from 'react';
import type { Locale } from '../../i18n/index.ts';
import { adjournmentFor, may } from '../../controllers/rights.ts';
import { type Intent, type MatchEvent, type MatchState, type Role } from '../../match/index.ts';
import { formatClock } from '../../core/index.ts';
import { translateAdjourn } from './messages.ts';

export interface AdjournmentPanelProps {
  readonly state: MatchState;
  readonly role: Role;
  readonly locale: Locale;
  /** Sends an intent; may return the events it produced (a refusal is then not confirmed). */
  readonly dispatch: (intent: Intent) => readonly MatchEvent[] | void;
  /** Says a short confirmation on this screen's own output (never the move itself). */
  readonly confirm?: (text: string) => void;
  /** The heading level that fits the screen's outline (default 2). */
  readonly headingLevel?: 2 | 3;
  /**
   * Its status shown as plain text, not a live region: the sighted opponent's panel on the blind
   * player's device, whose screen reader hears the blind player's own panel (issue 28).
   */
  readonly quiet?: boolean;
}

const clockText = (ms: number): string => formatClock(Math.floor(ms / 1000) * 1000);

/** The adjournment controls for one role; renders nothing when there is nothing to do or show. */
export function AdjournmentPanel({
  state,
  role,
  locale,
  dispatch,
  confirm,
  headingLevel = 2,
  quiet = false,
}: AdjournmentPanelProps) {
  const tr = (key: Parameters<typeof translateAdjourn>[1], params?: Parameters<typeof translateAdjourn>[2]) =>
    translateAdjourn(locale, key, params);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const a = adjournmentFor(state, role);
  const mayBegin =
    state.phase === 'playing' && a === null && may(state, role, { kind: 'sealMove', move: 'x' });
  if (state.phase !== 'playing' || (a === null && !mayBegin)) return null;

  const send = (intent: Intent): boolean => {
    const events = dispatch(intent) ?? [];
    return !events.some((e) => e.type === 'refused');
  };
  const seal = () => {
    if (text.trim() === '') return;
    if (send({ kind: 'sealMove', move: text.trim(), by: role })) {
      setText('');
      confirm?.(tr('recorded'));
    }
  };
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const status = quiet ? undefined : 'status';
  const writing = (a === null && open) || (a !== null && a.maySeal);

  return (
    <section className="adjournment" aria-labelledby={`adjourn-heading-${role}`}>
      <Heading id={`adjourn-heading-${role}`}>{tr('heading')}</Heading>
      {a === null && !open ? (
        <button type="button" onClick={() => setOpen(true)}>
          {tr('sealMove')}
        </button>
      ) : null}
      {writing ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            seal();
          }}
        >
          <label htmlFor={`sealed-move-${role}`}>{tr('sealLabel')}</label>
          <input
            id={`sealed-move-${role}`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit">{tr('record')}</button>
          {a?.sealedMove ? (
            <p>
              {tr('yourMove', { move: a.sealedMove.san ?? a.sealedMove.move })} {tr('changeHint')}
            </p>
          ) : null}
          {a?.hasSealedMove ? (
            <button type="button" onClick={() => send({ kind: 'adjourn', by: role })}>
              {tr('adjourn')}
            </button>
          ) : null}
          {a?.maySealForAbsentOpponent ? (
            <button
              type="button"
              onClick={() => {
                if (send({ kind: 'adjourn', opponentAbsent: true, by: role }))
                  confirm?.(tr('sealedForAbsentOpponent'));
              }}
            >
              {tr('sealForAbsentOpponent')}
            </button>
          ) : null}
        </form>
      ) : null}
      {a && a.phase === 'sealing' && !a.maySeal ? <p role={status}>{tr('sealing')}</p> : null}
      {a && a.phase !== 'sealing' ? (
        <>
          <p role={status}>{tr(a.phase === 'adjourned' ? 'adjourned' : 'awaitingReplier')}</p>
          {a.envelope ? (
            <p>
              {tr('envelope', {
                number: a.moveNumber,
                sealer: tr(a.sealer === 'w' ? 'white' : 'black'),
                white: clockText(a.envelope.timeUsed.w),
                black: clockText(a.envelope.timeUsed.b),
              })}
            </p>
          ) : null}
          {a.resumeAskedBy.length > 0 && !a.mayResume ? <p>{tr('resumeAsked')}</p> : null}
          {a.mayResume ? (
            <button type="button" onClick={() => send({ kind: 'resume', by: role })}>
              {tr(
                a.phase === 'awaitingReplier'
                  ? 'replierArrived'
                  : role === 'arbiter'
                    ? 'resume'
                    : 'askResume',
              )}
            </button>
          ) : null}
          {a.mayOpenForAbsentSealer ? (
            <button
              type="button"
              onClick={() => {
                if (send({ kind: 'resume', sealerAbsent: true, by: role }))
                  confirm?.(tr('openedForAbsentSealer'));
              }}
            >
              {tr('openForAbsentSealer')}
            </button>
          ) : null}
          {a.mayResume && role === 'arbiter' && a.phase === 'adjourned' ? (
            <button type="button" onClick={() => send({ kind: 'resume', replierAbsent: true, by: role })}>
              {tr('replierAbsent')}
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
