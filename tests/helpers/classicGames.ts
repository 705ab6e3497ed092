// Test helper: the shared corpus of 20 real games (classic-games.pgn), read once, as text and as
// imported game records.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importPgnFile, type GameRecord } from '../../src/record/index.ts';

/**
 * The text of /work/shared/data/games/classic-games.pgn. Found from the working directory (the
 * project root under vitest), since in jsdom test files `import.meta.url` is not a file URL.
 */
export const CLASSIC_PGN: string = readFileSync(
  join(process.cwd(), '../shared/data/games/classic-games.pgn'),
  'utf8',
);

let records: GameRecord[] | undefined;

/** The 20 classic games imported as records (imported once; throws if the corpus does not import). */
export function classicRecords(): GameRecord[] {
  if (!records) {
    const imported = importPgnFile(CLASSIC_PGN);
    if (!imported.ok) throw new Error(JSON.stringify(imported.error));
    records = imported.value;
  }
  return records;
}
