/**
 * The assistant's screen (S85 r.9 / r.10, BL-29…BL-35): both boards, the moves waiting to be
 * announced or relayed onto the other board, the clock press for the blind player only after his
 * announcement (r.9(c) "keeping rule 3.c in mind"), the blind player's requests for moves made and
 * time used as they arrive (nothing is volunteered, r.9(d)), a claim on time and the report of the
 * sighted player's touched piece to the arbiter (r.9(e)). Every button is offered only when the
 * match's `authorize` grants the duty; a spectator sees the same screen with no actions.
 */
import { AdjournmentPanel } from '../adjourn/AdjournmentPanel.tsx';
import { useState, type FormEvent } from 'react';
import { positions } from '../../core/index.ts';
import type { Locale } from '../../i18n/index.ts';
import type { Clock } from '../../ports/clock.ts';
import { describeMove } from '../../speech/describe.ts';
import { dutiesOf, colorOf } from '../../match/setup.ts';
import { seatOfPly } from '../../match/progress.ts';
import type { MatchState } from '../../match/types.ts';
import type { OutgoingIntent, RoomHandle } from '../useRoom.ts';
import {
  assistantStep,
  assistantTasks,
  blindMoveInProgress,
  type AssistantInput,
} from '../../controllers/assistant.ts';
import {
  ClockPanel,
  RefusalAlert,
  RoomHeader,
  ScoreSheet,
  StatusLine,
  TwinBoards,
  useNow,
} from '../sighted/PairedParts.tsx';
import { formatClock } from '../../core/index.ts';
import { may } from '../../controllers/rights.ts';
import { tSighted, type SightedKey } from '../sighted/messages.ts';
import {
  DisplaySettingsPanel,
  type DisplayChange,
  type DisplaySettings,
} from '../sighted/DisplaySettingsPanel.tsx';
import { tAssistant, type AssistantKey } from './messages.ts';

/** The words for the move of ply `ply` in the position before it on the mover's board. */
function plyWords(state: MatchState, ply: number, uci: string): string {
  const record = state.plies[ply - 1];
  if (!record) return uci;
  const fen = positions(state.boards[seatOfPly(state, record)].game)[ply - 1];
  return fen ? describeMove(fen, uci) : uci;
}

