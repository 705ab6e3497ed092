// The key map as the blind player meets it across the app (issue 28): no chord bound twice, none
// taken from the practice game's own keys or from Tab and Escape; the keys for the pieces, whose
// move, draws, claims and resignation each have a typed and a spoken command in English and German
// that do the same; the help lists them in their own group; a map saved before these keys existed
// keeps the player's own choice.
import { describe, expect, test } from 'vitest';
import { START_FEN } from '../../src/core/index.ts';
import {
  ACTION_IDS,
  COMMAND_OF_ACTION,
  CONFIRMED_ACTIONS,
  DEFAULT_KEYMAP,
  RESERVED_CHORDS,
  findConflicts,
  helpEntries,
  normaliseChord,
  parseKeymap,
  rebind,
  type ActionId,
} from '../../src/input/keymap.ts';
import { describeAction, describeGroup } from '../../src/input/actionWords.ts';
import { parseCommandLine } from '../../src/input/commandLine.ts';
import { commandSpec } from '../../src/speech/commands.ts';
import { interpretUtterance } from '../../src/speech/interpret.ts';
import { translator } from '../../src/speech/blindMessages.ts';
import { createPracticeModel } from '../../src/controllers/practice.ts';
import { DEFAULT_SETTINGS } from '../../src/controllers/settings.ts';
import { DEFAULT_PRACTICE, startPracticeSession } from '../../src/practice/session.ts';
import { manualClock } from '../../src/ports/clock.ts';

/** The actions issue 28 asked one key each for. */
const NEW_KEYS = [
  'listPieces',
  'whoseMove',
  'offerDraw',
  'acceptDraw',
  'declineDraw',
  'claimRepetition',
  'claimFiftyMoves',
  'claimTime',
  'resign',
] as const satisfies readonly ActionId[];

/** A chord as the keyboard event it stands for ("Shift+d" → key "d" with Shift). */
function strokeOf(chord: string) {
  const parts = chord.split('+');
  const key = parts.pop() ?? '';
  return {
    key: key === 'Space' ? ' ' : key,
    shiftKey: parts.includes('Shift'),
    altKey: parts.includes('Alt'),
    ctrlKey: parts.includes('Ctrl'),
    metaKey: parts.includes('Meta'),
  };
}

describe('no key bound twice', () => {
  const bound = ACTION_IDS.flatMap((id) => DEFAULT_KEYMAP[id]);

  test('every default chord is bound to one action only', () => {
    expect(findConflicts(DEFAULT_KEYMAP)).toEqual([]);
    expect(new Set(bound).size).toBe(bound.length);
  });

  test('each new action has its own key', () => {
    for (const id of NEW_KEYS) expect(DEFAULT_KEYMAP[id].length, id).toBeGreaterThan(0);
  });

  test('no default chord is Tab, Escape or a practice key, and none can be bound to one', () => {
    expect(bound.filter((c) => c in RESERVED_CHORDS)).toEqual([]);
    for (const chord of ['u', 'Shift+H', 'Escape', 'Tab']) {
      const r = rebind(DEFAULT_KEYMAP, 'resign', [chord]);
      expect(r.ok ? 'bound' : r.error.code, chord).toBe('reserved');
    }
  });

  test('rebinding a new key onto a chord in use is refused, onto a free one allowed', () => {
    const taken = rebind(DEFAULT_KEYMAP, 'acceptDraw', ['a']);
    expect(taken.ok ? 'bound' : taken.error.code).toBe('conflict');
    const free = rebind(DEFAULT_KEYMAP, 'acceptDraw', ['F7']);
    expect(free.ok && free.value.acceptDraw).toEqual(['F7']);
  });

  test("the practice game's keys are its own: no default chord reaches them, and they are the reserved ones", () => {
    const session = startPracticeSession(DEFAULT_SETTINGS, DEFAULT_PRACTICE, manualClock(0));
    const said: string[] = [];
    const practice = createPracticeModel(
      session,
      {
        output: { deliver: (u) => void said.push(...u.map((x) => x.text)) },
        loadEngine: () => new Promise(() => undefined),
        seatComputer: () => () => undefined,
        words: (key) => key,
      },
      { level: 1, locale: 'en', vocabulary: 'ibca1985' },
    );
    const caught = bound.filter((chord) => practice.keyDown(strokeOf(chord)));
    expect(caught).toEqual([]);
    for (const chord of ['Shift+h', 'u']) {
      expect(chord in RESERVED_CHORDS, chord).toBe(true);
      expect(practice.keyDown(strokeOf(chord)), chord).toBe(true);
    }
  });
});

