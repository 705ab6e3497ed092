/**
 * Voice-input benchmark (issue 11), on speech the mishearing costs were not learned from.
 * 1. Transcripts: the TEST part of the spoken-move corpus (split by game,
 *    src/speech/mishearingsCorpus.ts), each row's grammar and free transcripts given to
 *    interpretUtterance as alternatives, grammar's first.
 * 2. The audio chain, sampled: test-part phrases spoken by espeak-ng, noise mixed in by sox,
 *    recognised by pocketsphinx with the JSGF of recognitionGrammar(fen, { vocabulary }), then
 *    by the general English model as the free alternative, then interpretUtterance.
 * For each: the share of spoken moves played right, offered (the said move named in the spoken
 * choice), wrong (another move played) and lost (neither), against the floor of trusting the
 * grammar's transcript; the time per utterance (a new position's first utterance included)
 * against the floor of generating the position's legal moves. Last line: one JSON object.
 * Usage: npm run bench:voice   (BENCH_VOICE_CHAIN=n samples n chain utterances, default 30)
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { legalMoves } from '../src/core/index.ts';
import { grammarJsgf, recognitionGrammar } from '../src/speech/grammar.ts';
import { interpretUtterance, type Interpretation } from '../src/speech/interpret.ts';
import { MISHEARINGS } from '../src/speech/mishearings.data.ts';
import { commandOf, isTestRow, type CorpusRow } from '../src/speech/mishearingsCorpus.ts';
import { phraseKey, positionPhrases, tokenize } from '../src/speech/phrases.ts';
import type { VocabularyId } from '../src/speech/vocabularies.ts';
import {
  ACOUSTIC_MODEL,
  dictionaryText,
  knownWords,
  LANGUAGE_MODEL,
} from '../scripts/asr-corpus/dictionary.ts';
import { readCorpusFiles } from '../scripts/asr-corpus/files.ts';
import {
  ENGLISH_VOICES,
  GERMAN_VOICES,
  pool,
  RATES,
  readHyp,
  speak,
} from '../scripts/asr-corpus/synth-asr.ts';
import { mulberry32 } from '../tests/helpers/prng.ts';

const run = promisify(execFile);
const CHAIN_SAMPLE = Number(process.env.BENCH_VOICE_CHAIN ?? 30);
const CHAIN_NOISES = ['pink:0.04', 'white:0.03', 'pink:0.08', 'brown:0.15', 'white:0.06'] as const;

type Outcome = 'right' | 'offered' | 'wrong' | 'lost';
type Tally = Record<Outcome, number>;
const empty = (): Tally => ({ right: 0, offered: 0, wrong: 0, lost: 0 });
const total = (t: Tally) => t.right + t.offered + t.wrong + t.lost;
const share = (n: number, t: Tally) => (total(t) ? n / total(t) : 0);
const pct = (x: number) => `${(100 * x).toFixed(1).padStart(5)} %`;

function judge(result: Interpretation, uci: string): Outcome {
  if (result.kind === 'move') return result.uci === uci ? 'right' : 'wrong';
  if (result.kind === 'ambiguous' && result.candidates.some((c) => c.uci === uci)) return 'offered';
  return 'lost';
}

/** The floor: a recogniser's transcript trusted as it is, when it is a phrase of a legal move. */
function trusted(fen: string, uci: string, heard: string): Outcome {
  const { moves, exact } = positionPhrases(fen);
  const hit = exact.get(phraseKey(tokenize(heard)))?.[0];
  if (!hit) return 'lost';
  return moves[hit.target]!.uci === uci ? 'right' : 'wrong';
}

