/**
 * Voice-input benchmark: interpretUtterance over every row of ../shared/data/asr/dev.tsv, once
 * with the grammar recogniser's transcript and once with the free-dictation one. Prints, per
 * transcript kind and per style, how many were correct, asked (ambiguous or unrecognized) and
 * wrong (a move other than the one said), the time per utterance, and a held-out check (costs
 * learned on one half of the corpus, measured on the other) so the figures are not only a
 * measure of memorising dev.tsv. Last line: one JSON object.
 * Usage: npm run bench:voice
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { legalMoves } from '../src/core/index.ts';
import { costModelFor, decide, interpretUtterance, scoreUtterance } from '../src/speech/interpret.ts';
import { learnMishearings } from '../src/speech/mishearings.ts';
import { readCorpus, type CorpusRow } from '../src/speech/mishearingsCorpus.ts';
import { movePhrases, positionPhrases, tokenize, tokenNamesOf } from '../src/speech/phrases.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const rows = readCorpus(readFileSync(`${root}../shared/data/asr/dev.tsv`, 'utf8'));

type Outcome = 'correct' | 'asked' | 'wrong' | 'excused';
type Tally = Record<Outcome, number>;
const empty = (): Tally => ({ correct: 0, asked: 0, wrong: 0, excused: 0 });

/** The transcript is word for word a phrase of the move that was played: the recogniser's fault. */
function isPhraseOf(fen: string, uci: string, heard: string): boolean {
  const move = legalMoves(fen).find((m) => m.uci === uci);
  if (!move) return false;
  const tokens = tokenize(heard).join(',');
  return movePhrases(move).some((p) => p.tokens.join(',') === tokens);
}

function judge(row: CorpusRow, heard: string): Outcome {
  const result = interpretUtterance(row.fen, heard);
  if (result.kind !== 'move') return 'asked';
  if (result.uci === row.uci) return 'correct';
  return isPhraseOf(row.fen, result.uci, heard) ? 'excused' : 'wrong';
}

const kinds = { grammar: (r: CorpusRow) => r.grammarHeard, free: (r: CorpusRow) => r.freeHeard } as const;
const byKind: Record<string, Tally> = {};
const byKindStyle: Record<string, Tally> = {};
const wrongExamples: string[] = [];
const times: number[] = [];
// Warm the position caches once so the timing measures interpretation, as in a game where the
// position's phrases are built when the position arises.
const coldStart = performance.now();
for (const row of rows) positionPhrases(row.fen);
const coldMs = (performance.now() - coldStart) / rows.length;
for (const [kind, pick] of Object.entries(kinds)) {
  for (const row of rows) {
    const heard = pick(row);
    const start = performance.now();
    const outcome = judge(row, heard);
    times.push(performance.now() - start);
    (byKind[kind] ??= empty())[outcome]++;
    (byKindStyle[`${kind} ${row.style}`] ??= empty())[outcome]++;
    if (outcome === 'wrong' || outcome === 'excused') {
      const r = interpretUtterance(row.fen, heard);
      wrongExamples.push(
        `${outcome.padEnd(7)} ${kind.padEnd(7)} said "${row.phrase}" (${row.san}) heard "${heard}" → ${r.kind === 'move' ? r.san : r.kind}`,
      );
    }
  }
}
// Per-utterance time without the judging overhead: wall clock, and CPU time of this process
// (the machine this runs on may be shared; CPU time leaves out waiting for a core).
const wall: number[] = [];
const cpu: number[] = [];
for (const [, pick] of Object.entries(kinds)) {
  for (const row of rows) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    interpretUtterance(row.fen, pick(row));
    wall.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
}
const quantileOf = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const quantile = (q: number) => quantileOf(cpu, q);

const pct = (n: number, t: Tally) => {
  const total = t.correct + t.asked + t.wrong + t.excused;
  return `${((100 * n) / total).toFixed(1).padStart(5)}%`;
};
const line = (label: string, t: Tally) =>
  `${label.padEnd(24)} ${String(t.correct + t.asked + t.wrong + t.excused).padStart(5)}  correct ${pct(t.correct, t)}  asked ${pct(t.asked, t)}  wrong ${String(t.wrong).padStart(3)} (${pct(t.wrong, t)})  wrong-but-word-perfect ${t.excused}`;

console.log('Voice interpretation over dev.tsv');
console.log('');
for (const [k, t] of Object.entries(byKind)) console.log(line(k, t));
console.log('');
for (const [k, t] of Object.entries(byKindStyle).sort()) console.log(line(k, t));
console.log('');
console.log(
  `time per utterance (CPU): median ${quantile(0.5).toFixed(3)} ms, p95 ${quantile(0.95).toFixed(3)} ms`,
);
console.log(
  `time per utterance (wall clock, load ${loadavg()[0]!.toFixed(1)}): median ${quantileOf(wall, 0.5).toFixed(3)} ms, p95 ${quantileOf(wall, 0.95).toFixed(3)} ms`,
);
console.log(
  `building a new position's phrases (once per position, with its legal moves): ${coldMs.toFixed(2)} ms`,
);
if (wrongExamples.length) {
  console.log('');
  console.log('moves played that were not the one said:');
  for (const w of wrongExamples) console.log(`  ${w}`);
}
// Held-out check: learn the costs on one half of the corpus, measure on the other, both ways.
const heldOut = { grammar: empty(), free: empty() };
for (const half of [0, 1]) {
  const train = rows.filter((_, i) => i % 2 !== half);
  const test = rows.filter((_, i) => i % 2 === half);
  const table = learnMishearings(
    train.map((r) => ({ said: tokenNamesOf(r.phrase), heard: tokenNamesOf(r.grammarHeard) })),
    'half',
  );
  const model = costModelFor(table);
  for (const row of test) {
    for (const [kind, heard] of [
      ['grammar', row.grammarHeard],
      ['free', row.freeHeard],
    ] as const) {
      const scores = scoreUtterance(row.fen, heard, model);
      const result = typeof scores === 'string' ? undefined : decide(scores);
      const outcome: Outcome =
        result?.kind !== 'move'
          ? 'asked'
          : result.uci === row.uci
            ? 'correct'
            : isPhraseOf(row.fen, result.uci, heard)
              ? 'excused'
              : 'wrong';
      heldOut[kind][outcome]++;
    }
  }
}
console.log('');
console.log('held out (costs learned on the other half of dev.tsv):');
console.log(line('grammar', heldOut.grammar));
console.log(line('free', heldOut.free));

const g = byKind.grammar ?? empty();
const f = byKind.free ?? empty();
const total = (t: Tally) => t.correct + t.asked + t.wrong + t.excused;
console.log(
  JSON.stringify({
    bench: 'voice',
    grammarCorrect: Number((g.correct / total(g)).toFixed(4)),
    grammarWrong: Number((g.wrong / total(g)).toFixed(4)),
    freeWrong: f.wrong + f.excused,
    p95Ms: Number(quantile(0.95).toFixed(3)),
  }),
);
