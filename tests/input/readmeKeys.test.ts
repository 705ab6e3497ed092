// The README's key list is the app's: every chord it names is bound, and every bound chord is named.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { ACTION_IDS, DEFAULT_KEYMAP, normaliseChord } from '../../src/input/keymap.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('<!-- keys -->'), readme.indexOf('<!-- /keys -->'));

/** The chords a row names: `x`, ranges like `1`–`8` and `Shift+1`–`Shift+8`, and `Shift+`/`Alt+` prefixes. */
function named(): Set<string> {
  const chords = new Set<string>();
  for (const row of section
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('| `'))) {
    const keys = row.split('|')[1] ?? '';
    for (const m of keys.matchAll(/`([^`]+)`–`([^`]+)`/g)) {
      const [from, to] = [m[1] ?? '', m[2] ?? ''];
      const prefix = from.slice(0, -1);
      for (let i = Number(from.slice(-1)); i <= Number(to.slice(-1)); i++) chords.add(`${prefix}${i}`);
    }
    for (const m of keys.replace(/`[^`]+`–`[^`]+`/g, '').matchAll(/`([^`]+)`/g)) chords.add(m[1] ?? '');
    // "`Shift+` the opponent's, `Alt+` backwards" in the piece row.
    const text = row.split('|')[2] ?? '';
    const pieces = [...keys.matchAll(/`([a-z])`/g)].map((m) => m[1] ?? '');
    for (const mod of text.matchAll(/`(Shift|Alt)\+`/g)) for (const p of pieces) chords.add(`${mod[1]}+${p}`);
  }
  return new Set([...chords].map((c) => normaliseChord(c) ?? c));
}

test('every key in the README is bound in the default key map, and every bound key is in the README', () => {
  const bound = new Set(ACTION_IDS.flatMap((id) => DEFAULT_KEYMAP[id]).map((c) => normaliseChord(c) ?? c));
  const inReadme = named();
  // Alt+Shift+piece (the opponent's, backwards) follows from the two prefixes together.
  const missing = [...bound].filter((c) => !inReadme.has(c) && !/^Alt\+Shift\+[kqrbnp]$/.test(c));
  const unbound = [...inReadme].filter((c) => !bound.has(c) && c !== 'Escape');
  expect(missing).toEqual([]);
  expect(unbound).toEqual([]);
});
