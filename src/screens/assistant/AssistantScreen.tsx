/**
 * The assistant's screen (S85 r.9 / r.10, BL-29…BL-35): both boards, the moves waiting to be
 * announced or relayed onto the other board, the clock press for the blind player only after his
 * announcement (r.9(c) "keeping rule 3.c in mind"), the blind player's requests for moves made and
 * time used as they arrive (nothing is volunteered, r.9(d)), a claim on time and the report of the
 * sighted player's touched piece to the arbiter (r.9(e)). Every button is offered only when the
 * match's `authorize` grants the duty; a spectator sees the same screen with no actions. A render
 * of the assistant's screen model (controllers/assistantModel.ts).
 */
import { AdjournmentPanel } from '../adjourn/AdjournmentPanel.tsx';
import type { Locale } from '../../i18n/index.ts';
import type { Clock } from '../../ports/clock.ts';
import { colorOf } from '../../match/setup.ts';
import type { RoomHandle } from '../useRoom.ts';
import {
  ClockPanel,
  RefusalAlert,
  RoomHeader,
  ScoreSheet,
  StatusLine,
  TwinBoards,
  useNow,
} from '../sighted/PairedParts.tsx';
import { tSighted, type SightedKey } from '../sighted/messages.ts';
import {
  DisplaySettingsPanel,
  type DisplayChange,
  type DisplaySettings,
} from '../sighted/DisplaySettingsPanel.tsx';
import { tAssistant } from './messages.ts';
import { useAssistantScreen } from './useAssistantScreen.ts';
import { RequestsSection, TodoSection } from './AssistantParts.tsx';

export function AssistantScreen(props: {
  readonly locale: Locale;
  readonly room: RoomHandle;
  /** The Clock port the room reads (the clocks shown count down from it). */
  readonly clock: Clock;
  readonly display?: DisplaySettings;
  readonly onDisplayChange?: DisplayChange;
}) {
  const { locale, room } = props;
  const ts = (k: SightedKey, p?: Record<string, string | number>) => tSighted(locale, k, p);
  const now = useNow(props.clock);
  const { model, screen } = useAssistantScreen(room.session);
  if (!model || !screen) return <p role="status">{ts('statusConnecting')}</p>;
  const { state, role, code } = screen.room;
  const title =
    role === 'blindAssistant' || role === 'sightedAssistant' || role === 'spectator'
      ? tAssistant(locale, `title_${role}`)
      : ts(`role_${role}` as SightedKey);
  const duties = screen.duties.map((d) => ts(`duty_${d}` as SightedKey));

  return (
    <div className="paired assistant">
      <RoomHeader locale={locale} title={title} code={code} room={room} />
      {props.display && props.onDisplayChange ? (
        <DisplaySettingsPanel
          locale={locale}
          display={props.display}
          onDisplayChange={props.onDisplayChange}
        />
      ) : null}
      {duties.length > 0 ? (
        <p data-testid="duties">{tAssistant(locale, 'myDuties', { duties: duties.join(', ') })}</p>
      ) : null}
      <StatusLine locale={locale} state={state} />
      <AdjournmentPanel
        state={state}
        role={role}
        locale={locale}
        dispatch={(intent) => room.session?.dispatch(intent) ?? []}
      />
      <RefusalAlert locale={locale} refusal={room.refusal} />
      <div className="paired-layout officials">
        <TodoSection locale={locale} model={model} screen={screen} />
        {role === 'blindAssistant' ? <RequestsSection locale={locale} screen={screen} /> : null}
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
