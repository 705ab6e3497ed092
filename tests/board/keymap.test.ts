// The key map as data: lichess keys by default, chords from real key events, rebinding with
// conflict checks, stored overrides parsed with error codes, and the help generated from the map.
import { describe, expect, test } from 'vitest';
import {
  ACTION_IDS,
  DEFAULT_KEYMAP,
  actionFor,
  chordOf,
  decodeAction,
  findConflicts,
  helpEntries,
  keymapOverrides,
  parseKeymap,
  rebind,
  releasesAction,
} from '../../src/input/keymap.ts';

describe('key strokes to actions with the default map', () => {
  test.each([
    [{ key: 'ArrowUp', code: 'ArrowUp' }, 'cursorUp'],
    [{ key: '3', code: 'Digit3' }, 'rank.3'],
    [{ key: '#', code: 'Digit3', shiftKey: true }, 'file.c'],
    [{ key: 'k', code: 'KeyK' }, 'next.own.k'],
    [{ key: 'K', code: 'KeyK', shiftKey: true }, 'next.opponent.k'],
    [{ key: '˚', code: 'KeyK', altKey: true }, 'previous.own.k'],
    [{ key: 'o', code: 'KeyO' }, 'readSquare'],
    [{ key: 'M', code: 'KeyM', shiftKey: true }, 'legalCaptures'],
    [{ key: 'Enter', code: 'Enter' }, 'liftOrPlace'],
    [{ key: ' ', code: 'Space' }, 'liftOrPlace'],
    [{ key: 'Enter', code: 'Enter', shiftKey: true }, 'pressClock'],
    [{ key: 'Delete', code: 'Delete' }, 'removeCaptured'],
    [{ key: '?', code: 'Slash', shiftKey: true }, 'help'],
    [{ key: 'j', code: 'KeyJ' }, 'jAdoube'],
    [{ key: 'a', code: 'KeyA' }, 'announce'],
  ])('%o → %s', (stroke, action) => {
    expect(actionFor(DEFAULT_KEYMAP, stroke)).toBe(action);
  });

  test('an unbound key does nothing, and Ctrl combinations are left to the browser', () => {
    expect(actionFor(DEFAULT_KEYMAP, { key: 'z', code: 'KeyZ' })).toBeUndefined();
    expect(actionFor(DEFAULT_KEYMAP, { key: 'r', code: 'KeyR', ctrlKey: true })).toBeUndefined();
  });

  test('the default map has no chord bound twice', () => {
    expect(findConflicts(DEFAULT_KEYMAP)).toEqual([]);
  });

  test('actions decode to what the screen does', () => {
    expect(decodeAction('previous.opponent.n')).toEqual({
      kind: 'pieceJump',
      order: 'previous',
      side: 'opponent',
      piece: 'n',
    });
    expect(decodeAction('file.h')).toEqual({ kind: 'file', file: 'h' });
    expect(decodeAction('pressClock')).toEqual({ kind: 'pressClock' });
  });

  test('chords name Space and ignore the case of letters', () => {
    expect(chordOf({ key: ' ', code: 'Space' })).toBe('Space');
    expect(chordOf({ key: 'Q', code: 'KeyQ', shiftKey: true })).toBe('Shift+q');
  });
});

describe('a configurable map', () => {
  test('rebinding moves an action to a new chord', () => {
    const r = rebind(DEFAULT_KEYMAP, 'pressClock', ['shift+space']);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(actionFor(r.value, { key: ' ', code: 'Space', shiftKey: true })).toBe('pressClock');
    expect(actionFor(r.value, { key: 'Enter', shiftKey: true })).toBeUndefined();
    expect(keymapOverrides(r.value)).toEqual({ pressClock: ['Shift+Space'] });
  });

  test('a chord already in use or malformed is refused with a code', () => {
    const conflict = rebind(DEFAULT_KEYMAP, 'pressClock', ['a']);
    expect(conflict.ok ? '' : conflict.error.code).toBe('conflict');
    const bad = rebind(DEFAULT_KEYMAP, 'pressClock', ['Hyper+Enter']);
    expect(bad.ok ? '' : bad.error.code).toBe('badChord');
  });

  test('stored overrides are parsed; bad data returns a code, nothing throws', () => {
    const good = parseKeymap({ announce: ['F2'] });
    expect(good.ok && good.value.announce).toEqual(['F2']);
    const cases: [unknown, string][] = [
      [null, 'notAnObject'],
      [[1], 'notAnObject'],
      [{ fly: ['q'] }, 'unknownAction'],
      [{ announce: 'F2' }, 'badChord'],
      [{ announce: ['k'] }, 'conflict'],
    ];
    for (const [input, code] of cases) {
      const r = parseKeymap(input);
      expect(r.ok ? 'ok' : r.error.code).toBe(code);
    }
  });
});

describe('the help is generated from the map', () => {
  test('every action is listed once, grouped, with its current chords', () => {
    const entries = helpEntries(DEFAULT_KEYMAP);
    expect(entries.map((e) => e.action).sort()).toEqual([...ACTION_IDS].sort());
    const groups = entries.map((e) => e.group);
    expect(groups.indexOf('read')).toBeGreaterThan(groups.lastIndexOf('navigate'));
    const rebound = rebind(DEFAULT_KEYMAP, 'announce', ['F2']);
    if (!rebound.ok) throw new Error('setup');
    expect(helpEntries(rebound.value).find((e) => e.action === 'announce')?.chords).toEqual(['F2']);
  });
});

describe('a held key is released by its base key, whatever modifiers went up first', () => {
  test('the default talk key v', () => {
    expect(releasesAction(DEFAULT_KEYMAP, 'pushToTalk', { key: 'v', code: 'KeyV' })).toBe(true);
    expect(releasesAction(DEFAULT_KEYMAP, 'pushToTalk', { key: 'x', code: 'KeyX' })).toBe(false);
  });

  test('a talk key rebound to Shift+F2 ends when F2 comes up after Shift', () => {
    const rebound = rebind(DEFAULT_KEYMAP, 'pushToTalk', ['Shift+F2']);
    if (!rebound.ok) throw new Error('setup');
    expect(releasesAction(rebound.value, 'pushToTalk', { key: 'F2' })).toBe(true);
    expect(releasesAction(rebound.value, 'pushToTalk', { key: 'v', code: 'KeyV' })).toBe(false);
  });
});