export function AssistantScreen(props: {
  readonly locale: Locale;
  readonly room: RoomHandle;
  /** The Clock port the room reads (the clocks shown count down from it). */
  readonly clock: Clock;
  readonly display?: DisplaySettings;
  readonly onDisplayChange?: DisplayChange;
}) {
  const { locale, room } = props;
  const t = (k: AssistantKey, p?: Record<string, string | number>) => tAssistant(locale, k, p);
  const ts = (k: SightedKey, p?: Record<string, string | number>) => tSighted(locale, k, p);
  const now = useNow(props.clock);
  const [touchSquare, setTouchSquare] = useState('');
  const view = room.view;
  if (!view) return <p role="status">{ts('statusConnecting')}</p>;
  const { state, role } = view;
  const title =
    role === 'blindAssistant' || role === 'sightedAssistant' || role === 'spectator'
      ? t(`title_${role}`)
      : ts(`role_${role}` as SightedKey);
  const duties = dutiesOf(state.setup, role).map((d) => ts(`duty_${d}` as SightedKey));

  /** The assistant's controller (controllers/assistant.ts) says what his duties ask and sends it. */
  const run = (input: AssistantInput) => {
    for (const { by: _by, ...intent } of assistantStep(input, state, role).intents)
      room.send(intent as OutgoingIntent);
  };
  const todo = assistantTasks(state, role).map((task) => ({
    key: task.key,
    label:
      task.kind === 'announce'
        ? t('announce', { move: plyWords(state, task.ply, task.uci) })
        : task.kind === 'execute'
          ? t('execute', { move: plyWords(state, task.ply, task.uci), board: t(`board_${task.board}`) })
          : t('pressClock'),
    run: () => run({ kind: 'task', key: task.key }),
  }));
  const inProgress = blindMoveInProgress(state);
  const progress: string[] = [];
  if (inProgress?.holding) progress.push(t('holding', { square: inProgress.holding }));
  if (inProgress?.placed)
    progress.push(t('placed', { move: `${inProgress.placed.from}–${inProgress.placed.to}` }));
  if (inProgress?.announced)
    progress.push(t('announced', { move: describeMove(inProgress.announced.fen, inProgress.announced.uci) }));

  const requests = view.recent.flatMap((f) =>
    f.entry.intent.kind === 'query' && f.entry.role === 'blind'
      ? f.events.flatMap((e) => (e.type === 'answered' ? [{ seq: f.entry.seq, answer: e.answer }] : []))
      : [],
  );
  const requestText = (a: (typeof requests)[number]['answer']): string => {
    switch (a.topic) {
      case 'movesMade':
        return t('request_movesMade', { w: a.moves.w, b: a.moves.b });
      case 'timeUsed':
        return t('request_timeUsed', {
          w: formatClock(a.usedMs.w, 'display'),
          b: formatClock(a.usedMs.b, 'display'),
        });
      case 'lastMove':
        return t('request_lastMove', {
          move: a.move ? describeMove(a.move.fenBefore, a.move.uci) : t('noLastMove'),
        });
      case 'moveInProgress':
        return t('request_moveInProgress');
      case 'duties':
        return t('request_duties');
    }
  };

  function onReport(e: FormEvent) {
    e.preventDefault();
    run({ kind: 'reportTouch', text: touchSquare });
    setTouchSquare('');
  }

  return (
    <div className="paired assistant">
      <RoomHeader locale={locale} title={title} code={view.code} room={room} />
      {props.display && props.onDisplayChange ? (
        <DisplaySettingsPanel
          locale={locale}
          display={props.display}
          onDisplayChange={props.onDisplayChange}
        />
      ) : null}
      {duties.length > 0 ? <p data-testid="duties">{t('myDuties', { duties: duties.join(', ') })}</p> : null}
      <StatusLine locale={locale} state={state} />
      <AdjournmentPanel
        state={state}
        role={role}
        locale={locale}
        dispatch={(intent) => room.session?.dispatch(intent) ?? []}
      />
      <RefusalAlert locale={locale} refusal={room.refusal} />
      <div className="paired-layout officials">
        <section aria-labelledby="todo-heading" className="actions" data-testid="todo">
          <h2 id="todo-heading">{t('toDo')}</h2>
          {progress.length > 0 ? <p>{t('inProgress', { detail: progress.join(', ') })}</p> : null}
          {todo.length === 0 ? <p>{t('nothingToDo')}</p> : null}
          {todo.map((item) => (
            <button type="button" key={item.key} className="primary" onClick={item.run}>
              {item.label}
            </button>
          ))}
          {state.phase === 'playing' && may(state, role, { kind: 'claim', claim: 'time' }) ? (
            <button type="button" onClick={() => room.send({ kind: 'claim', claim: 'time' })}>
              {t('claimTime')}
            </button>
          ) : null}
          {state.phase === 'playing' && may(state, role, { kind: 'reportTouch', square: 'a1' }) ? (
            <form onSubmit={onReport} aria-label={t('reportTouch')}>
              <label>
                {t('touchSquare')}{' '}
                <input value={touchSquare} size={3} onChange={(e) => setTouchSquare(e.target.value)} />
              </label>
              <button type="submit">{t('report')}</button>
            </form>
          ) : null}
        </section>
        {role === 'blindAssistant' ? (
          <section aria-labelledby="requests-heading" data-testid="requests">
            <h2 id="requests-heading">{t('requests')}</h2>
            {requests.length === 0 ? <p>{t('noRequests')}</p> : null}
            <ul aria-live="polite">
              {requests.map((r) => (
                <li key={r.seq}>{requestText(r.answer)}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <TwinBoards
          locale={locale}
          state={state}
          orientation={colorOf(state.setup, 'blind')}
          idPrefix="board"
        />
        <ClockPanel locale={locale} state={state} now={now} />
        <div className="scoresheets">
          <ScoreSheet
            locale={locale}
            title={ts('blindScore')}
            startFen={state.setup.startFen}
            moves={state.scores.blind}
            testId="score-blind"
          />
          <ScoreSheet
            locale={locale}
            title={ts('sightedScore')}
            startFen={state.setup.startFen}
            moves={state.scores.sighted}
            testId="score-sighted"
          />
        </div>
      </div>
    </div>
  );
}