describe('every new key has a typed and a spoken command, in English and German', () => {
  test.each(NEW_KEYS)('%s', (id) => {
    const command = COMMAND_OF_ACTION[id];
    expect(command, id).toBeDefined();
    if (!command) return;
    const spec = commandSpec(command);
    expect(spec.typed.length).toBeGreaterThan(0);
    expect(spec.en.length).toBeGreaterThan(0);
    expect(spec.de.length).toBeGreaterThan(0);
    // Each form, typed or said, means the command itself (the forms without slots).
    for (const typed of spec.typed.filter((t) => !t.includes('{'))) {
      const line = parseCommandLine(START_FEN, typed);
      expect(line.ok && line.value.kind === 'command' ? line.value.command : line, typed).toBe(command);
    }
    for (const locale of ['en', 'de'] as const)
      for (const said of spec[locale].filter((t) => !t.includes('{')).slice(0, 2)) {
        const heard = interpretUtterance(START_FEN, said, { locale });
        expect(heard.kind === 'command' ? heard.command : heard.kind, `${locale}: ${said}`).toBe(command);
      }
  });

  test('the keys that a slip would cost the game with ask first, as their typed and spoken commands do', () => {
    for (const id of CONFIRMED_ACTIONS) {
      const command = COMMAND_OF_ACTION[id];
      expect(command && commandSpec(command).confirm, id).toBe(true);
    }
    expect(CONFIRMED_ACTIONS).not.toContain('declineDraw');
  });
});

describe('the help', () => {
  test('lists the draws, claims and resignation under their own heading, in both languages', () => {
    const decide = helpEntries(DEFAULT_KEYMAP).filter((e) => e.group === 'decide');
    expect(decide.map((e) => [e.action, e.chords])).toEqual([
      ['offerDraw', ['d']],
      ['acceptDraw', ['Shift+d']],
      ['declineDraw', ['Shift+x']],
      ['claimRepetition', ['Shift+c']],
      ['claimFiftyMoves', ['Shift+f']],
      ['claimTime', ['f']],
      ['resign', ['Shift+g']],
    ]);
    const words = { piece: (p: string) => p, file: (f: string) => f };
    expect(describeGroup(translator('en'), 'decide')).toBe('Draws, claims and resignation');
    expect(describeGroup(translator('de'), 'decide')).toBe('Remis, Reklamationen und Aufgabe');
    expect(describeAction(translator('en'), 'resign', words)).toBe('Resign (asks first)');
    expect(describeAction(translator('de'), 'acceptDraw', words)).toBe(
      'Das Remisangebot des Gegners annehmen (mit Rückfrage)',
    );
    expect(describeAction(translator('en'), 'listPieces', words)).toBe(
      "All the pieces on your board, White's then Black's",
    );
  });
});

describe('a key map saved before these keys', () => {
  test("keeps the player's own key on a chord a new action has by default", () => {
    const r = parseKeymap({ jAdoube: ['d'] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.jAdoube).toEqual(['d']);
    expect(r.value.offerDraw).toEqual([]);
    expect(findConflicts(r.value)).toEqual([]);
  });

  test('but a saved override on a chord of an older action is still refused', () => {
    const r = parseKeymap({ jAdoube: ['k'] });
    expect(r.ok ? 'ok' : r.error.code).toBe('conflict');
    expect(normaliseChord('shift+G')).toBe('Shift+g');
  });
});
