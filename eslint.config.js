// Lint rules. The pure layers (core, match, pure speech/input/board navigation, net protocol)
// may not import React or the DOM, nor use timers, Date.now or Math.random (DESIGN.md principle 1).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const impure = [
  { object: 'Date', property: 'now', message: 'Time is a parameter in the pure core.' },
  { object: 'Math', property: 'random', message: 'Randomness is a parameter in the pure core.' },
  { object: 'performance', property: 'now', message: 'Time is a parameter in the pure core.' },
];
const impureGlobals = [
  'setTimeout',
  'setInterval',
  'clearTimeout',
  'clearInterval',
  'requestAnimationFrame',
  'window',
  'document',
  'navigator',
  'localStorage',
  'speechSynthesis',
].map((name) => ({ name, message: 'The pure core has no DOM or timers.' }));
const pureFiles = [
  'src/core/**',
  'src/controllers/**',
  'src/match/**',
  'src/input/**',
  'src/board/navigation.ts',
  'src/net/protocol.ts',
  'src/record/**',
  'src/speech/vocabularies.ts',
  'src/speech/describe.ts',
  'src/speech/announce*.ts',
  'src/speech/refusals.ts',
  'src/speech/results.ts',
  'src/speech/roles.ts',
  'src/speech/interpret*.ts',
  'src/speech/phrases.ts',
  'src/speech/i18n.ts',
];

// Imports point one way only (DESIGN.md): app → screens → controllers → {input, speech, record,
// session} → match → core, with ports at the bottom. Each layer lists the layers above it.
const UI = {
  group: ['react', 'react-dom', 'react-dom/*', 'react-aria', 'react-aria/*', 'howler', '*.tsx'],
  message: 'The pure layers import no UI.',
};
const above = (layers, where) => ({
  group: layers.flatMap((l) => [`**/${l}/*`, `**/${l}/**`]),
  message: `${where} sits below ${layers.join(', ')}: imports point downwards only (ARCHITECTURE.md).`,
});
// Nothing imports the composition root (src/app) but src/main.tsx.
const APP = {
  group: ['**/app/*', '**/app/**'],
  message: 'Nothing imports src/app except src/main.tsx: it is the composition root (ARCHITECTURE.md).',
};
const LAYERS = [
  { files: ['src/ports/**'], above: ['app', 'screens', 'controllers', 'session'], pure: false },
  { files: ['src/controllers/**'], above: ['app', 'screens'], pure: true },
  { files: ['src/session/**'], above: ['app', 'screens', 'controllers'], pure: false },
  {
    files: ['src/input/**', 'src/record/**'],
    above: ['app', 'screens', 'controllers', 'session'],
    pure: true,
  },
  { files: ['src/speech/**'], above: ['app', 'screens', 'controllers', 'session'], pure: false },
  { files: ['src/net/**'], above: ['app', 'screens', 'controllers'], pure: false },
  { files: ['src/board/**'], above: ['app', 'screens', 'controllers', 'session'], pure: false },
  // The pure files of the layers above keep the UI ban (a later rule replaces an earlier one).
  {
    files: pureFiles.filter((f) => f.startsWith('src/speech/')),
    above: ['app', 'screens', 'controllers', 'session'],
    pure: true,
  },
  { files: ['src/board/navigation.ts'], above: ['app', 'screens', 'controllers', 'session'], pure: true },
  { files: ['src/net/protocol.ts'], above: ['app', 'screens', 'controllers'], pure: true },
  {
    files: ['src/match/**'],
    above: ['app', 'screens', 'controllers', 'session', 'speech', 'input', 'record'],
    pure: true,
  },
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
  {
    files: ['src/**'],
    ignores: ['src/main.tsx', 'src/app/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [APP] }] },
  },
  {
    files: pureFiles,
    rules: {
      'no-restricted-properties': ['error', ...impure],
      'no-restricted-globals': ['error', ...impureGlobals],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            APP,
            {
              group: ['react', 'react-dom', 'react-dom/*', 'react-aria', 'howler', '*.tsx'],
              message: 'The pure core imports no UI.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/**'],
    ignores: ['src/core/rules.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            APP,
            { group: ['chess.js'], message: 'Only src/core/rules.ts imports chess.js.' },
            {
              group: ['react', 'react-dom', 'react-dom/*', 'react-aria', 'howler'],
              message: 'The pure core imports no UI.',
            },
          ],
        },
      ],
    },
  },
  ...LAYERS.map((layer) => ({
    files: layer.files,
    ...(layer.ignores ? { ignores: layer.ignores } : {}),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [above(layer.above, layer.files[0]), ...(layer.pure ? [UI] : [])] },
      ],
    },
  })),
);
