// Which licences may ship with Twinboard (AGPL-3.0-or-later): the allow-list read through SPDX
// expressions, as the build's notices check them (scripts/licences.ts).
import { describe, expect, test } from 'vitest';
import { checkLicence, declaredLicence, parseSpdx } from '../../scripts/licences.ts';

describe('checkLicence', () => {
  test.each([
    ['MIT', true],
    ['ISC', true],
    ['BSD-2-Clause', true],
    ['BSD-3-Clause', true],
    ['Apache-2.0', true],
    ['0BSD', true],
    ['Unlicense', true],
    ['CC0-1.0', true],
    ['BlueOak-1.0.0', true],
    ['GPL-3.0', true],
    ['GPL-3.0-or-later', true],
    ['AGPL-3.0-only', true],
    ['LGPL-2.1-or-later', true],
    ['LGPL-3.0', true],
    ['MPL-2.0', true],
    ['Python-2.0', true],
    // One allowed side of an OR is enough; an AND needs both.
    ['(MIT OR WTFPL)', true],
    ['(BSD-2-Clause OR MIT OR Apache-2.0)', true],
    ['SSPL-1.0 OR MIT', true],
    ['MIT AND CC-BY-3.0', false],
    ['(MIT AND Apache-2.0) OR SSPL-1.0', true],
    ['GPL-3.0-or-later WITH GCC-exception-3.1', true],
    ['mit', true],
    // Not compatible with the AGPL: GPL-2.0 only, non-free or non-commercial licences.
    ['GPL-2.0-only', false],
    ['GPL-2.0', false],
    ['SSPL-1.0', false],
    ['CC-BY-NC-4.0', false],
    ['BUSL-1.1', false],
  ])('%s → %s', (expression, ok) => {
    expect(checkLicence(expression).ok).toBe(ok);
  });

  test('no licence, UNLICENSED and sentences are refused with their reason', () => {
    expect(checkLicence(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(checkLicence('')).toEqual({ ok: false, reason: 'missing' });
    expect(checkLicence('UNLICENSED')).toEqual({ ok: false, reason: 'missing' });
    expect(checkLicence('SEE LICENSE IN LICENSE.txt')).toEqual({ ok: false, reason: 'unreadable' });
    expect(checkLicence('MIT OR')).toEqual({ ok: false, reason: 'unreadable' });
    expect(checkLicence('(MIT')).toEqual({ ok: false, reason: 'unreadable' });
    expect(checkLicence('MIT, see file')).toEqual({ ok: false, reason: 'unreadable' });
  });
});

test('parseSpdx binds AND tighter than OR', () => {
  expect(parseSpdx('A OR B AND C')).toEqual({
    kind: 'or',
    left: { kind: 'id', id: 'A' },
    right: { kind: 'and', left: { kind: 'id', id: 'B' }, right: { kind: 'id', id: 'C' } },
  });
});

test('declaredLicence reads license, the old { type } object and the old licenses array', () => {
  expect(declaredLicence({ license: 'MIT' })).toBe('MIT');
  expect(declaredLicence({ license: { type: 'ISC' } })).toBe('ISC');
  expect(declaredLicence({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })).toBe(
    '(MIT) OR (Apache-2.0)',
  );
  expect(declaredLicence({})).toBeUndefined();
});
