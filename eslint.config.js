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
  'src/match/**',
  'src/input/**',
  'src/board/navigation.ts',
  'src/net/protocol.ts',
  'src/record/**',
  'src/speech/vocabularies.ts',
  'src/speech/describe.ts',
  'src/speech/announce.ts',
  'src/speech/interpret*.ts',
  'src/speech/phrases.ts',
  'src/speech/i18n.ts',
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
    files: pureFiles,
    rules: {
      'no-restricted-properties': ['error', ...impure],
      'no-restricted-globals': ['error', ...impureGlobals],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
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
);
