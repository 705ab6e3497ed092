/**
 * The assistant's two lists: what his duties ask of him now (with the blind player's move in
 * progress, the claim on time and the touch report), and the blind player's requests as answered
 * in the log. Words from the assistant's catalogue; moves from speech/describe.ts.
 */
import { useState, type FormEvent } from 'react';
import { formatClock } from '../../core/index.ts';
import type { Locale } from '../../i18n/index.ts';
import { describeMove } from '../../speech/describe.ts';
import type { Answer } from '../../match/events.ts';
import type { AssistantModel, AssistantScreenView } from '../../controllers/assistantModel.ts';
import type { AssistantTask } from '../../controllers/assistant.ts';
import { plyWords } from '../../controllers/sighted/screenView.ts';
import { tAssistant, type AssistantKey } from './messages.ts';

type Words = (k: AssistantKey, p?: Record<string, string | number>) => string;

function taskLabel(screen: AssistantScreenView, task: AssistantTask, t: Words): string {
  const { state } = screen.room;
  if (task.kind === 'announce') return t('announce', { move: plyWords(state, task.uci, task.ply) });
  if (task.kind === 'execute')
    return t('execute', { move: plyWords(state, task.uci, task.ply), board: t(`board_${task.board}`) });
  return t('pressClock');
}

/** What his duties ask now, and what he may claim or report. */
export function TodoSection(props: {
  readonly locale: Locale;
  readonly model: AssistantModel;
  readonly screen: AssistantScreenView;
}) {
  const { model, screen } = props;
  const t: Words = (k, p) => tAssistant(props.locale, k, p);
  const [touchSquare, setTouchSquare] = useState('');
  const inProgress = screen.progress;
  const progress: string[] = [];
  if (inProgress?.holding) progress.push(t('holding', { square: inProgress.holding }));
  if (inProgress?.placed)
    progress.push(t('placed', { move: `${inProgress.placed.from}–${inProgress.placed.to}` }));
  if (inProgress?.announced)
    progress.push(t('announced', { move: describeMove(inProgress.announced.fen, inProgress.announced.uci) }));
  function onReport(e: FormEvent) {
    e.preventDefault();
    model.input({ kind: 'reportTouch', text: touchSquare });
    setTouchSquare('');
  }
  return (
    <section aria-labelledby="todo-heading" className="actions" data-testid="todo">
      <h2 id="todo-heading">{t('toDo')}</h2>
      {progress.length > 0 ? <p>{t('inProgress', { detail: progress.join(', ') })}</p> : null}
      {screen.tasks.length === 0 ? <p>{t('nothingToDo')}</p> : null}
      {screen.tasks.map((task) => (
        <button
          type="button"
          key={task.key}
          className="primary"
          onClick={() => model.input({ kind: 'task', key: task.key })}
        >
          {taskLabel(screen, task, t)}
        </button>
      ))}
      {screen.mayClaimTime ? (
        <button type="button" onClick={() => model.input({ kind: 'claimTime' })}>
          {t('claimTime')}
        </button>
      ) : null}
      {screen.mayReportTouch ? (
        <form onSubmit={onReport} aria-label={t('reportTouch')}>
          <label>
            {t('touchSquare')}{' '}
            <input value={touchSquare} size={3} onChange={(e) => setTouchSquare(e.target.value)} />
          </label>
          <button type="submit">{t('report')}</button>
        </form>
      ) : null}
    </section>
  );
}

function requestText(a: Answer, t: Words): string {
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
}

/** The blind player's requests, as they arrive (nothing is volunteered, r.9(d)). */
export function RequestsSection(props: { readonly locale: Locale; readonly screen: AssistantScreenView }) {
  const t: Words = (k, p) => tAssistant(props.locale, k, p);
  const { requests } = props.screen;
  return (
    <section aria-labelledby="requests-heading" data-testid="requests">
      <h2 id="requests-heading">{t('requests')}</h2>
      {requests.length === 0 ? <p>{t('noRequests')}</p> : null}
      <ul aria-live="polite">
        {requests.map((r) => (
          <li key={r.seq}>{requestText(r.answer, t)}</li>
        ))}
      </ul>
    </section>
  );
}