const quantile = (xs: readonly number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

const line = (label: string, t: Tally) =>
  `${label.padEnd(26)} ${String(total(t)).padStart(5)}  played right ${pct(share(t.right, t))}  offered ${pct(share(t.offered, t))}  wrong ${String(t.wrong).padStart(3)} (${pct(share(t.wrong, t))})  lost ${pct(share(t.lost, t))}`;

const VOCABULARY_OF_STYLE: Readonly<Record<string, VocabularyId>> = {
  anna: 'ibca1985',
  german: 'fide2018-de',
  nato: 'nato',
  letters: 'letters',
};
const vocabularyOf = (row: CorpusRow): VocabularyId =>
  VOCABULARY_OF_STYLE[row.style.split('-')[0]!] ?? 'ibca1985';

// ---- 1. transcripts of the test part ----
const rows = readCorpusFiles();
const test = rows.filter(isTestRow);
const moveRows = test.filter((r) => !commandOf(r));
const commandRows = test.filter((r) => commandOf(r));
const byStyle: Record<string, Tally> = {};
const transcripts = empty();
const floor = empty();
const wrongExamples: string[] = [];
const times: number[] = [];
const wallTimes: number[] = [];
const floorTimes: number[] = [];
for (const row of moveRows) {
  const heard = [row.grammarHeard, row.freeHeard];
  // CPU time of this process: the machine is shared, and wall-clock time there measures the
  // queue for a core more than the work (both are printed).
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = interpretUtterance(row.fen, heard, { vocabulary: vocabularyOf(row) });
  const used = process.cpuUsage(cpu);
  times.push((used.user + used.system) / 1000);
  wallTimes.push(performance.now() - start);
  const outcome = judge(result, row.uci);
  transcripts[outcome]++;
  (byStyle[row.style] ??= empty())[outcome]++;
  floor[trusted(row.fen, row.uci, row.grammarHeard)]++;
  if (outcome === 'wrong')
    wrongExamples.push(
      `said "${row.phrase}" (${row.san}) heard "${row.grammarHeard}" | "${row.freeHeard}" → ${result.kind === 'move' ? result.san : ''}`,
    );
}
// The floor of the time: what any interpretation must do first, list the position's legal moves
// (timed on positions not seen before in this run, like the first utterance of a position).
for (const row of moveRows) {
  const cpu = process.cpuUsage();
  legalMoves(`${row.fen.split(' ').slice(0, 4).join(' ')} 0 1`);
  const used = process.cpuUsage(cpu);
  floorTimes.push((used.user + used.system) / 1000);
}
const commands = { right: 0, wrong: 0, lost: 0 };
for (const row of commandRows) {
  const said = commandOf(row)!;
  const result = interpretUtterance(row.fen, [row.grammarHeard, row.freeHeard], {
    vocabulary: vocabularyOf(row),
  });
  if (result.kind === 'command') {
    const same =
      result.command === said.command &&
      JSON.stringify(result.args ?? {}) ===
        JSON.stringify(Object.fromEntries(Object.entries(said.args).sort()));
    commands[same ? 'right' : 'wrong']++;
  } else if (result.kind === 'move') commands.wrong++;
  else commands.lost++;
}

console.log(
  `Voice input on the TEST part of the corpus (${test.length} of ${rows.length} rows; costs learned from: ${MISHEARINGS.source})`,
);
console.log('');
console.log(line('moves, Twinboard', transcripts));
console.log(line('moves, grammar trusted', floor));
for (const [style, t] of Object.entries(byStyle).sort()) console.log(line(`  ${style}`, t));
console.log(
  `commands ${commandRows.length}: carried out right ${commands.right}, wrong ${commands.wrong}, not understood ${commands.lost}`,
);
const p95 = quantile(times, 0.95);
const floorP95 = quantile(floorTimes, 0.95);
console.log(
  `time per utterance (CPU, first in its position): median ${quantile(times, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms; floor (legal moves) p95 ${floorP95.toFixed(2)} ms, ratio ${(p95 / floorP95).toFixed(1)}`,
);
console.log(
  `time per utterance (wall clock, load ${loadavg()[0]!.toFixed(1)}): median ${quantile(wallTimes, 0.5).toFixed(2)} ms, p95 ${quantile(wallTimes, 0.95).toFixed(2)} ms`,
);
for (const w of wrongExamples) console.log(`  WRONG ${w}`);

// ---- 2. the audio chain with noise ----
async function chain(): Promise<{ twinboard: Tally; floor: Tally; seconds: number }> {
  const started = performance.now();
  const random = mulberry32(20261123);
  const pool_ = [...moveRows];
  const sample: CorpusRow[] = [];
  while (sample.length < Math.min(CHAIN_SAMPLE, pool_.length))
    sample.push(pool_.splice(Math.floor(random() * pool_.length), 1)[0]!);
  const work = mkdtempSync(join(tmpdir(), 'twinboard-bench-voice-'));
  const dictionary = dictionaryText(true);
  const known = knownWords(dictionary);
  writeFileSync(join(work, 'dict'), dictionary);
  const items = sample.map((row, i) => {
    const german = row.style.startsWith('german');
    const voices = german ? GERMAN_VOICES : ENGLISH_VOICES;
    return {
      row,
      id: `c${String(i).padStart(4, '0')}`,
      voice: voices[Math.floor(random() * voices.length)]!,
      rate: RATES[Math.floor(random() * RATES.length)]!,
      noise: CHAIN_NOISES[i % CHAIN_NOISES.length]!,
      grammar: '',
      free: '',
    };
  });
  const common = [
    '-hmm',
    ACOUSTIC_MODEL,
    '-dict',
    join(work, 'dict'),
    '-adcin',
    'yes',
    '-cepdir',
    work,
    '-cepext',
    '.raw',
  ];
  await pool(items, 2, async (item) => {
    await speak(item.row.phrase, item.voice, item.rate, item.noise, join(work, `${item.id}.raw`));
    const vocabulary = vocabularyOf(item.row);
    const phrases = recognitionGrammar(item.row.fen, { vocabulary });
    writeFileSync(join(work, `${item.id}.jsgf`), grammarJsgf(phrases, { vocabulary, known }));
    writeFileSync(join(work, `${item.id}.ctl`), `${item.id}\n`);
    await run('pocketsphinx_batch', [
      ...common,
      ...[
        '-ctl',
        join(work, `${item.id}.ctl`),
        '-jsgf',
        join(work, `${item.id}.jsgf`),
        '-hyp',
        join(work, `${item.id}.hyp`),
      ],
    ]);
    item.grammar = readHyp(readFileSync(join(work, `${item.id}.hyp`), 'utf8')).get(item.id) ?? '';
  });
  writeFileSync(join(work, 'all.ctl'), items.map((i) => i.id).join('\n') + '\n');
  await run(
    'pocketsphinx_batch',
    [...common, '-ctl', join(work, 'all.ctl'), '-lm', LANGUAGE_MODEL, '-hyp', join(work, 'free.hyp')],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const free = readHyp(readFileSync(join(work, 'free.hyp'), 'utf8'));
  rmSync(work, { recursive: true, force: true });
  const twinboard = empty();
  const naive = empty();
  for (const item of items) {
    item.free = free.get(item.id) ?? '';
    const result = interpretUtterance(item.row.fen, [item.grammar, item.free], {
      vocabulary: vocabularyOf(item.row),
    });
    const outcome = judge(result, item.row.uci);
    twinboard[outcome]++;
    naive[trusted(item.row.fen, item.row.uci, item.grammar)]++;
    if (outcome === 'wrong' || process.env.BENCH_VOICE_VERBOSE === '1')
      console.log(
        `  ${outcome.toUpperCase()} said "${item.row.phrase}" (${item.voice}/${item.rate}/${item.noise}) heard "${item.grammar}" | "${item.free}" → ${result.kind === 'move' ? result.san : result.kind}`,
      );
  }
  return { twinboard, floor: naive, seconds: (performance.now() - started) / 1000 };
}

console.log('');
console.log(
  `Audio chain: espeak-ng → sox noise → pocketsphinx (recognitionGrammar as JSGF, then the English model) → interpretUtterance`,
);
const c = await chain();
console.log(line('chain, Twinboard', c.twinboard));
console.log(line('chain, grammar trusted', c.floor));
console.log(`${total(c.twinboard)} utterances through the chain in ${c.seconds.toFixed(1)} s`);

const r4 = (x: number) => Number(x.toFixed(4));
console.log(
  JSON.stringify({
    bench: 'voice',
    testPlayedRight: r4(share(transcripts.right, transcripts)),
    testOffered: r4(share(transcripts.offered, transcripts)),
    testWrong: r4(share(transcripts.wrong, transcripts)),
    chainPlayedRight: r4(share(c.twinboard.right, c.twinboard)),
    chainOffered: r4(share(c.twinboard.offered, c.twinboard)),
    chainWrong: r4(share(c.twinboard.wrong, c.twinboard)),
    p95Ms: r4(p95),
  }),
);
