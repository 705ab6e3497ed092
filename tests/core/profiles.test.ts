// Rule editions as data (spec §3): the six presets, lookups, and the FIDE 1977/78 profile built from
// seed 004 with its gaps named. What each difference DOES is asserted in tests/match/editions.test.ts.
import { describe, expect, test } from 'vitest';
import { DEFAULT_PROFILE_ID, getProfile, isProfileId, PROFILE_IDS, PROFILES } from '../../src/core/index.ts';

describe('rule editions', () => {
  test('the six ids, the default, and lookups', () => {
    expect([...PROFILE_IDS].sort()).toEqual([
      'fide1972',
      'fide1977',
      'fide1980',
      'fide1988-ibca1985',
      'fide1993-ibca1985',
      'fide2018',
    ]);
    expect(Object.keys(PROFILES).sort()).toEqual([...PROFILE_IDS].sort());
    expect(DEFAULT_PROFILE_ID).toBe('fide1993-ibca1985');
    for (const id of PROFILE_IDS) expect(PROFILES[id].id).toBe(id);
    expect(isProfileId('fide1977')).toBe(true);
    expect(isProfileId('fide1978')).toBe(false);
    expect(getProfile('nonsense').id).toBe(DEFAULT_PROFILE_ID);
  });

  test('FIDE 1977/78 names what seed 004 lacks and the edition it falls back to', () => {
    const e77 = PROFILES.fide1977;
    expect(e77.label).toBe('FIDE 1977/78');
    expect(e77.laws).toBe('E77');
    expect(e77.notes.join(' ')).toMatch(/No blind supplement in the 1977\/78 text: the FIDE 1980 supplement/);
    expect(e77.notes.join(' ')).toMatch(/sealed moves, early adjournment, both flags fallen/);
    // The supplement itself is the fallback's.
    expect(e77.blindSupplement).toBe('S80');
  });
});
