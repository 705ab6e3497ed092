// Lint rules. The import rules of src/ are generated from one ordered list of floors (FLOORS), and
// the floors below the controllers are pure: no React or DOM, no timers, Date.now, performance.now
// or Math.random (DESIGN.md principle 1). tests/layers/ lints a probe for every pair of parts and
// checks the import graph of the real files against the same list.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { sizesPlugin } from './lint/sizes.js';

/**
 * The floors of src/, top to bottom (the target layers: parts with folders and floors). A part is
 * some folders (or files) of src/; a folder may import its own part and every floor below its own,
 * never a floor above nor a part beside it on the same floor. Every folder and file directly in
 * src/ is named exactly once (tests/layers/floors.test.ts fails otherwise).
 *
 * Every part on a floor below the Controllers is pure: no UI imports, no DOM, no timers, no clock,
 * no randomness.
 * - `pure`: a part on the Controllers' floor or above that is pure all the same.
 * - `adapters`: the files of a pure part that use the platform behind a port (the DOM, timers, the
 *   clock, React, howler): exempt from purity, not from the floors. Each must exist.
 * - `types`: folders above whose types (and types only) the part may import.
 */
export const FLOORS = [
  [{ part: 'App', is: ['app', 'offline', 'main.tsx'], says: 'composition root, routes, service worker' }],
  [{ part: 'Screens', is: ['screens'], says: 'one folder per role; thin hooks and components' }],
  [
    {
      part: 'Controllers',
      is: ['controllers'],
      pure: true,
      says: 'pure per role: input → intents, utterances, focus; the voice dialogue',
    },
    { part: 'Practice', is: ['practice'], says: 'the practice game: a local session, the engine opponent' },
    { part: 'Board', is: ['board'], says: 'the accessible board: components and hooks' },
    { part: 'Server', is: ['server'], says: 'seats, room log in SQLite, HTTP + WebSocket, recogniser' },
  ],
  [
    { part: 'Input', is: ['input'], says: 'key maps, typed command line' },
    {
      part: 'Session',
      is: ['session'],
      adapters: ['session/recorder.ts'],
      says: 'one log and fold for local and paired games',
    },
  ],
  [{ part: 'Record', is: ['record'], says: 'scoresheets, braille, PGN' }],
  [
    {
      part: 'Speech',
      is: ['speech', 'i18n'],
      adapters: [
        'speech/listener/microphone.ts',
        'speech/listener/recogniser.ts',
        'speech/listener/server.ts',
        'speech/listener/vosk.ts',
        'speech/speaker/liveRegion.ts',
        'speech/speaker/useSpeech.ts',
        'speech/speaker/webSpeech.ts',
      ],
      says: 'words: describe, announce, interpret, grammar; the speaker and listener adapters',
    },
  ],
  [
    {
      part: 'Engine',
      is: ['engine'],
      adapters: ['engine/worker.ts'],
      says: 'the practice engine over UCI, levels, review',
    },
  ],
  [
    {
      part: 'Net',
      is: ['net'],
      adapters: ['net/client.ts'],
      says: 'protocol types and parsing, client transport',
    },
  ],
  [{ part: 'Match', is: ['match'], says: 'pure: roles, intents, events, twin boards, handlers' }],
  [
    { part: 'Core', is: ['core'], says: 'pure chess: rules, FEN, notation, editions, outcome, navigation' },
    { part: 'Sound', is: ['sound'], adapters: ['sound/earcons.ts'], says: 'earcons over howler' },
  ],
  [
    {
      part: 'Ports',
      is: ['ports'],
      types: ['core', 'match'],
      adapters: ['ports/clock.ts', 'ports/scheduler.ts', 'ports/storage.ts'],
      says: 'interfaces and the plain types they carry; imports nothing of ours but types',
    },
  ],
];

/**
 * Named exceptions to the floors, one line each: a file of src/ and the folder it may import beyond
 * them, with why. Delete the line when the file stops needing it.
 */
export const EXCEPTIONS = [];

/** The composition root, which nothing imports but the entry (src/main.tsx). */
const ROOT = 'app';
const ENTRY = 'main.tsx';
/** Packages one file of src/ imports for everyone. */
const ONLY_IMPORTER = { 'chess.js': 'core/rules.ts' };

const parts = FLOORS.flatMap((floor, level) => floor.map((part) => ({ ...part, level })));
const controllersLevel = parts.find((p) => p.part === 'Controllers').level;
const isPure = (part) => part.pure === true || part.level > controllersLevel;
const partOf = (name) => parts.find((p) => p.is.includes(name));

/** What `part` may not import: every folder on its floor's other parts and on the floors above. */
function forbiddenFor(part, allow = []) {
  return parts
    .filter((p) => p !== part && p.level <= part.level)
    .flatMap((p) => p.is.map((folder) => ({ folder, of: p })))
    .filter(({ folder }) => !folder.includes('.') && !allow.includes(folder));
}

