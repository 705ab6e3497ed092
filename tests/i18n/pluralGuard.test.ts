// Issue 28: no words catalogue writes a plural by hand. A count followed by its noun ("{count}
// moves") or a bracketed ending ("action(s)", "Minute(n)") must be a `{count, plural, …}` choice
// instead (src/i18n/index.ts), so every new message with a count gets the language's forms.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const SRC = path.resolve(__dirname, '../../src');
/** The words catalogues: every file of messages, words, errors, refusals and other phrases. */
const CATALOGUE =
  /\/(messages|[a-zA-Z]*Messages|[a-zA-Z]*Words|[a-zA-Z]*Errors|refusals|evidence|review|results|vocabularies|describe)\.ts$/;
const OUT_OF_SCOPE = ['server/', 'engine/'];

function catalogueFiles(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return catalogueFiles(file);
    const relative = path.relative(SRC, file);
    return CATALOGUE.test(`/${relative}`) && !OUT_OF_SCOPE.some((p) => relative.startsWith(p))
      ? [relative]
      : [];
  });
}

/** The string literals of a source file. */
const literals = (text: string): string[] =>
  text.match(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`]*`/g) ?? [];

/**
 * A count placeholder followed by a word (its noun; "from one to {count} or no" has none), or a word
 * with a bracketed plural ending.
 */
const HAND_MADE = [
  /\{(count|minutes|seconds|hours|plies|moves|games|number|n)\}\s+(?!(or|oder|and|und)\b)\p{L}/u,
  /\p{L}\((s|es|e|en|n)\)/u,
];

test('the guard reads the catalogues', () => {
  const files = catalogueFiles();
  expect(files).toEqual(expect.arrayContaining(['speech/messages.ts', 'screens/sighted/messages.ts']));
  expect(files.length).toBeGreaterThan(20);
});

test('no catalogue writes a plural by hand', () => {
  const found = catalogueFiles().flatMap((file) =>
    literals(fs.readFileSync(path.join(SRC, file), 'utf8'))
      .filter((text) => HAND_MADE.some((re) => re.test(text)))
      .map((text) => `${file}: ${text}`),
  );
  expect(found).toEqual([]);
});
