// @vitest-environment jsdom
// The printable large-print scoresheet page is itself accessible: axe finds nothing in it.
import { expect, test } from 'vitest';
import axe from 'axe-core';
import { importPgnFile, scoresheetHtml } from '../../src/record/index.ts';
import { CLASSIC_PGN } from '../helpers/classicGames.ts';

const games = importPgnFile(CLASSIC_PGN);

test.each([
  ['en', 'san'],
  ['de', 'long'],
] as const)('the large-print page (%s, %s) has no axe violations', async (locale, notation) => {
  if (!games.ok) throw new Error(JSON.stringify(games.error));
  const html = scoresheetHtml(
    { ...(games.value[3] as (typeof games.value)[number]), clocks: [5_000, 6_000] },
    { locale, notation },
  );
  document.documentElement.innerHTML = new DOMParser().parseFromString(
    html,
    'text/html',
  ).documentElement.innerHTML;
  document.documentElement.lang = locale;
  expect(document.title).toMatch(locale === 'en' ? /^Scoresheet/ : /^Partieformular/);
  const result = await axe.run(document, { resultTypes: ['violations'] });
  expect(result.violations.map((v) => v.id)).toEqual([]);
  expect(document.querySelectorAll('tbody tr').length).toBeGreaterThan(10);
});
