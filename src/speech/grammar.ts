/**
 * What a recogniser may hear in one position (issue 11): the phrases, as lower-case words, of
 * every legal move in the player's vocabulary (every form src/speech/phrases.ts understands),
 * every command, and single-word decoys. The decoys keep the grammar open: a recogniser that may
 * only say legal moves turns noise into confident, legal, wrong moves, while one that may also
 * say any sequence of chess words lands noise on sequences that are no move, which the matcher
 * then asks about. vosk-browser takes the list as it is (with `[unk]`, src/speech/listener/vosk.ts);
 * `grammarJsgf` writes it as JSGF for pocketsphinx (bench/voice.ts).
 */
import { inspect, type MoveInfo } from '../core/index.ts';
import { COMMANDS } from '../input/commands.ts';
import { expandPattern, movePhrases, normalizeWords, tokenName } from './phrases.ts';
import { DEFAULT_VOCABULARY, VOCABULARIES, type Vocabulary, type VocabularyId } from './vocabularies.ts';

export interface GrammarOptions {
  readonly vocabulary?: VocabularyId;
}

const lower = (text: string) => text.toLowerCase();

/** The words of one meaning token in a vocabulary, or undefined when it has none there. */
function wordsOf(token: string, v: Vocabulary): string | undefined {
  const [kind, value] = token.split(':') as [string, string | undefined];
  const german = v.lang === 'de';
  switch (kind) {
    case 'f':
      return lower(v.files[value as keyof Vocabulary['files']]);
    case 'r':
      return lower(v.ranks[value as keyof Vocabulary['ranks']]);
    case 'p':
      return lower(v.pieces[value as keyof Vocabulary['pieces']]);
    case 'c':
      return lower(v.colors[value as 'w' | 'b']);
    case 'n':
      return german ? 'neun' : 'nine';
    case 'takes':
      return lower(v.takes);
    case 'to':
      return lower(v.to);
    case 'check':
      return lower(v.check);
    case 'mate':
      return lower(v.mate);
    case 'promote':
      return german ? 'wird' : 'promotes';
    case 'ep':
      return 'en passant';
    case 'filler':
      return undefined;
    case 'w':
      return value;
    default:
      return undefined;
  }
}

/** The castling phrases of a vocabulary: the rules' German words, and the English ones in English. */
function castlingPhrases(side: 'king' | 'queen', v: Vocabulary): string[] {
  const rules = lower(side === 'king' ? v.kingsideCastle : v.queensideCastle);
  if (v.lang !== 'en') return [rules];
  const short = side === 'king' ? 'short' : 'long';
  return [rules, `castle ${short}`, `${short} castling`, `castle ${side}side`];
}

function phrasesOfMove(move: MoveInfo, v: Vocabulary): string[] {
  if (move.castle) return castlingPhrases(move.castle, v);
  const out: string[] = [];
  for (const phrase of movePhrases(move)) {
    const words = phrase.tokens.map((t) => wordsOf(tokenName(t), v));
    if (words.every((w) => w !== undefined)) out.push(words.join(' '));
  }
  return out;
}

/** Every command phrase in the vocabulary's language, slots filled with its words. */
function commandPhrases(v: Vocabulary): string[] {
  const out: string[] = [];
  for (const spec of COMMANDS) {
    for (const pattern of v.lang === 'de' ? spec.de : spec.en) {
      for (const phrase of expandPattern(spec.name, pattern)) {
        const words = phrase.tokens.map((t) => wordsOf(tokenName(t), v));
        if (words.every((w) => w !== undefined)) out.push(words.join(' '));
      }
    }
  }
  return out;
}

/** The single words moves are made of (the decoys that keep the grammar open). */
function decoyWords(v: Vocabulary): string[] {
  const words = [
    ...Object.values(v.files),
    ...Object.values(v.ranks),
    ...Object.values(v.pieces),
    v.takes,
    v.to,
  ];
  return words.map(lower);
}

const commandCache = new Map<VocabularyId, readonly string[]>();

/**
 * The phrases a recogniser may hear in the position `fen`: legal moves and commands in the
 * player's vocabulary, then single chess words as decoys. Empty for an invalid position.
 */
export function recognitionGrammar(fen: string, options: GrammarOptions = {}): string[] {
  const info = inspect(fen);
  if (!info.ok) return [];
  const id = options.vocabulary ?? DEFAULT_VOCABULARY;
  const v = VOCABULARIES[id];
  let commands = commandCache.get(id);
  if (!commands) {
    commands = commandPhrases(v);
    commandCache.set(id, commands);
  }
  const moves = info.value.legalMoves.flatMap((m) => phrasesOfMove(m, v));
  return [...new Set([...moves, ...commands, ...decoyWords(v)])];
}

/**
 * The grammar as JSGF for pocketsphinx: multi-word phrases as alternatives, single words as a
 * loop (any sequence of them), in the recogniser's spelling (ASCII, see normalizeWords).
 */
export function grammarJsgf(phrases: readonly string[], name = 'position'): string {
  const ascii = phrases.map((p) => normalizeWords(p).join(' ')).filter((p) => p !== '');
  const whole = [...new Set(ascii.filter((p) => p.includes(' ')))];
  const single = [...new Set(ascii.filter((p) => !p.includes(' ')))];
  const rules = [whole.length ? '<phrase>' : '', single.length ? '<word>+' : ''].filter(Boolean);
  return [
    '#JSGF V1.0;',
    `grammar ${name};`,
    `public <utterance> = ${rules.join(' | ')};`,
    ...(whole.length ? [`<phrase> = ${whole.join(' | ')};`] : []),
    ...(single.length ? [`<word> = ${single.join(' | ')};`] : []),
    '',
  ].join('\n');
}
