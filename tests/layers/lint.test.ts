// Lint refuses every import that runs up a floor or sideways (issue 27). A probe file in each folder
// of src/ imports every other folder; ESLint (the project's own eslint.config.js, through its Node
// API) must refuse exactly the imports the list of floors forbids, and on the pure floors React,
// the DOM, timers, Date.now, performance.now and Math.random.
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  EXCEPTIONS,
  FOLDERS,
  PARTS,
  ROOT,
  SRC,
  exceptionFor,
  filesUnder,
  isPure,
  matchesGlob,
  mayImport,
} from './floors.ts';

const IMPORTS = '@typescript-eslint/no-restricted-imports';
const PURITY = new Set(['no-restricted-properties', 'no-restricted-globals']);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.js') });
});

/** Lints `text` as if it were the file src/`file`. */
async function lint(file: string, text: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(SRC, file) });
  if (!result) throw new Error('ESLint gave no result');
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(fatal.map((m) => m.message).join('\n'));
  return result.messages;
}

/** The lines ESLint refused an import on. */
const refusedLines = (messages: readonly Linter.LintMessage[]) =>
  new Set(messages.filter((m) => m.ruleId === IMPORTS).map((m) => m.line));

/** `import { probe } from '<up>/<to>/probe.ts'` from a file `depth` folders deep in src/. */
const importLine = (to: string, depth: number, i = 0) =>
  `import { probe as p${i} } from '${depth === 0 ? './' : '../'.repeat(depth)}${to}/probe.ts';`;

async function refuses(file: string, to: string): Promise<boolean> {
  const depth = file.split('/').length - 1;
  return refusedLines(await lint(file, `${importLine(to, depth)}\nexport const used = p0;\n`)).has(1);
}

describe('every pair of folders: an import is refused exactly when it runs up a floor or sideways', () => {
  test.each(FOLDERS)('a probe in src/%s/ importing every other folder', async (from) => {
    const others = FOLDERS.filter((to) => to !== from);
    const text = [
      ...others.map((to, i) => importLine(to, 1, i)),
      `export const used = [${others.map((_, i) => `p${i}`).join(', ')}];`,
    ];
    const refused = refusedLines(await lint(`${from}/__probe__.ts`, text.join('\n')));
    const got = others.filter((_, i) => refused.has(i + 1));
    // Nothing imports the composition root (src/app) but src/main.tsx.
    const expected = others.filter((to) => !mayImport(from, to) || to === 'app');
    expect(got).toEqual(expected);
  });

  test('from a nested folder as from the top of its folder', async () => {
    expect(await refuses('speech/listener/__probe__.ts', 'input')).toBe(true);
    expect(await refuses('speech/listener/__probe__.ts', 'ports')).toBe(false);
    expect(await refuses('screens/blind/__probe__.tsx', 'app')).toBe(true);
    expect(await refuses('screens/blind/__probe__.tsx', 'controllers')).toBe(false);
    expect(await refuses('match/concerns/__probe__.ts', 'session')).toBe(true);
    expect(await refuses('server/recogniser/__probe__.ts', 'speech')).toBe(false);
  });

  test('only src/main.tsx imports the composition root', async () => {
    expect(await refuses('main.tsx', 'app')).toBe(false);
    expect(await lint('main.tsx', "import { App } from './app/App.tsx';\nexport { App };\n")).toEqual([]);
    expect(await refuses('offline/__probe__.ts', 'app')).toBe(true);
  });
});

// The target layers' "never" arrows (parts named by a folder of theirs) and the probes of issue 27.
const NEVER: readonly (readonly [string, string])[] = [
  ['core', 'match'],
  ['core', 'speech'],
  ['core', 'screens'],
  ['core', 'app'],
  ['core', 'server'],
  ['match', 'screens'],
  ['match', 'speech'],
  ['match', 'app'],
  ['match', 'server'],
  ['match', 'controllers'],
  ['speech', 'screens'],
  ['speech', 'app'],
  ['speech', 'input'],
  ['net', 'app'],
  ['net', 'screens'],
  ['net', 'server'],
  ['net', 'session'],
  ['controllers', 'screens'],
  ['controllers', 'app'],
  ['server', 'screens'],
  ['board', 'screens'],
  ['screens', 'app'],
  ['ports', 'app'],
  ['ports', 'screens'],
  ['ports', 'speech'],
  ['ports', 'net'],
];
// The target layers' arrows: each stays allowed.
const ARROWS: readonly (readonly [string, string])[] = [
  ['app', 'screens'],
  ['app', 'session'],
  ['app', 'sound'],
  ['app', 'net'],
  ['app', 'ports'],
  ['screens', 'controllers'],
  ['screens', 'board'],
  ['screens', 'ports'],
  ['screens', 'engine'],
  ['controllers', 'input'],
  ['controllers', 'speech'],
  ['controllers', 'match'],
  ['controllers', 'session'],
  ['controllers', 'record'],
  ['input', 'speech'],
  ['speech', 'core'],
  ['speech', 'match'],
  ['speech', 'ports'],
  ['record', 'core'],
  ['session', 'match'],
  ['session', 'ports'],
  ['net', 'ports'],
  ['net', 'match'],
  ['server', 'net'],
  ['server', 'match'],
  ['match', 'core'],
  ['board', 'core'],
  ['engine', 'ports'],
  ['engine', 'core'],
];

