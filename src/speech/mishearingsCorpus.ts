/**
 * Reads the spoken-move corpus format (../shared/data/asr/dev.tsv and data/asr/grown-*.tsv: id,
 * source, fen, uci, san, style, phrase, voice, grammar_heard, free_heard) into rows, for the
 * mishearing learner and the voice benchmark, and splits it into a training and a test part by
 * game, so that no position is in both: costs are learned from the one, figures reported on the
 * other.
 */

import type { VocabularyId } from './vocabularies.ts';

export interface CorpusRow {
  readonly id: string;
  /** `game3-ply12` (a classic game), `playout7-ply40` (a random playout). */
  readonly source: string;
  readonly fen: string;
  readonly uci: string;
  readonly san: string;
  /** e.g. `anna-long`, `nato-short`. */
  readonly style: string;
  readonly phrase: string;
  /** espeak-ng voice/rate[/noise]. */
  readonly voice: string;
  readonly grammarHeard: string;
  readonly freeHeard: string;
}

/** Parses the TSV text; rows with missing columns are skipped. */
export function readCorpus(text: string): CorpusRow[] {
  const lines = text.split('\n').filter((l) => l.trim());
  const header = (lines[0] ?? '').split('\t');
  const col = (name: string) => header.indexOf(name);
  const index = {
    id: col('id'),
    source: col('source'),
    voice: col('voice'),
    fen: col('fen'),
    uci: col('uci'),
    san: col('san'),
    style: col('style'),
    phrase: col('phrase'),
    grammarHeard: col('grammar_heard'),
    freeHeard: col('free_heard'),
  };
  const rows: CorpusRow[] = [];
  for (const line of lines.slice(1)) {
    const cells = line.split('\t');
    const get = (i: number) => (i >= 0 ? cells[i] : undefined);
    const [id, fen, uci, san, style, phrase] = [
      get(index.id),
      get(index.fen),
      get(index.uci),
      get(index.san),
      get(index.style),
      get(index.phrase),
    ];
    if (!id || !fen || !uci || !san || !style || !phrase) continue;
    rows.push({
      id,
      fen,
      uci,
      san,
      style,
      phrase,
      source: get(index.source) ?? '',
      voice: get(index.voice) ?? '',
      grammarHeard: get(index.grammarHeard) ?? '',
      freeHeard: get(index.freeHeard) ?? '',
    });
  }
  return rows;
}

/**
 * The game a row comes from: the classic games are shared by every corpus file (the same
 * positions), a random playout belongs to its own file (ids start with the file's letter).
 */
export function gameOf(row: CorpusRow): string {
  const game = row.source.replace(/-ply\d+$/, '');
  return game.startsWith('game') ? game : `${row.id.replace(/\d+$/, '')}:${game}`;
}

/** Every third game (by its number) is in the test part; the others train. */
export function isTestRow(row: CorpusRow): boolean {
  const n = Number(/(\d+)$/.exec(gameOf(row))?.[1] ?? 0);
  return n % 3 === 2;
}

/** A corpus row of a spoken command: its `uci` column is `cmd:name[:key=value,…]`. */
export function commandOf(row: CorpusRow): { command: string; args: Record<string, string> } | undefined {
  const m = /^cmd:([A-Za-z]+)(?::(.*))?$/.exec(row.uci);
  if (!m) return undefined;
  const args: Record<string, string> = {};
  for (const pair of (m[2] ?? '').split(',').filter(Boolean)) {
    const [key, value] = pair.split('=') as [string, string];
    args[key] = value;
  }
  return { command: m[1]!, args };
}

const VOCABULARY_OF_STYLE: Readonly<Record<string, VocabularyId>> = {
  anna: 'ibca1985',
  german: 'fide2018-de',
  nato: 'nato',
  letters: 'letters',
};
/** The vocabulary a row was said in, from its style (`anna-long` → ibca1985). */
export function vocabularyOf(row: CorpusRow): VocabularyId {
  return VOCABULARY_OF_STYLE[row.style.split('-')[0]!] ?? 'ibca1985';
}
