/**
 * Twinboard's own speech recogniser (issue 25): Debian's pocketsphinx with its en-us model, on the
 * club's machine, no internet. Every utterance is decoded twice at once, by two persistent
 * decoders: with the position's grammar (`recognitionGrammar`: its legal moves' phrases, the
 * commands, and any move shape as decoys) and with the position-free chess grammar
 * (`chessGrammar`: any move shape on any square). Each pass gives its n-best list; a transcript's
 * confidence is its share of the n-best list's probability mass. The transcripts, with their
 * confidences and passes, go to the one decision the app also runs (`decideRecognised`), so the
 * server answers what the app will do. Loud steady noise is lowered before decoding (denoise.ts).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecognisedAlternative, RecognitionSource } from '../../ports/listener.ts';
import { chessGrammar, grammarJsgf, recognitionGrammar } from '../../speech/grammar.ts';
import { decideRecognised, spokenDecision, type SpokenDecision } from '../../speech/interpretRecognised.ts';
import { normalizeWords } from '../../speech/phrases.ts';
import { VOCABULARY_IDS, type VocabularyId } from '../../speech/vocabularies.ts';
import { silentLogger, type Logger } from '../log.ts';
import { Decoder, type Decoded, type Hypothesis, type PathWord } from './decoder.ts';
import { denoisePcm } from './denoise.ts';
import { ACOUSTIC_MODEL, dictionaryText, knownWords } from './dictionary.ts';
import { jsgfToFsg, jsgfWords } from './fsg.ts';

/** What the recogniser answers for one utterance. */
export interface RecognitionAnswer {
  readonly alternatives: readonly RecognisedAlternative[];
  readonly decision: SpokenDecision;
}

export interface RecognitionRequest {
  /** A FEN that parses (the caller checks it). */
  readonly fen: string;
  readonly vocabulary: VocabularyId;
  readonly locale: 'en' | 'de';
}

/** Why a recognition could not be made. */
export type RecogniserError = 'unavailable' | 'busy' | 'failed';

export interface Recogniser {
  /** Whether Debian's pocketsphinx and its en-us model are installed. */
  readonly available: boolean;
  /** Decodes 16 kHz 16-bit mono PCM; rejects with a RecogniserError's code as message. */
  recognise(pcm: Buffer, request: RecognitionRequest): Promise<RecognitionAnswer>;
  /** Starts the decoders now (they load the acoustic model while nobody waits); else on first use. */
  warm(): void;
  close(): void;
}

/** The command that installs what the recogniser needs on Debian. */
export const INSTALL_COMMAND = 'sudo apt-get install -y pocketsphinx pocketsphinx-en-us';

/** Whether pocketsphinx_batch and the en-us model are on this machine. */
export function pocketsphinxInstalled(): boolean {
  const onPath = (process.env.PATH ?? '/usr/bin')
    .split(':')
    .some((dir) => dir !== '' && existsSync(join(dir, 'pocketsphinx_batch')));
  return onPath && existsSync(join(ACOUSTIC_MODEL, 'mdef'));
}

/**
 * How sharply the n-best scores are turned into shares: a hypothesis whose path score is lower
 * by 1 / SCORE_SCALE natural-log units weighs e times less. Pocketsphinx's scores are in log base
 * 1.0001 and acoustic, so they are divided by its acoustic scale (20, `-ascale`) as its own
 * posteriors are.
 */
const SCORE_SCALE = Math.log(1.0001) / 20;
const NBEST = 10;
/**
 * How much more likely the position grammar makes a phrase of the position (a legal move, a
 * command) than any move shape or slotted command. Chosen on the training part (seed 43, 300
 * utterances, decided as now): weight 1 played 40 % right, 100 47 %, 1,000 50 %, 10,000 56 %; the
 * position-free pass and the n-best evidence keep what it forces on noise from being played.
 */
const PHRASE_WEIGHT = 10_000;
/**
 * The decoders' beams, a little wider than pocketsphinx's own (1e-48): the n-best lists then hold
 * the rivals the decision needs (training part, seeds 43–45, 1,100 utterances: with the default
 * beams some wrong phrase heard alike by both passes had the whole n-best list; at 1e-52 none was
 * played, 52 % right, 93 % played or offered, p95 of the decoding about 260 ms; 1e-55 was 51 %,
 * 95 %, but about 350 ms).
 */
const DECODER_ARGS: readonly string[] = ['-beam', '1e-52', '-pbeam', '1e-52', '-wbeam', '1e-32'];

/**
 * The transcripts of one pass with their confidence: the share of the n-best list's probability
 * mass that says those words (fillers dropped), best first, at most `limit`.
 */