describe('the target layers', () => {
  test.each(NEVER)('%s never imports %s', async (from, to) => {
    expect(await refuses(`${from}/__probe__.ts`, to)).toBe(true);
  });
  test.each(ARROWS)('%s may import %s', async (from, to) => {
    expect(await refuses(`${from}/__probe__.ts`, to)).toBe(false);
  });
});

describe('named exceptions and allowances', () => {
  test.each(EXCEPTIONS.map((e) => [e.file, e.may] as const))(
    '%s may import %s, its neighbours may not',
    async (file, may) => {
      expect(exceptionFor(file, may)).toBeDefined();
      expect(await refuses(file, may)).toBe(false);
      expect(await refuses(file.replace(/[^/]+$/, '__probe__.ts'), may)).toBe(true);
    },
  );

  test('ports import types from core and match, nothing else of ours', async () => {
    const text = (kind: string, to: string) =>
      `import ${kind}{ Probe } from '../${to}/probe.ts';\nexport type Used = Probe;\n`;
    for (const to of ['core', 'match']) {
      expect(refusedLines(await lint('ports/__probe__.ts', text('type ', to))).size, `types of ${to}`).toBe(
        0,
      );
      expect(refusedLines(await lint('ports/__probe__.ts', text('', to))).size, `values of ${to}`).toBe(1);
    }
    for (const to of ['speech', 'net', 'session'])
      expect(refusedLines(await lint('ports/__probe__.ts', text('type ', to))).size, `types of ${to}`).toBe(
        1,
      );
  });

  test('only src/core/rules.ts imports chess.js', async () => {
    const text = "import { Chess } from 'chess.js';\nexport const used = Chess;\n";
    expect(refusedLines(await lint('core/rules.ts', text)).size).toBe(0);
    expect(refusedLines(await lint('core/__probe__.ts', text)).size).toBe(1);
    expect(refusedLines(await lint('screens/__probe__.ts', text)).size).toBe(1);
  });
});

/** A probe that breaks every purity rule once, each on its own line. */
const IMPURE = [
  "import { useState } from 'react';",
  "import { Board } from '../board/Board.tsx';",
  'export const now = Date.now();',
  'export const perf = performance.now();',
  'export const dice = Math.random();',
  'export const timer = setTimeout(() => undefined, 1);',
  "export const el = document.createElement('div');",
  'export const used = [useState, Board];',
];
const IMPURE_LINES = [1, 2, 3, 4, 5, 6, 7];

/** The lines a purity rule (or the UI ban among the import rules) refused. */
async function impureLines(file: string): Promise<number[]> {
  const messages = await lint(file, IMPURE.join('\n'));
  const ui = messages.filter((m) => m.ruleId === IMPORTS && /no UI/.test(m.message));
  return [
    ...new Set([...messages.filter((m) => PURITY.has(m.ruleId ?? '')), ...ui].map((m) => m.line)),
  ].sort();
}

describe('purity: no React, DOM, timers, Date.now, performance.now or Math.random below the controllers', () => {
  test.each(PARTS.map((p) => [p.part, p] as const))('%s', async (_, part) => {
    const folder = part.is.find((n) => !n.includes('.')) ?? '';
    expect(await impureLines(`${folder}/__probe__.ts`)).toEqual(isPure(part) ? IMPURE_LINES : []);
  });

  test('the pure floors are the Controllers and every floor below theirs', () => {
    const pure = PARTS.filter(isPure).map((p) => p.part);
    expect(pure).toContain('Controllers');
    for (const part of [
      'Input',
      'Session',
      'Record',
      'Speech',
      'Engine',
      'Net',
      'Match',
      'Core',
      'Sound',
      'Ports',
    ])
      expect(pure).toContain(part);
    for (const part of ['App', 'Screens', 'Board', 'Server', 'Practice']) expect(pure).not.toContain(part);
  });

  test('React and Date.now in the session are refused', async () => {
    const messages = await lint(
      'session/__probe__.ts',
      "import { useEffect } from 'react';\nexport const at = Date.now();\nexport const used = useEffect;\n",
    );
    expect(messages.map((m) => m.line).sort()).toEqual([1, 2]);
  });

  test('adapters wrap the platform but keep to their floor', async () => {
    const files = filesUnder();
    for (const part of PARTS)
      for (const glob of part.adapters ?? []) {
        const file = files.find((f) => matchesGlob(f, glob)) ?? glob;
        expect(await impureLines(file), `${file} may touch the platform`).toEqual([]);
        expect(await refuses(file, 'screens'), `${file} keeps to its floor`).toBe(true);
      }
  });
});
