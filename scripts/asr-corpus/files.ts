/**
 * The spoken-move corpus files: the shared dev.tsv and what scripts/asr-corpus grew
 * (data/asr/grown-*.tsv, transcripts only, no audio).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCorpus, type CorpusRow } from '../../src/speech/mishearingsCorpus.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const GROWN = join(ROOT, 'data', 'asr');

export const CORPUS_FILES: readonly { name: string; path: string }[] = [
  { name: 'shared/data/asr/dev.tsv', path: join(ROOT, '..', 'shared', 'data', 'asr', 'dev.tsv') },
  ...(existsSync(GROWN) ? readdirSync(GROWN) : [])
    .filter((f) => /^grown-.*\.tsv$/.test(f))
    .sort()
    .map((f) => ({ name: `data/asr/${f}`, path: join(GROWN, f) })),
];

/** Every row of every corpus file. */
export function readCorpusFiles(): CorpusRow[] {
  return CORPUS_FILES.flatMap((f) => readCorpus(readFileSync(f.path, 'utf8')));
}