function alternativesOf(decoded: Decoded, source: RecognitionSource, limit = 3): RecognisedAlternative[] {
  const heard: Hypothesis[] = decoded.nbest.length ? [...decoded.nbest] : [decoded.best];
  const top = Math.max(...heard.map((h) => h.score));
  const mass = new Map<string, number>();
  let total = 0;
  for (const h of heard) {
    const words = normalizeWords(h.text).join(' ');
    const weight = Math.exp((h.score - top) * SCORE_SCALE);
    total += weight;
    mass.set(words, (mass.get(words) ?? 0) + weight);
  }
  const best = normalizeWords(decoded.best.text).join(' ');
  if (!mass.has(best)) mass.set(best, 0);
  return [...mass]
    .filter(([words]) => words !== '')
    .sort((a, b) => (a[0] === best ? -1 : b[0] === best ? 1 : b[1] - a[1]))
    .slice(0, limit)
    .map(([transcript, weight]) => ({
      transcript,
      confidence: total > 0 ? Number((weight / total).toFixed(4)) : 0,
      source,
      ...(transcript === best ? pathEvidence(decoded.path) : {}),
    }));
}

/**
 * The best path's acoustic score per second of audio, in natural-log units (pocketsphinx's are
 * log base 1.0001, per 10 ms frame): the two passes decode the same frames with the same model,
 * so the difference says how much better one pass's words fit the sound.
 */
function pathEvidence(path: readonly PathWord[]): { acoustic?: number } {
  const frames = path.length ? Math.max(...path.map((w) => w.end)) + 1 : 0;
  if (frames === 0) return {};
  const acoustic = (path.reduce((sum, w) => sum + w.acoustic, 0) * Math.log(1.0001) * 100) / frames;
  return { acoustic: Number(acoustic.toFixed(4)) };
}

/** Positions whose grammars hold every kind of phrase: castling both ways, promotion, en passant, check and mate. */
const SAMPLE_POSITIONS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'r3k2r/pppq1ppp/2n5/3pP3/8/8/PPP2PpP/R3K2R b KQkq - 0 1',
  'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
  '6k1/1P3ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1',
];

/**
 * The decoders' dictionary: the pronunciations of every word a grammar of any vocabulary can
 * say (the position-free grammars, and position grammars with every kind of phrase), not Debian's
 * whole dictionary, which doubles a decoder's memory (95 MB against 50). A position grammar with a
 * word beyond it is an error naming the word (grammarJsgf's `known`); tests/server/recogniser
 * checks the corpus's positions against it.
 */
export function decoderDictionary(): { text: string; known: ReadonlySet<string> } {
  const full = dictionaryText(true);
  const all = knownWords(full);
  const words = new Set<string>();
  for (const vocabulary of VOCABULARY_IDS) {
    const grammars = [
      grammarJsgf(chessGrammar({ vocabulary }), { vocabulary, known: all }),
      ...SAMPLE_POSITIONS.map((fen) =>
        grammarJsgf(recognitionGrammar(fen, { vocabulary }), { vocabulary, known: all }),
      ),
    ];
    for (const jsgf of grammars) for (const w of jsgfWords(jsgf)) words.add(w);
  }
  const lines = full.split('\n').filter((line) => words.has(line.split(' ')[0]!.replace(/\(\d+\)$/, '')));
  return { text: `${lines.join('\n')}\n`, known: words };
}

export interface RecogniserOptions {
  /** Where decoder failures are reported (silent by default). */
  readonly logger?: Logger;
  /** Utterances waiting for a decoder beyond this are refused as `busy` (default 6). */
  readonly maxWaiting?: number;
  /** Per-utterance decode limit (default 10 s). */
  readonly timeoutMs?: number;
  /** Decoder options instead of DECODER_ARGS (for measuring others). */
  readonly decoderArgs?: readonly string[];
  /** The position grammar's weight of a legal phrase (default PHRASE_WEIGHT; for measuring others). */
  readonly phraseWeight?: number;
  /** Whether noisy audio is cleaned before decoding (denoise.ts; default true; false for measuring). */
  readonly denoise?: boolean;
}

/** The recogniser of a machine without pocketsphinx: every recognition is refused as `unavailable`. */
export const UNAVAILABLE_RECOGNISER: Recogniser = {
  available: false,
  recognise: () => Promise.reject(new Error('unavailable')),
  warm: () => undefined,
  close: () => undefined,
};

