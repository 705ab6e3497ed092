/**
 * Intelligibility benchmark for the spoken-move vocabularies (issue 3). It samples moves from the
 * classic games (fixed seed), says each one with describeMove (long form) in every vocabulary,
 * synthesises the words with espeak-ng in several voices and rates, recognises the audio with
 * pocketsphinx constrained by a grammar of that vocabulary's move phrases, and reports the share
 * of moves heard exactly right. Method as in scripts/asr-corpus/; the dictionary is the server
 * recogniser's (src/server/recogniser/dictionary.ts): German is the en-us acoustic model with the
 * German words spelled in English phones, the only German Debian packages.
 * Needs Debian's espeak-ng, sox, pocketsphinx and pocketsphinx-en-us. Run: npm run bench:speech
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inspect, START_FEN } from '../src/core/index.ts';
import { describeMove, VOCABULARIES, VOCABULARY_IDS, type VocabularyId } from '../src/speech/index.ts';
import { normalizeWords } from '../src/speech/phrases.ts';
import { mulberry32 } from '../tests/helpers/prng.ts';
import {
  ACOUSTIC_MODEL,
  assertPronounced,
  dictionaryText,
  knownWords,
} from '../src/server/recogniser/dictionary.ts';
import { pool } from '../scripts/asr-corpus/synth-asr.ts';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..');
const GAMES = join(ROOT, '..', 'shared', 'data', 'games', 'classic-games.pgn');
// BENCH_SPEECH_SAMPLE and BENCH_SPEECH_ERRORS=1 (list every mishearing) help when tuning.
const SAMPLE = Number(process.env.BENCH_SPEECH_SAMPLE ?? 40);
const SEED = 20260101;
const PARALLEL = 2;
const RATES = [150, 200];
const VOICES: Readonly<Record<VocabularyId, readonly string[]>> = {
  ibca1985: ['en-us', 'en+f3', 'en-gb'],
  'fide2018-de': ['de', 'de+f3', 'de+m3'],
  nato: ['en-us', 'en+f3', 'en-gb'],
  letters: ['en-us', 'en+f3', 'en-gb'],
};

interface Ply {
  readonly fen: string;
  readonly uci: string;
  readonly san: string;
}

/** Every ply of every game in a PGN file, replayed through the core (SAN matched to legal moves). */
function readPlies(pgn: string): Ply[] {
  const plies: Ply[] = [];
  const bare = (san: string) => san.replace(/[+#!?]+$/g, '').replace(/0/g, 'O');
  for (const block of pgn.split(/\n\s*\n(?=\[)/)) {
    const movetext = block
      .replace(/^\[.*\]\s*$/gm, '')
      .replace(/\{[^}]*\}/g, ' ')
      .replace(/\([^)]*\)/g, ' ')
      .replace(/\$\d+/g, ' ');
    let fen = START_FEN;
    for (const token of movetext.split(/\s+/)) {
      if (token === '' || /^\d+\.+$/.test(token) || /^(1-0|0-1|1\/2-1\/2|\*)$/.test(token)) continue;
      const san = token.replace(/^\d+\.+/, '');
      const info = inspect(fen);
      if (!info.ok) break;
      const move = info.value.legalMoves.find((m) => bare(m.san) === bare(san));
      if (!move) break;
      plies.push({ fen, uci: move.uci, san: move.san });
      fen = move.fenAfter;
    }
  }
  return plies;
}

/** Words as the recogniser writes them: the one spoken-text normaliser (lower case, ASCII). */
const normalize = (text: string): string => normalizeWords(text).join(' ');

/** A JSGF grammar of every long-form move phrase of one vocabulary. */
function grammarFor(id: VocabularyId): string {
  const v = VOCABULARIES[id];
  const alt = (words: readonly string[]) => [...new Set(words.map(normalize))].join(' | ');
  return [
    '#JSGF V1.0;',
    `grammar ${id.replace(/\W/g, '')};`,
    'public <utterance> = <move> [<check> | <mate>];',
    '<move> = <castle> | <piece> <square> (<to> | <takes>) <square> [<ep>] [<promotes> <piece>];',
    `<castle> = ${alt([v.kingsideCastle, v.queensideCastle])};`,
    '<square> = <file> <rank>;',
    `<file> = ${alt(Object.values(v.files))};`,
    `<rank> = ${alt(Object.values(v.ranks))};`,
    `<piece> = ${alt(Object.values(v.pieces))};`,
    `<to> = ${normalize(v.to)};`,
    `<takes> = ${normalize(v.takes)};`,
    `<ep> = ${normalize(v.enPassant)};`,
    `<promotes> = ${normalize(v.promotesTo)};`,
    `<check> = ${normalize(v.check)};`,
    `<mate> = ${normalize(v.mate)};`,
    '',
  ].join('\n');
}

interface Trial {
  readonly id: string;
  readonly vocabulary: VocabularyId;
  readonly voice: string;
  readonly rate: number;
  readonly said: string;
  heard: string;
}

async function main() {
  const started = process.hrtime.bigint();
  const plies = readPlies(readFileSync(GAMES, 'utf8'));
  const random = mulberry32(SEED);
  const chosen = new Set<number>();
  while (chosen.size < Math.min(SAMPLE, plies.length)) chosen.add(Math.floor(random() * plies.length));
  const sample = [...chosen].sort((a, b) => a - b).map((i) => plies[i]!);

  const work = mkdtempSync(join(tmpdir(), 'twinboard-bench-speech-'));
  const trials: Trial[] = [];
  for (const vocabulary of VOCABULARY_IDS) {
    const grammar = grammarFor(vocabulary);
    const dictionary = dictionaryText(VOCABULARIES[vocabulary].lang === 'de');
    // A word the dictionary lacks would stop pocketsphinx half-way; name it here instead.
    assertPronounced(grammar, knownWords(dictionary));
    writeFileSync(join(work, `${vocabulary}.jsgf`), grammar);
    writeFileSync(join(work, `${vocabulary}.dict`), dictionary);
    for (const voice of VOICES[vocabulary])
      for (const rate of RATES)
        for (const ply of sample) {
          const said = describeMove(ply.fen, ply.uci, { vocabulary, form: 'long' });
          trials.push({
            id: `t${String(trials.length).padStart(5, '0')}`,
            vocabulary,
            voice,
            rate,
            said,
            heard: '',
          });
        }
  }

  await pool(trials, PARALLEL, async (t) => {
    const wav = join(work, `${t.id}.wav`);
    await run('espeak-ng', ['-v', t.voice, '-s', String(t.rate), '-w', wav, t.said]);
    await run('sox', [
      wav,
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      '-e',
      'signed-integer',
      '-t',
      'raw',
      join(work, `${t.id}.raw`),
    ]);
    rmSync(wav);
  });

  await pool(VOCABULARY_IDS, PARALLEL, async (vocabulary) => {
    const mine = trials.filter((t) => t.vocabulary === vocabulary);
    writeFileSync(join(work, `${vocabulary}.ctl`), mine.map((t) => t.id).join('\n') + '\n');
    const hyp = join(work, `${vocabulary}.hyp`);
    // pocketsphinx_batch is one process per vocabulary: the model loads once for all its files.
    await run(
      'pocketsphinx_batch',
      [
        ...['-hmm', ACOUSTIC_MODEL, '-dict', join(work, `${vocabulary}.dict`)],
        ...['-adcin', 'yes', '-cepdir', work, '-cepext', '.raw', '-ctl', join(work, `${vocabulary}.ctl`)],
        ...['-jsgf', join(work, `${vocabulary}.jsgf`), '-hyp', hyp],
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const heard = new Map<string, string>();
    for (const line of readFileSync(hyp, 'utf8').split('\n')) {
      const m = /^(.*?)\s*\((t\d+)(?: -?\d+)?\)$/.exec(line.trim());
      if (m) heard.set(m[2]!, m[1]!);
    }
    for (const t of mine) t.heard = normalize(heard.get(t.id) ?? '');
  });
  rmSync(work, { recursive: true, force: true });

  const right = (t: Trial) => t.heard === normalize(t.said);
  const share = (ts: readonly Trial[]) => (ts.length === 0 ? 0 : ts.filter(right).length / ts.length);
  const pct = (x: number) => `${(x * 100).toFixed(1).padStart(5)} %`;

  console.log(`Intelligibility of describeMove (long form): ${sample.length} moves from classic-games.pgn`);
  console.log(
    `seed ${SEED}, rates ${RATES.join('/')} wpm, espeak-ng → pocketsphinx (grammar per vocabulary)\n`,
  );
  const header = [
    'vocabulary'.padEnd(12),
    'voice'.padEnd(7),
    ...RATES.map((r) => `${r} wpm`.padStart(8)),
    'all'.padStart(8),
  ];
  console.log(header.join('  '));
  const result = {} as Record<VocabularyId, number>;
  for (const vocabulary of VOCABULARY_IDS) {
    const mine = trials.filter((t) => t.vocabulary === vocabulary);
    for (const voice of VOICES[vocabulary]) {
      const v = mine.filter((t) => t.voice === voice);
      console.log(
        [
          vocabulary.padEnd(12),
          voice.padEnd(7),
          ...RATES.map((r) => pct(share(v.filter((t) => t.rate === r))).padStart(8)),
          pct(share(v)).padStart(8),
        ].join('  '),
      );
    }
    result[vocabulary] = Number(share(mine).toFixed(4));
    console.log(
      `${''.padEnd(12)}  ${'total'.padEnd(7)}  ${''.padStart(8 * RATES.length + 2 * (RATES.length - 1))}  ${pct(result[vocabulary]).padStart(8)}  (${mine.filter(right).length}/${mine.length})`,
    );
  }
  console.log('\nExamples of misheard moves:');
  for (const vocabulary of VOCABULARY_IDS) {
    if (process.env.BENCH_SPEECH_ERRORS === '1')
      for (const t of trials.filter((x) => x.vocabulary === vocabulary && !right(x)))
        console.log(`    ${t.voice}/${t.rate}: "${normalize(t.said)}" → "${t.heard}"`);
    const wrong = trials.find((t) => t.vocabulary === vocabulary && !right(t));
    if (wrong)
      console.log(
        `  ${vocabulary}: said "${wrong.said}" (${wrong.voice}/${wrong.rate}) → heard "${wrong.heard}"`,
      );
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`\n${trials.length} recognitions in ${seconds.toFixed(1)} s`);
  console.log(JSON.stringify({ bench: 'speech', intelligibility: result }));
}

await main();
