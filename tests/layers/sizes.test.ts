// The sizes of the house (issue 27): lint refuses a file over 600 lines, a function over 80 and a
// component or hook over 150, through the project's own eslint.config.js.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';
import { ROOT, SRC } from './floors.ts';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.js') });
});

/** The size rules that refuse `text` as the file src/`file`. */
async function refusedBy(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(SRC, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'max-lines' || m.ruleId === 'sizes/function-size')
    .map((m) => m.ruleId!);
}

/** A function of exactly `lines` lines (its first and last line included). */
const fn = (head: string, lines: number) =>
  [head, ...Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`), '}'].join('\n');

describe('lint refuses what is too big', () => {
  test('a function of 80 lines passes, of 81 is refused', async () => {
    expect(await refusedBy('core/__probe__.ts', fn('export function plain() {', 80))).toEqual([]);
    expect(await refusedBy('core/__probe__.ts', fn('export function plain() {', 81))).toEqual([
      'sizes/function-size',
    ]);
  });

  test('an arrow function and a method are counted too', async () => {
    expect(await refusedBy('match/__probe__.ts', fn('export const step = () => {', 81))).toEqual([
      'sizes/function-size',
    ]);
    const method = `export class C {\n${fn('  run() {', 81)}\n}`;
    expect(await refusedBy('match/__probe__.ts', method)).toEqual(['sizes/function-size']);
  });

  test('a component or a hook may have 150 lines, not 151', async () => {
    expect(await refusedBy('screens/__probe__.ts', fn('export function Panel() {', 150))).toEqual([]);
    expect(await refusedBy('screens/__probe__.ts', fn('export function usePanel() {', 150))).toEqual([]);
    expect(await refusedBy('screens/__probe__.ts', fn('export function Panel() {', 151))).toEqual([
      'sizes/function-size',
    ]);
    expect(await refusedBy('screens/__probe__.ts', fn('export function usePanel() {', 151))).toEqual([
      'sizes/function-size',
    ]);
  });

  test('a file of 601 lines is refused', async () => {
    const small = (i: number) => `export const c${i} = ${i};`;
    const text = Array.from({ length: 601 }, (_, i) => small(i)).join('\n');
    expect(await refusedBy('record/__probe__.ts', text)).toEqual(['max-lines']);
  });
});
