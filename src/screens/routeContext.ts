/**
 * What every route renders with: the player's settings, the speech outputs, the clock, the
 * microphone, the device's store and its offline practice. The app (src/app/App.tsx) makes one and
 * hands it to the route.
 */
import type { SettingKey, Settings } from '../controllers/settings.ts';
import type { Clock } from '../ports/clock.ts';
import type { TalkControls } from '../ports/listener.ts';
import type { KeyValueStore } from '../ports/storage.ts';
import type { PracticeOffline } from '../ports/offline.ts';
import type { Translate } from '../speech/blindMessages.ts';
import type { AppOutputs } from '../speech/speaker/outputs.ts';

export interface RouteContext {
  readonly settings: Settings;
  readonly onSettingChange: <K extends SettingKey>(key: K, value: Settings[K]) => void;
  readonly outputs: AppOutputs;
  readonly clock: Clock;
  readonly tr: Translate;
  /** Opens or closes the microphone (the Talk button; the talk key in toggle mode). */
  readonly pushToTalk: () => void;
  /** The microphone by the held talk key or by toggle (the `talkMode` setting chooses). */
  readonly talk: TalkControls;
  /** The device's key–value store (settings, local games, the archive). */
  readonly store: KeyValueStore;
  /** Keeps the practice engine on the device for offline use ("Keep practice available offline"). */
  readonly practiceOffline: PracticeOffline;
  /** The route's parameter (#/local/new → `new`), if any. */
  readonly param?: string;
}