/** Makes the recogniser; its decoders start with `warm()` or the first utterance. */
export function createRecogniser(options: RecogniserOptions = {}): Recogniser {
  const logger = options.logger ?? silentLogger;
  const log = (message: string) => logger.warn({ component: 'recogniser' }, message);
  if (!pocketsphinxInstalled()) return UNAVAILABLE_RECOGNISER;
  const work = mkdtempSync(join(tmpdir(), 'twinboard-recogniser-'));
  const dictionary = decoderDictionary();
  writeFileSync(join(work, 'dict'), dictionary.text);
  const decoder = (name: string) =>
    new Decoder({
      acousticModel: ACOUSTIC_MODEL,
      dictionary: join(work, 'dict'),
      workDir: join(work, name),
      nbest: NBEST,
      timeoutMs: options.timeoutMs ?? 10_000,
      extraArgs: options.decoderArgs ?? DECODER_ARGS,
      log,
    });
  // One pair of decoders: the position pass and the free pass of one utterance run side by side,
  // one on each of a small server's two cores; utterances queue for the pair.
  const pair: DecoderPair = { position: decoder('position'), free: decoder('free') };
  const grammars = new Grammars(dictionary.known, options.phraseWeight ?? PHRASE_WEIGHT);
  const turn = oneAtATime(options.maxWaiting ?? 6);
  const clean = options.denoise === false ? (pcm: Buffer) => pcm : (pcm: Buffer) => denoisePcm(pcm);

  return {
    available: true,
    async recognise(pcm, request) {
      return turn(() => decodeBoth(pair, grammars, clean(pcm), request));
    },
    warm() {
      pair.position.warm();
      pair.free.warm();
    },
    close() {
      pair.position.close();
      pair.free.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** The two decoders of an utterance: with the position's grammar and with the position-free one. */
interface DecoderPair {
  readonly position: Decoder;
  readonly free: Decoder;
}

/** The grammars the decoders are given, as Sphinx FSG: the position's, and the position-free one per vocabulary (made once). */
class Grammars {
  private readonly free = new Map<VocabularyId, string>();

  constructor(
    /** The words of the decoders' dictionary. */
    private readonly known: ReadonlySet<string>,
    private readonly phraseWeight: number,
  ) {}

  /** The position-free chess grammar of `vocabulary`. */
  freeFsg(vocabulary: VocabularyId): string {
    let fsg = this.free.get(vocabulary);
    if (!fsg) {
      fsg = jsgfToFsg(
        grammarJsgf(chessGrammar({ vocabulary }), { vocabulary, known: this.known, name: 'chess' }),
        'chess',
      );
      this.free.set(vocabulary, fsg);
    }
    return fsg;
  }

  /** The grammar of the position `fen`: its legal moves' phrases weighted, the commands, any move shape. */
  positionFsg(fen: string, vocabulary: VocabularyId): string {
    return jsgfToFsg(
      grammarJsgf(recognitionGrammar(fen, { vocabulary }), {
        vocabulary,
        known: this.known,
        phraseWeight: this.phraseWeight,
      }),
      'position',
    );
  }
}

/**
 * Runs one piece of work at a time (an utterance on the pair); the next waiting one is handed the
 * pair directly, and beyond `maxWaiting` waiting ones a new one is refused as `busy`.
 */
function oneAtATime(maxWaiting: number): <T>(work: () => Promise<T>) => Promise<T> {
  const waiting: (() => void)[] = [];
  let running = false;
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running) {
      if (waiting.length >= maxWaiting) throw new Error('busy');
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running = true;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running = false;
    }
  };
}

/** Decodes one utterance with both passes side by side, and decides what it says. */
async function decodeBoth(
  pair: DecoderPair,
  grammars: Grammars,
  pcm: Buffer,
  request: RecognitionRequest,
): Promise<RecognitionAnswer> {
  const fsg = grammars.positionFsg(request.fen, request.vocabulary);
  // Both settle before the pair is handed on: a decoder still busy would refuse the next one.
  const [positional, positionFree] = await Promise.allSettled([
    pair.position.decode(pcm, fsg),
    pair.free.decode(pcm, grammars.freeFsg(request.vocabulary)),
  ]);
  if (positional.status === 'rejected' || positionFree.status === 'rejected') throw new Error('failed');
  const heard: [Decoded, Decoded] = [positional.value, positionFree.value];
  const alternatives = [...alternativesOf(heard[0], 'position'), ...alternativesOf(heard[1], 'free')];
  const result = decideRecognised(request.fen, alternatives, {
    vocabulary: request.vocabulary,
    locale: request.locale,
  });
  return { alternatives, decision: spokenDecision(result) };
}
