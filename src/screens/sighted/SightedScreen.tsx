/**
 * The sighted player's paired screen (issue 6, issue 13): the room's header and the server's
 * refusals above the one sighted player's screen (SightedPlayer), played through the room's
 * remote session.
 */
import type { Locale } from '../../i18n/index.ts';
import { DEFAULT_SETTINGS } from '../../controllers/settings.ts';
import type { RoomHandle } from '../useRoom.ts';
import { DutiesLine, RoomHeader, StatusLine } from './PairedParts.tsx';
import { SightedPlayer, browserSpeak, type Speak } from './SightedPlayer.tsx';
import type { DisplayChange, DisplaySettings } from './DisplaySettingsPanel.tsx';
import { tSighted } from './messages.ts';
import { describeRefusal } from '../../speech/refusals.ts';
import './paired.css';

export { browserSpeak, type Speak };

export function SightedScreen(props: {
  readonly locale: Locale;
  readonly room: RoomHandle;
  readonly speak?: Speak;
  readonly display?: DisplaySettings;
  readonly onDisplayChange?: DisplayChange;
}) {
  const { locale, room, speak = browserSpeak } = props;
  const view = room.view;
  if (!view || !room.session) return <p role="status">{tSighted(locale, 'statusConnecting')}</p>;
  const display = props.display ?? DEFAULT_SETTINGS;
  return (
    <div className="paired sighted">
      <SightedPlayer
        session={room.session}
        locale={locale}
        place="paired"
        display={display}
        {...(props.onDisplayChange ? { onDisplayChange: props.onDisplayChange } : {})}
        speak={speak}
        refusal={
          room.refusal && { message: describeRefusal(locale, room.refusal), serial: room.refusal.serial }
        }
        header={
          <div className="sp-header">
            <RoomHeader locale={locale} title={tSighted(locale, 'title')} code={view.code} room={room} />
            <StatusLine locale={locale} state={view.state} />
            <DutiesLine locale={locale} state={view.state} />
          </div>
        }
      />
    </div>
  );
}
