/**
 * `#/local/opponent`: the sighted opponent's board of a local game in a second window (a second
 * monitor facing him), the same SightedPlayer screen on a mirror of the game's one session.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Settings } from '../../controllers/settings.ts';
import type { Clock } from '../../ports/clock.ts';
import { LOCAL_CHANNEL, mirrorSession, type MirrorSession } from '../../session/mirror.ts';
import { SightedPlayer } from '../sighted/SightedPlayer.tsx';
import type { DisplayChange } from '../sighted/DisplaySettingsPanel.tsx';
import { tSighted } from '../sighted/messages.ts';

export function OpponentWindow(props: {
  readonly settings: Settings;
  readonly onDisplayChange: DisplayChange;
  readonly clock: Clock;
}) {
  const { settings, clock } = props;
  const [mirror, setMirror] = useState<MirrorSession | null>(null);
  useEffect(() => {
    const channel = new BroadcastChannel(LOCAL_CHANNEL);
    const m = mirrorSession(channel, clock);
    setMirror(m);
    return () => {
      m.close();
      channel.close();
    };
  }, [clock]);
  const ready = useSyncExternalStore(
    mirror?.subscribe ?? (() => () => undefined),
    () => mirror?.ready() ?? false,
  );
  const t = (k: 'secondWindowTitle' | 'mirrorWaiting') => tSighted(settings.locale, k);
  return (
    <div className="opponent-window">
      <h2>{t('secondWindowTitle')}</h2>
      {mirror && ready ? (
        <SightedPlayer
          session={mirror}
          locale={settings.locale}
          place="window"
          display={settings}
          onDisplayChange={props.onDisplayChange}
        />
      ) : (
        // Plain text: on the blind player's device the live regions are his (issue 28).
        <p>{t('mirrorWaiting')}</p>
      )}
    </div>
  );
}
