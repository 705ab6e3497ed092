/**
 * The browser's speech outputs, wired once for the app: the live-region Announcer, the Web Speech
 * Speaker (which falls back to the live region when the platform has no voices) and the earcons,
 * whose howler code and sound files load on demand (dynamic import) so they cost nothing at start.
 */
import type { Earcons, EarconId } from '../../ports/earcons.ts';
import type { Locale } from '../../i18n/index.ts';
import { createLiveRegionAnnouncer } from './liveRegion.ts';
import { createBrowserSpeaker } from './webSpeech.ts';
import { createOutputRouter, type OutputRouter } from './outputRouter.ts';
import type { Speaker } from '../../ports/speaker.ts';

/** Earcons that load howler the first time a sound is wanted; sounds asked for meanwhile are dropped. */
export function lazyEarcons(): Earcons {
  let loaded: Earcons | undefined;
  let loading = false;
  let volume = 0.8;
  let enabled = true;
  const load = () => {
    if (loading) return;
    loading = true;
    import('../../sound/earcons.ts')
      .then((m) => {
        loaded = m.createHowlerEarcons({ volume, enabled });
      })
      .catch(() => {
        // No sound files or no audio: the words still say everything the earcons would.
        loading = false;
      });
  };
  return {
    play(id: EarconId) {
      if (loaded) loaded.play(id);
      else if (enabled) load();
    },
    setVolume(v) {
      volume = v;
      loaded?.setVolume(v);
    },
    setEnabled(on) {
      enabled = on;
      loaded?.setEnabled(on);
    },
  };
}

export interface AppOutputs {
  readonly router: OutputRouter;
  readonly speaker: Speaker;
}

/** The app's outputs in this document. */
export function createAppOutputs(locale: () => Locale, selfVoicing: boolean): AppOutputs {
  const announcer = createLiveRegionAnnouncer();
  const speaker = createBrowserSpeaker(announcer, locale);
  const router = createOutputRouter({
    speaker,
    announcer,
    earcons: lazyEarcons(),
    mode: selfVoicing ? 'selfVoicing' : 'screenReader',
  });
  return { router, speaker };
}