/** A relative import that climbs to src/ and enters `folder` (no nested folder is named like it). */
const into = (folder) => `^(?:\\.\\./)+${folder}/`;

const UI = {
  group: ['react', 'react-dom', 'react-dom/*', 'react-aria', 'react-aria/*', 'howler', '*.tsx'],
  message: 'A pure floor imports no UI: no React, no components, no sounds (DESIGN.md principle 1).',
};

/**
 * The import patterns for the files of `part` under `name` (a folder or file of src/): the floors,
 * the root, the packages only one file imports, and the UI ban where `pure`. `file`: one named file.
 */
function importPatterns(part, { name, pure, allow = [], file = null }) {
  const patterns = forbiddenFor(part, allow).map(({ folder, of }) => {
    const typesOnly = (part.types ?? []).includes(folder);
    const where = of.level === part.level ? 'beside it on its floor' : 'on a floor above';
    return {
      regex: into(folder),
      ...(typesOnly ? { allowTypeImports: true } : {}),
      message: `${part.part} may not import src/${folder}/ (${of.part}, ${where})${
        typesOnly ? ' except its types' : ''
      }: imports point down the floors of eslint.config.js FLOORS (ARCHITECTURE.md, Layers).`,
    };
  });
  const rootForbidden = patterns.some((p) => p.regex === into(ROOT));
  if (name !== ROOT && name !== ENTRY && !rootForbidden)
    patterns.push({
      regex: into(ROOT),
      message: `Nothing imports src/${ROOT}/ but src/${ENTRY}: it is the composition root.`,
    });
  for (const [pkg, importer] of Object.entries(ONLY_IMPORTER))
    if (file !== importer) patterns.push({ group: [pkg], message: `Only src/${importer} imports ${pkg}.` });
  if (pure) patterns.push(UI);
  return patterns;
}

const impure = [
  { object: 'Date', property: 'now', message: 'Time is a parameter on the pure floors.' },
  { object: 'Math', property: 'random', message: 'Randomness is a parameter on the pure floors.' },
  { object: 'performance', property: 'now', message: 'Time is a parameter on the pure floors.' },
];
const impureGlobals = [
  'setTimeout',
  'setInterval',
  'setImmediate',
  'clearTimeout',
  'clearInterval',
  'clearImmediate',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'speechSynthesis',
  'indexedDB',
  'fetch',
  'WebSocket',
  'Worker',
  'BroadcastChannel',
  'MediaRecorder',
  'AudioContext',
].map((name) => ({ name, message: 'The pure floors have no DOM and no timers.' }));

const globOf = (name) => (name.includes('.') ? `src/${name}` : `src/${name}/**`);
const src = (paths) => paths.map((p) => `src/${p}`);
const exceptionFiles = src(EXCEPTIONS.map((e) => e.file));
const onlyImporters = src(Object.values(ONLY_IMPORTER));

/** One config object for some files of a part: its import rule, and purity where pure. */
function block(part, files, ignores, options) {
  options = { name: files[0].split('/')[1], ...options };
  return {
    files,
    ...(ignores.length > 0 ? { ignores } : {}),
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: importPatterns(part, options) }],
      ...(options.pure
        ? {
            'no-restricted-properties': ['error', ...impure],
            'no-restricted-globals': ['error', ...impureGlobals],
          }
        : {}),
    },
  };
}

/** The blocks for every part, then its adapters, then the named files (a later block replaces an earlier one). */
const layerBlocks = [
  ...parts.flatMap((part) => {
    const pure = isPure(part);
    const adapters = src(part.adapters ?? []);
    const named = [...exceptionFiles, ...onlyImporters];
    return [
      ...part.is.map((name) => block(part, [globOf(name)], [...adapters, ...named], { pure })),
      ...(adapters.length > 0 ? [block(part, adapters, named, { pure: false })] : []),
    ];
  }),
  ...Object.values(ONLY_IMPORTER).map((file) => {
    const part = partOf(file.split('/')[0]);
    return block(part, [`src/${file}`], [], { pure: isPure(part), file });
  }),
  ...EXCEPTIONS.map(({ file, may }) => {
    const part = partOf(file.split('/')[0]);
    return block(part, [`src/${file}`], [], { pure: isPure(part), allow: [may], file });
  }),
];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'data/**', 'audio/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...layerBlocks,
  {
    // The sizes of the house (issue 27): files up to 600 lines, functions up to 80, components and
    // hooks up to 150 (lint/sizes.js).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { sizes: sizesPlugin },
    rules: {
      'max-lines': ['error', { max: 600 }],
      'sizes/function-size': 'error',
    },
  },
);
