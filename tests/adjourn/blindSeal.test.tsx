// @vitest-environment jsdom
// The blind player's screen seals a move from the typed command line ("seal <move>", spec §2.13,
// GR-70): the sealed move is kept by the match, and the only thing said — through the speaker and
// the live regions — is "Sealed move recorded"; the move itself is never spoken or announced.
import { afterEach, expect, test } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Utterance } from '../../src/speech/announce.ts';
import { createOutputRouter } from '../../src/speech/speaker/outputRouter.ts';
import { createLiveRegionAnnouncer } from '../../src/speech/speaker/liveRegion.ts';
import type { Speaker } from '../../src/app/ports/speaker.ts';
import { DEFAULT_SETTINGS } from '../../src/app/settings.ts';
import { manualClock } from '../../src/app/ports/clock.ts';
import { BlindScreen } from '../../src/screens/blind/BlindScreen.tsx';
import { startLocalSession } from '../../src/screens/local/LocalGame.tsx';

afterEach(cleanup);

test('“seal Nf3” on the command line records the sealed move and says only that it was recorded', async () => {
  const said: Utterance[] = [];
  const speaker: Speaker = {
    speak: (u) => void said.push(u),
    cancel: () => undefined,
    configure: () => undefined,
    voices: () => [],
    status: () => 'speaking',
    isSpeaking: () => false,
    onSpeakingChange: () => () => undefined,
  };
  const settings = { ...DEFAULT_SETTINGS, selfVoicing: true };
  const announcer = createLiveRegionAnnouncer();
  const router = createOutputRouter({ speaker, announcer, mode: 'selfVoicing' });
  const clock = manualClock(1_000_000);
  const session = startLocalSession(settings, clock, 'w');
  render(
    <BlindScreen
      session={session}
      settings={settings}
      output={router}
      onSettingChange={() => undefined}
      now={clock.now}
    />,
  );
  const user = userEvent.setup();
  const before = said.length;
  await user.type(screen.getByRole('textbox', { name: 'Move or command' }), 'seal Nf3{Enter}');
  expect(session.getState().adjournment?.sealed).toEqual({ kind: 'move', uci: 'g1f3' });
  // Nothing was played on the board.
  expect(session.getState().boards.blind.game.moves).toEqual([]);
  const spoken = said.slice(before).map((u) => u.text);
  expect(spoken).toEqual(['Sealed move recorded.']);
  const live = `${announcer.regions.polite.textContent ?? ''} ${announcer.regions.assertive.textContent ?? ''}`;
  expect(live).not.toMatch(/f ?3|knight/i);
  // An illegal entry is refused without repeating it.
  await user.type(screen.getByRole('textbox', { name: 'Move or command' }), 'seal Nf6{Enter}');
  expect(session.getState().adjournment?.sealed).toEqual({ kind: 'move', uci: 'g1f3' });
  for (const u of said.slice(before)) expect(u.text).not.toMatch(/f ?6|f ?3/i);
});
