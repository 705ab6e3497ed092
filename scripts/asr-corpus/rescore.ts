/**
 * Scores saved recognitions again with the current decision, without speaking or recognising
 * anything: the corpus's training or test part, and any saved chain files (BENCH_VOICE_SAVE of
 * bench/voice.ts, one per seed). Prints, per file, the share of spoken moves played right,
 * offered, wrong and lost, and every wrong one: how a change of the rule does over many seeds in
 * seconds. A chain file with a `check_heard` column (the position-free grammar's transcript) is
 * scored with agreement (interpretUtterance's `agreement`); with RESCORE_GRID=1, also for a grid
 * of agreement thresholds. Tune on the training part and on chains of it (BENCH_VOICE_PART=train)
 * only.
 * Usage: node --import tsx scripts/asr-corpus/rescore.ts train|test|none [chain.tsv …]
 */
import { readFileSync } from 'node:fs';
import {
  decide,
  decideAgreeing,
  interpretUtterance,
  scoreUtterance,
  THRESHOLDS,
  type AgreementThresholds,
  type DecisionThresholds,
  type Interpretation,
} from '../../src/speech/interpret.ts';
import {
  commandOf,
  isTestRow,
  readCorpus,
  vocabularyOf,
  type CorpusRow,
} from '../../src/speech/mishearingsCorpus.ts';
import { readCorpusFiles } from './files.ts';

type Outcome = 'right' | 'offered' | 'wrong' | 'lost';
/** A saved row with, when the file has one, the position-free grammar's transcript. */
type Row = CorpusRow & { readonly checkHeard?: string };

function outcomeOf(result: Interpretation, uci: string): Outcome {
  if (result.kind === 'move') return result.uci === uci ? 'right' : 'wrong';
  return result.kind === 'ambiguous' && result.candidates.some((c) => c.uci === uci) ? 'offered' : 'lost';
}

function interpret(
  row: Row,
  t?: AgreementThresholds,
  thresholds: DecisionThresholds = THRESHOLDS,
): Interpretation {
  const vocabulary = vocabularyOf(row);
  if (row.checkHeard === undefined)
    return interpretUtterance(row.fen, [row.grammarHeard, row.freeHeard], { vocabulary });
  const heard = [row.grammarHeard, row.checkHeard];
  if (!t && thresholds === THRESHOLDS)
    return interpretUtterance(row.fen, heard, { vocabulary, agreement: true });
  // The same as interpretUtterance with agreement, at other thresholds.
  const scores = scoreUtterance(row.fen, heard, undefined, { vocabulary });
  if (typeof scores === 'string') return { kind: 'unrecognized', reason: scores };
  if (!t) return decide(scores, thresholds);
  const own = scoreUtterance(row.fen, row.checkHeard, undefined, { vocabulary });
  return decideAgreeing(scores, own, thresholds, t);
}

function rescore(
  label: string,
  rows: readonly Row[],
  t?: AgreementThresholds,
  quiet = false,
  thresholds: DecisionThresholds = THRESHOLDS,
) {
  const tally: Record<Outcome, number> = { right: 0, offered: 0, wrong: 0, lost: 0 };
  const wrong: string[] = [];
  for (const row of rows.filter((r) => !commandOf(r))) {
    const result = interpret(row, t, thresholds);
    const outcome = outcomeOf(result, row.uci);
    tally[outcome]++;
    if (result.kind === 'move' && outcome === 'wrong')
      wrong.push(
        `  WRONG ${row.id} said "${row.phrase}" (${row.san}) heard "${row.grammarHeard}" | "${row.checkHeard ?? row.freeHeard}" → ${result.san}`,
      );
  }
  const n = tally.right + tally.offered + tally.wrong + tally.lost;
  const pct = (k: Outcome) => `${((100 * tally[k]) / (n || 1)).toFixed(1)} %`;
  console.log(
    `${label.padEnd(30)} ${String(n).padStart(5)}  played right ${pct('right')}  offered ${pct('offered')}  wrong ${tally.wrong}  lost ${pct('lost')}`,
  );
  if (!quiet) for (const line of wrong) console.log(line);
}

/** A chain file's rows, each with its `check_heard` cell when the file has that column. */
function readChain(text: string): Row[] {
  const rows = readCorpus(text);
  const lines = text.split('\n').filter(Boolean);
  const column = (lines[0] ?? '').split('\t').indexOf('check_heard');
  if (column < 0) return rows;
  const checks = new Map(lines.slice(1).map((l) => [l.split('\t')[0]!, l.split('\t')[column] ?? '']));
  return rows.map((row) => ({ ...row, checkHeard: checks.get(row.id) ?? '' }));
}

const [part = 'none', ...files] = process.argv.slice(2);
if (part === 'train' || part === 'test')
  rescore(
    `corpus, ${part} part`,
    readCorpusFiles().filter((row) => isTestRow(row) === (part === 'test')),
  );
for (const file of files) {
  const rows = readChain(readFileSync(file, 'utf8'));
  rescore(file.split('/').pop()!, rows);
  if (process.env.RESCORE_GRID === '1') {
    rescore('  without agreement', rows, undefined, true, { ...THRESHOLDS });
    for (const rhymingMargin of [0.99, 1])
      for (const cost of [0.6, 1, 2.2])
        for (const margin of [0.3, 0.4, 0.5, 0.6, 0.8])
          rescore(
            `  agree rhyming ${rhymingMargin} cost ${cost} margin ${margin}`,
            rows,
            { cost, margin, rhymingMargin },
            true,
          );
  }
}
