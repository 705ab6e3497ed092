// @vitest-environment jsdom
// useSpeech: events → announce() → the channel the player chose (speaker or live region), never both.
import { act, renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { START_FEN } from '../../src/core/index.ts';
import { useSpeech, type UseSpeechOptions } from '../../src/speech/speaker/useSpeech.ts';
import { lifted } from '../helpers/matchEvents.ts';
import { RecordingEarcons, StrictAnnouncer, StrictSpeaker } from './fakes/strictFakes.ts';

test('say() speaks through the speaker when self-voicing, and through the live region after the switch', () => {
  const speaker = new StrictSpeaker(['Evan one, dark square, white king']);
  const announcer = new StrictAnnouncer([['Lifted knight Gustav one', 'polite', 'en']]);
  const earcons = new RecordingEarcons();
  const initialProps: UseSpeechOptions = {
    role: 'blind',
    prefs: { player: 'w' },
    selfVoicing: true,
    speaker,
    announcer,
    earcons,
  };
  const { result, rerender } = renderHook((props: UseSpeechOptions) => useSpeech(props), { initialProps });
  act(() => {
    result.current.say([{ type: 'navigated', fen: START_FEN, square: 'e1' }]);
  });
  expect(speaker.done()).toBe(true);
  speaker.cancelsAllowed = 1;
  rerender({ ...initialProps, selfVoicing: false });
  expect(speaker.cancelsAllowed).toBe(0);
  act(() => {
    result.current.say([lifted('w', 'g1', 'n')]);
  });
  expect(announcer.done()).toBe(true);
  expect(earcons.played).toEqual(['lift']);
});

test('new preferences apply to the next say() without rebuilding the output', () => {
  const speaker = new StrictSpeaker([
    'Evan one, dark square, white king',
    'Eva eins, dunkles Feld, weißer Koenig',
  ]);
  const announcer = new StrictAnnouncer();
  const initialProps: UseSpeechOptions = {
    role: 'blind',
    prefs: { player: 'w' },
    selfVoicing: true,
    speaker,
    announcer,
  };
  const { result, rerender } = renderHook((props: UseSpeechOptions) => useSpeech(props), { initialProps });
  const first = result.current;
  act(() => void first.say([{ type: 'navigated', fen: START_FEN, square: 'e1' }]));
  rerender({ ...initialProps, prefs: { player: 'w', vocabulary: 'fide2018-de', locale: 'de' } });
  expect(result.current.router).toBe(first.router);
  const said = result.current.say([{ type: 'navigated', fen: START_FEN, square: 'e1' }]);
  expect(said[0]?.lang).toBe('de');
  expect(speaker.done()).toBe(true);
});
