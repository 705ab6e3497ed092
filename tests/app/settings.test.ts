// Settings: defaults, validation with error codes, saving through the Storage port and reading back.
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_SETTINGS,
  SETTINGS_KEY,
  loadSettings,
  parseSettings,
  saveSettings,
  updateSetting,
} from '../../src/controllers/settings.ts';
import { memoryStore } from '../../src/ports/storage.ts';
import { rebind } from '../../src/input/keymap.ts';

describe('settings', () => {
  test('saved settings come back the same, including a rebound key', () => {
    const store = memoryStore();
    const km = rebind(DEFAULT_SETTINGS.keymap, 'announce', ['F2']);
    if (!km.ok) throw new Error('setup');
    const changed = {
      ...DEFAULT_SETTINGS,
      vocabulary: 'nato',
      locale: 'de',
      keymap: km.value,
      largeBoard: true,
    } as const;
    saveSettings(store, changed);
    expect(loadSettings(store).settings).toEqual(changed);
  });

  test('nothing saved gives the defaults', () => {
    expect(loadSettings(memoryStore())).toEqual({ settings: DEFAULT_SETTINGS });
  });

  test('unreadable or invalid saved settings give the defaults and an error code', () => {
    const cases: [string, string][] = [
      ['{nope', 'notJson'],
      ['[1,2]', 'notAnObject'],
      ['{"vocabulary":"klingon"}', 'badValue'],
      ['{"speechRate":9}', 'badValue'],
      ['{"keymap":{"announce":["k"]}}', 'badKeymap'],
    ];
    for (const [text, code] of cases) {
      const r = loadSettings(memoryStore({ [SETTINGS_KEY]: text }));
      expect(r.settings).toEqual(DEFAULT_SETTINGS);
      expect(r.error?.code).toBe(code);
    }
  });

  test('missing fields take their defaults', () => {
    const r = parseSettings('{"highContrast":true}');
    expect(r.ok && r.value).toEqual({ ...DEFAULT_SETTINGS, highContrast: true });
  });

  test('an update is checked', () => {
    expect(updateSetting(DEFAULT_SETTINGS, 'layout', 'table').ok).toBe(true);
    const bad = updateSetting(DEFAULT_SETTINGS, 'layout', 'circle');
    expect(bad.ok ? '' : bad.error).toEqual({ code: 'badValue', field: 'layout' });
  });

  test('the talk key is held by default; toggle is the other choice, anything else is refused', () => {
    expect(DEFAULT_SETTINGS.talkMode).toBe('hold');
    const toggle = updateSetting(DEFAULT_SETTINGS, 'talkMode', 'toggle');
    expect(toggle.ok && toggle.value.talkMode).toBe('toggle');
    expect(parseSettings('{"talkMode":"whisper"}')).toEqual({
      ok: false,
      error: { code: 'badValue', field: 'talkMode' },
    });
  });

  test('the pieces are classic by default; bold is the other choice, anything else is refused', () => {
    expect(DEFAULT_SETTINGS.pieceSet).toBe('classic');
    const bold = parseSettings('{"pieceSet":"bold","boardColors":"blue"}');
    expect(bold.ok && [bold.value.pieceSet, bold.value.boardColors]).toEqual(['bold', 'blue']);
    expect(parseSettings('{"pieceSet":"huge"}')).toEqual({
      ok: false,
      error: { code: 'badValue', field: 'pieceSet' },
    });
  });
});
