/**
 * Reads the spoken-move corpus format (../shared/data/asr/dev.tsv: id, source, fen, uci, san,
 * style, phrase, voice, grammar_heard, free_heard) into rows, for the mishearing learner and the
 * voice benchmark.
 */

export interface CorpusRow {
  readonly id: string;
  readonly fen: string;
  readonly uci: string;
  readonly san: string;
  /** e.g. `anna-long`, `nato-short`. */
  readonly style: string;
  readonly phrase: string;
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
      grammarHeard: get(index.grammarHeard) ?? '',
      freeHeard: get(index.freeHeard) ?? '',
    });
  }
  return rows;
}
