/**
 * Speaks every phrase of a phrases.tsv (gen-phrases.ts) with espeak-ng — English phrases in
 * rotating English voices, German ones in German voices, at rates from 120 to 200 words a
 * minute — mixes background noise into most of them with sox (white, pink or brown noise at
 * several levels), and recognises the audio with pocketsphinx twice: with a position-free chess
 * grammar (every move shape and every command, English and German: like a grammar-constrained
 * recogniser) and with the general English language model (like free dictation). Writes the
 * phrases with voice/rate/noise and both transcripts as TSV. Audio lives in a temporary folder
 * only. Extends ../shared/tools/asr-corpus/synth-asr.sh.
 * Usage: node --import tsx scripts/asr-corpus/synth-asr.ts phrases.tsv out.tsv SEED PREFIX
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { COMMANDS } from '../../src/speech/commands.ts';
import { normalizeWords } from '../../src/speech/phrases.ts';
import { ACOUSTIC_MODEL, dictionaryText, knownWords, LANGUAGE_MODEL } from '../../src/server/recogniser/dictionary.ts';

const run = promisify(execFile);
const [input, output, seedArg, prefix = 'g'] = process.argv.slice(2);
const seed = Number(seedArg ?? 1);

export const ENGLISH_VOICES = [
  'en-us',
  'en-gb',
  'en-us+f2',
  'en-gb-x-rp+m3',
  'en+f4',
  'en-us+m7',
  'en-gb-scotland',
  'en-us+f5',
  'en-029+m2',
  'en-gb-x-gbclan+f1',
  'en+klatt',
  'en-us+m4',
] as const;
export const GERMAN_VOICES = ['de', 'de+f2', 'de+m3', 'de+f4', 'de+m6'] as const;
export const RATES = [120, 140, 160, 180, 200] as const;
/** Noise kind and amplitude; a quarter of the utterances stay clean. */
export const NOISES = [
  'none',
  'none',
  'white:0.02',
  'pink:0.04',
  'brown:0.15',
  'pink:0.08',
  'white:0.05',
  'pink:0.12',
] as const;

/**
 * Speaks a phrase into a 16 kHz 16-bit raw file, with noise mixed in. The noise is repeatable:
 * sox runs with a fixed seed (`-R`) and the noise starts `noiseOffset` samples into its
 * sequence, so the same offset gives the same audio and another offset other noise.
 */
export async function speak(
  phrase: string,
  voice: string,
  rate: number,
  noise: string,
  raw: string,
  noiseOffset = 1,
): Promise<void> {
  const wav = `${raw}.wav`;
  await run('espeak-ng', ['-v', voice, '-s', String(rate), '-w', wav, phrase]);
  const out = ['-r', '16000', '-c', '1', '-b', '16', '-e', 'signed-integer', '-t', 'raw', raw];
  if (noise === 'none') await run('sox', [wav, ...out]);
  else {
    const [kind, level] = noise.split(':') as [string, string];
    const mono = `${raw}.mono.wav`;
    const bed = `${raw}.noise.wav`;
    await run('sox', [wav, '-r', '16000', '-c', '1', '-b', '16', mono]);
    const skip = `${Math.max(1, Math.floor(noiseOffset))}s`;
    await run('sox', [
      '-R',
      mono,
      bed,
      'pad',
      skip,
      '0',
      'synth',
      `${kind}noise`,
      'vol',
      level,
      'trim',
      skip,
    ]);
    await run('sox', ['-m', mono, bed, ...out]);
    rmSync(mono);
    rmSync(bed);
  }
  rmSync(wav);
}

/** The position-free chess grammar of the corpus, restricted to words the dictionary knows. */
export function corpusGrammar(known: ReadonlySet<string>): string {
  const words = (text: string) => normalizeWords(text).join(' ');
  const knows = (text: string) => normalizeWords(text).every((w) => known.has(w));
  const commands = COMMANDS.flatMap((spec) => [...spec.en, ...spec.de])
    .map((pattern) =>
      pattern
        .split(' ')
        .map((part) => {
          const slot = /^\{([a-z]+)(\?)?\}$/.exec(part);
          if (!slot) return words(part);
          const rule = `<${slot[1] === 'number' ? 'rank' : slot[1]}>`;
          return slot[2] ? `[${rule}]` : rule;
        })
        .join(' '),
    )
    .filter((p) => knows(p.replace(/[[\]]|<[a-z]+>/g, ' ')));
  return [
    '#JSGF V1.0;',
    'grammar chess;',
    'public <utterance> = <move> [check | mate | schach | matt] | <command>;',
    '<move> = <castle> | [<piece>] [<file> | <rank> | <square>] [takes | to | schlaegt | nach] <square> [[promotes to | wird] <piece>];',
    '<castle> = kurze rochade | lange rochade | castle short | castle long | short castling | long castling | castle kingside | castle queenside;',
    '<square> = <file> <rank>;',
    '<file> = anna | bella | cesar | david | evan | eva | felix | gustav | hector | alpha | bravo | charlie | delta | echo | foxtrot | golf | hotel | a | b | c | d | e | f | g | h;',
    '<rank> = one | two | three | four | five | six | seven | eight | eins | zwei | drei | vier | fuenf | sechs | sieben | acht;',
    '<piece> = pawn | knight | bishop | rook | queen | king | bauer | springer | laeufer | turm | dame | koenig;',
    '<color> = white | black | weiss | schwarz;',
    `<command> = ${[...new Set(commands)].join(' | ')};`,
    '',
  ].join('\n');
}

