/**
 * Scores saved recognitions again with the current decision, without speaking or recognising
 * anything: the corpus's training or test part, and any saved chain files (BENCH_VOICE_SAVE of
 * bench/voice.ts, one per seed). Prints, per file, the share of spoken moves played right,
 * offered, wrong and lost, and every wrong one: how a change of the rule does over many seeds in
 * seconds. Tune on the training part and on chains of it (BENCH_VOICE_PART=train) only.
 * Usage: node --import tsx scripts/asr-corpus/rescore.ts train|test|none [chain.tsv …]
 */
import { readFileSync } from 'node:fs';
import { interpretUtterance } from '../../src/speech/interpret.ts';
import {
  commandOf,
  isTestRow,
  readCorpus,
  vocabularyOf,
  type CorpusRow,
} from '../../src/speech/mishearingsCorpus.ts';
import { readCorpusFiles } from './files.ts';

type Outcome = 'right' | 'offered' | 'wrong' | 'lost';

function rescore(label: string, rows: readonly CorpusRow[]): void {
  const tally: Record<Outcome, number> = { right: 0, offered: 0, wrong: 0, lost: 0 };
  const wrong: string[] = [];
  for (const row of rows.filter((r) => !commandOf(r))) {
    const result = interpretUtterance(row.fen, [row.grammarHeard, row.freeHeard], {
      vocabulary: vocabularyOf(row),
    });
    const outcome: Outcome =
      result.kind === 'move'
        ? result.uci === row.uci
          ? 'right'
          : 'wrong'
        : result.kind === 'ambiguous' && result.candidates.some((c) => c.uci === row.uci)
          ? 'offered'
          : 'lost';
    tally[outcome]++;
    if (result.kind === 'move' && outcome === 'wrong')
      wrong.push(
        `  WRONG ${row.id} said "${row.phrase}" (${row.san}) heard "${row.grammarHeard}" → ${result.san}`,
      );
  }
  const n = tally.right + tally.offered + tally.wrong + tally.lost;
  const pct = (k: Outcome) => `${((100 * tally[k]) / (n || 1)).toFixed(1)} %`;
  console.log(
    `${label.padEnd(30)} ${String(n).padStart(5)}  played right ${pct('right')}  offered ${pct('offered')}  wrong ${tally.wrong}  lost ${pct('lost')}`,
  );
  for (const line of wrong) console.log(line);
}

const [part = 'none', ...files] = process.argv.slice(2);
if (part === 'train' || part === 'test')
  rescore(
    `corpus, ${part} part`,
    readCorpusFiles().filter((row) => isTestRow(row) === (part === 'test')),
  );
for (const file of files) rescore(file.split('/').pop()!, readCorpus(readFileSync(file, 'utf8')));
