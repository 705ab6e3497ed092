// Test helpers for the blind player's screen in jsdom: a Speaker that records what it is asked to
// say, the real live-region Announcer and output router, and the screen rendered on a match session.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Utterance } from '../../src/speech/announce.ts';
import { createOutputRouter, type OutputRouter } from '../../src/speech/speaker/outputRouter.ts';
import { createLiveRegionAnnouncer, type LiveRegionAnnouncer } from '../../src/speech/speaker/liveRegion.ts';
import type { Speaker } from '../../src/ports/speaker.ts';
import type { Settings } from '../../src/controllers/settings.ts';
import { BlindScreen } from '../../src/screens/blind/BlindScreen.tsx';
import { quietSpeaker } from '../speech/fakes/quietSpeaker.ts';
import type { MatchSession } from '../../src/session/local.ts';

/** A fake Speaker (platform port) that records every utterance, plus the real announcer and router. */
export interface ScreenOutputs {
  readonly said: Utterance[];
  readonly speaker: Speaker;
  readonly announcer: LiveRegionAnnouncer;
  readonly router: OutputRouter;
}

/** The outputs of a screen: recording speaker, live regions, and the router in the given mode. */
export function screenOutputs(selfVoicing: boolean): ScreenOutputs {
  const said: Utterance[] = [];
  const speaker: Speaker = { ...quietSpeaker(), speak: (u) => void said.push(u) };
  const announcer = createLiveRegionAnnouncer();
  const router = createOutputRouter({
    speaker,
    announcer,
    mode: selfVoicing ? 'selfVoicing' : 'screenReader',
  });
  return { said, speaker, announcer, router };
}

/**
 * Renders the blind player's screen on `session` with fresh outputs (self-voicing as the settings
 * say) and returns them with a user-event driver.
 */
export function renderBlindScreen(
  session: MatchSession,
  settings: Settings,
  clock: { readonly now: () => number },
): ScreenOutputs & { readonly user: ReturnType<typeof userEvent.setup> } {
  const outputs = screenOutputs(settings.selfVoicing);
  render(
    <BlindScreen
      session={session}
      settings={settings}
      output={outputs.router}
      onSettingChange={() => undefined}
      now={clock.now}
    />,
  );
  return { ...outputs, user: userEvent.setup() };
}
