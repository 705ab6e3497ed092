/**
 * The arbiter's screen (GR-95, §2.17): the difference between the boards with the proposed rule 7
 * or rule 8 correction to confirm (BL-26, BL-27), the claim to decide, the clocks (stop, restart,
 * set the used time — the E88/E93 floors of five minutes to the control and one minute per move
 * are warned about, 003/001 Art 12.4/12.6), penalties (E93 Art 16.5), the local adaptation of the
 * supplement (S85, BL-03), the procedures of issue 12 (touch-move enforcement, an illegal move
 * reinstated, annul and replay, colours reversed, late arrival, competition mode) and the evidence
 * log (BL-28). The arbiter has no channel to a player
 * (GR-97): nothing here sends text to anyone. A render of the arbiter's screen model
 * (controllers/arbiterModel.ts).
 */
import { AdjournmentPanel } from '../adjourn/AdjournmentPanel.tsx';
import { ArbiterProcedures } from '../procedures/ProcedureControls.tsx';
import type { Locale } from '../../i18n/index.ts';
import type { Clock } from '../../ports/clock.ts';
import { colorOf } from '../../match/setup.ts';
import type { RoomHandle } from '../useRoom.ts';
import type { DescribeOptions } from '../../speech/describe.ts';
import { RefusalAlert, RoomHeader, StatusLine, TwinBoards, useNow } from '../sighted/PairedParts.tsx';
import { tSighted } from '../sighted/messages.ts';
import {
  DisplaySettingsPanel,
  type DisplayChange,
  type DisplaySettings,
} from '../sighted/DisplaySettingsPanel.tsx';
import { tArbiter } from './messages.ts';
import { useArbiterScreen } from './useArbiterScreen.ts';
import { ClaimSection, DifferenceSection, EvidenceSection, OverridesSection } from './ArbiterParts.tsx';
import { ClocksSection, PenaltiesSection } from './ArbiterClocks.tsx';

export function ArbiterScreen(props: {
  readonly locale: Locale;
  readonly room: RoomHandle;
  /** The Clock port the room reads (the clocks shown count down from it). */
  readonly clock: Clock;
  /** The arbiter's vocabulary for the evidence log's squares, pieces and moves. */
  readonly words?: DescribeOptions;
  readonly display?: DisplaySettings;
  readonly onDisplayChange?: DisplayChange;
}) {
  const { locale, room } = props;
  const now = useNow(props.clock);
  const { model, screen } = useArbiterScreen(room.session, {
    locale,
    ...(props.words ? { words: props.words } : {}),
  });
  if (!model || !screen) return <p role="status">{tSighted(locale, 'statusConnecting')}</p>;
  const { state, role, code } = screen.room;
  const parts = { locale, model, screen };

  return (
    <div className="paired arbiter">
      <RoomHeader locale={locale} title={tArbiter(locale, 'title')} code={code} room={room} />
      {props.display && props.onDisplayChange ? (
        <DisplaySettingsPanel
          locale={locale}
          display={props.display}
          onDisplayChange={props.onDisplayChange}
        />
      ) : null}
      <StatusLine locale={locale} state={state} />
      <AdjournmentPanel
        state={state}
        role={role}
        locale={locale}
        dispatch={(intent) => room.session?.dispatch(intent) ?? []}
      />
      <RefusalAlert locale={locale} refusal={room.refusal} />
      <DifferenceSection {...parts} />
      <ClaimSection {...parts} />
      <ArbiterProcedures locale={locale} state={state} role={role} send={room.send} />
      <TwinBoards
        locale={locale}
        state={state}
        orientation={colorOf(state.setup, 'sighted')}
        idPrefix="arbiter-board"
      />
      <ClocksSection {...parts} now={now} />
      <PenaltiesSection {...parts} />
      {screen.mayOverride ? <OverridesSection {...parts} /> : null}
      <EvidenceSection {...parts} />
    </div>
  );
}
