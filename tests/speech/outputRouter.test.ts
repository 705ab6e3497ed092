// The output router: self-voicing or screen reader, never both; earcons in either mode.
import { expect, test } from 'vitest';
import { START_FEN } from '../../src/core/index.ts';
import { announce } from '../../src/speech/index.ts';
import { createOutputRouter } from '../../src/speech/speaker/outputRouter.ts';
import { announced } from '../helpers/matchEvents.ts';
import { createWebSpeechSpeaker } from '../../src/speech/speaker/webSpeech.ts';
import {
  FakeSynthesis,
  makeNativeUtterance,
  RecordingEarcons,
  StrictAnnouncer,
  StrictSpeaker,
} from './fakes/strictFakes.ts';

const BLACK_TO_MOVE = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
const utterances = announce(
  [
    { type: 'navigated', fen: START_FEN, square: 'e1' },
    announced('b', BLACK_TO_MOVE, 'g8f6'),
    { type: 'boardEdge' },
  ],
  'blind',
  { player: 'w', verbosity: 'brief' },
);

test('self-voicing: the speaker says everything, the live region nothing', () => {
  const speaker = new StrictSpeaker(['Evan one, white king', 'Knight Gustav eight to Felix six']);
  const announcer = new StrictAnnouncer();
  const earcons = new RecordingEarcons();
  createOutputRouter({ speaker, announcer, earcons, mode: 'selfVoicing' }).deliver(utterances);
  expect(speaker.done()).toBe(true);
  expect(earcons.played).toEqual(['place', 'edge']);
});

test('screen reader: the live region gets everything with its politeness, the speaker nothing', () => {
  const speaker = new StrictSpeaker();
  const announcer = new StrictAnnouncer([
    ['Evan one, white king', 'polite', 'en'],
    ['Knight Gustav eight to Felix six', 'assertive', 'en'],
  ]);
  const earcons = new RecordingEarcons();
  createOutputRouter({ speaker, announcer, earcons, mode: 'screenReader' }).deliver(utterances);
  expect(announcer.done()).toBe(true);
  expect(earcons.played).toEqual(['place', 'edge']);
});

test('switching mode silences the old channel once and routes to the new one only', () => {
  const speaker = new StrictSpeaker(['Evan one, white king']);
  const announcer = new StrictAnnouncer([['Knight Gustav eight to Felix six', 'assertive', 'en']]);
  const router = createOutputRouter({ speaker, announcer, mode: 'selfVoicing' });
  router.deliver(utterances.slice(0, 1));
  speaker.cancelsAllowed = 1;
  router.setMode('screenReader');
  router.setMode('screenReader');
  router.deliver(utterances.slice(1));
  expect(router.mode()).toBe('screenReader');
  expect(speaker.done() && announcer.done()).toBe(true);
  expect(speaker.cancelsAllowed).toBe(0);
  announcer.clearsAllowed = 1;
  router.setMode('selfVoicing');
  expect(announcer.clearsAllowed).toBe(0);
});

test('a new game clears the live regions once, so nothing of the last game lingers', () => {
  const announcer = new StrictAnnouncer([['Knight Gustav eight to Felix six', 'assertive', 'en']]);
  announcer.clearsAllowed = 1;
  const router = createOutputRouter({ speaker: new StrictSpeaker(), announcer, mode: 'screenReader' });
  router.clear();
  expect(announcer.clearsAllowed).toBe(0);
  router.deliver(utterances.filter((u) => u.politeness === 'assertive'));
  expect(announcer.done()).toBe(true);
});

test('the router speaks only in self-voicing with a voice; without one the live region has the words', () => {
  const announcer = new StrictAnnouncer();
  const voiced = createWebSpeechSpeaker({
    synthesis: new FakeSynthesis([{ voiceURI: 'en', name: 'English', lang: 'en-US', default: true }]),
    makeUtterance: makeNativeUtterance,
    fallback: announcer,
  });
  const mute = createWebSpeechSpeaker({
    synthesis: new FakeSynthesis([]),
    makeUtterance: makeNativeUtterance,
    fallback: announcer,
  });
  expect(createOutputRouter({ speaker: voiced, announcer, mode: 'selfVoicing' }).speaks?.()).toBe(true);
  // No voice installed: the words go to the live region, beside what the screen reader reads.
  expect(createOutputRouter({ speaker: mute, announcer, mode: 'selfVoicing' }).speaks?.()).toBe(false);
  expect(createOutputRouter({ speaker: voiced, announcer, mode: 'screenReader' }).speaks?.()).toBe(false);
});