/** Runs tasks with at most `limit` at a time. */
export async function pool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Reads pocketsphinx's hypothesis file: utterance id → words. */
export function readHyp(text: string): Map<string, string> {
  const heard = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^(.*?)\s*\(([^ )]+)(?: -?\d+)?\)$/.exec(line.trim());
    if (m) heard.set(m[2]!, m[1]!);
  }
  return heard;
}

/** The utterances of a phrases.tsv, each with its voice, rate and noise (rotating from `seed`). */
export function plan(phrasesTsv: string, seed: number, prefix: string) {
  const lines = phrasesTsv.split('\n').filter(Boolean).slice(1);
  return lines.map((line, i) => {
    const [source, fen, uci, san, style, phrase] = line.split('\t') as string[];
    const german = style!.startsWith('german') || style === 'command-de';
    const voices = german ? GERMAN_VOICES : ENGLISH_VOICES;
    const voice = voices[(i * 7 + seed) % voices.length]!;
    const rate = RATES[(i * 3 + seed) % RATES.length]!;
    const noise = NOISES[(i * 5 + seed) % NOISES.length]!;
    const id = `${prefix}${String(i).padStart(5, '0')}`;
    return { id, source, fen, uci, san, style, phrase: phrase!, voice, rate, noise };
  });
}

/** The corpus TSV: the planned utterances with what each recogniser heard. */
export function corpusTsv(
  rows: ReturnType<typeof plan>,
  grammar: ReadonlyMap<string, string>,
  free: ReadonlyMap<string, string>,
): string {
  const out = ['id\tsource\tfen\tuci\tsan\tstyle\tphrase\tvoice\tgrammar_heard\tfree_heard'];
  for (const r of rows) {
    const voice = `${r.voice}/${r.rate}/${r.noise}`;
    const heard = [grammar.get(r.id) ?? '', free.get(r.id) ?? ''];
    out.push([r.id, r.source, r.fen, r.uci, r.san, r.style, r.phrase, voice, ...heard].join('\t'));
  }
  return out.join('\n') + '\n';
}

/**
 * Faster search settings for the free pass (the general model is large): on 2 shared cores the
 * default settings take several seconds per utterance; these take a fraction of that and change
 * little in transcripts that are mostly unusable anyway.
 */
export const FAST_FREE = [
  ...['-ds', '2', '-topn', '2', '-maxwpf', '5', '-maxhmmpf', '3000', '-pl_window', '10'],
  ...['-beam', '1e-40', '-wbeam', '1e-30', '-fwdflat', 'no', '-bestpath', 'no'],
];

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'twinboard-asr-'));
  const dict = dictionaryText(true);
  writeFileSync(join(work, 'dict'), dict);
  writeFileSync(join(work, 'chess.jsgf'), corpusGrammar(knownWords(dict)));
  const rows = plan(readFileSync(input!, 'utf8'), seed, prefix);
  await pool(rows, 2, (r, i) =>
    speak(
      r.phrase,
      r.voice,
      r.rate,
      r.noise,
      join(work, `${r.id}.raw`),
      1 + ((seed * 7919 + i * 104729) % 160000),
    ),
  );
  writeFileSync(join(work, 'ctl'), rows.map((r) => r.id).join('\n') + '\n');
  const common = [
    ...['-hmm', ACOUSTIC_MODEL, '-dict', join(work, 'dict'), '-adcin', 'yes'],
    ...['-cepdir', work, '-cepext', '.raw', '-ctl', join(work, 'ctl')],
  ];
  const options = { maxBuffer: 256 * 1024 * 1024 };
  await Promise.all([
    run(
      'pocketsphinx_batch',
      [...common, '-jsgf', join(work, 'chess.jsgf'), '-hyp', join(work, 'grammar.hyp')],
      options,
    ),
    run(
      'pocketsphinx_batch',
      [...common, '-lm', LANGUAGE_MODEL, ...FAST_FREE, '-hyp', join(work, 'free.hyp')],
      options,
    ),
  ]);
  const grammar = readHyp(readFileSync(join(work, 'grammar.hyp'), 'utf8'));
  const free = readHyp(readFileSync(join(work, 'free.hyp'), 'utf8'));
  writeFileSync(output!, corpusTsv(rows, grammar, free));
  rmSync(work, { recursive: true, force: true });
}

if (process.argv[1]?.endsWith('synth-asr.ts')) await main();
