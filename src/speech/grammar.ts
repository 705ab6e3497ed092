/**
 * What a recogniser may hear in one position (issue 11): the phrases, as lower-case words, of
 * every legal move in the player's vocabulary (every form src/speech/phrases.ts understands),
 * every command, and single words (chess words and the words of commands with a square, piece
 * or number in them) as decoys. The decoys keep the grammar open: a recogniser that may
 * only say legal moves turns noise into confident, legal, wrong moves, while one that may also
 * say any sequence of chess words lands noise on sequences that are no move, which the matcher
 * then asks about. vosk-browser takes the list as it is (with `[unk]`, src/speech/listener/vosk.ts),
 * where the single words make a loop; `grammarJsgf` writes it as JSGF for pocketsphinx
 * (bench/voice.ts), with the decoys as a move shape instead (measured better there).
 */
import { inspect, type MoveInfo } from '../core/index.ts';
import { claimPatterns } from './claimMove.ts';
import { COMMANDS } from './commands.ts';
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

function phrasesOfMove(move: MoveInfo, siblings: readonly MoveInfo[], v: Vocabulary): string[] {
  if (move.castle) return castlingPhrases(move.castle, v);
  const out: string[] = [];
  const suffixes = ['', ...(move.mate ? [v.mate, `${v.check} ${v.mate}`] : move.check ? [v.check] : [])];
  for (const phrase of movePhrases(move, siblings)) {
    const words = phrase.tokens.map((t) => wordsOf(tokenName(t), v));
    if (words.every((w) => w !== undefined))
      for (const suffix of suffixes) out.push(lower(`${words.join(' ')} ${suffix}`.trim()));
  }
  return out;
}

/**
 * The command phrases in the vocabulary's language: whole when they have no slot; a command
 * with a slot ("read {square}") gives its words to the decoys instead, so that the grammar stays
 * small (a recogniser builds it for every position) and the word loop still says it.
 */
function commandPhrases(v: Vocabulary): { phrases: string[]; words: string[] } {
  const phrases: string[] = [];
  const words: string[] = [];
  for (const spec of COMMANDS) {
    for (const pattern of v.lang === 'de' ? spec.de : spec.en) {
      if (pattern.includes('{')) {
        words.push(...pattern.split(' ').filter((w) => !w.startsWith('{')));
        continue;
      }
      for (const phrase of expandPattern(spec.name, pattern)) {
        const text = phrase.tokens.map((t) => wordsOf(tokenName(t), v));
        if (text.every((w) => w !== undefined)) phrases.push(text.join(' '));
      }
    }
  }
  return { phrases, words };
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

const commandCache = new Map<VocabularyId, { phrases: string[]; words: string[] }>();
/** The last grammars made, so that asking again for the same position gives the same list. */
const recent = new Map<string, readonly string[]>();

/**
 * The phrases a recogniser may hear in the position `fen`: legal moves and commands in the
 * player's vocabulary, then single chess words as decoys. Empty for an invalid position. The
 * same position and vocabulary give the same list (not a copy: a recogniser can tell by identity
 * that its grammar still holds). Callers must not change it.
 */
export function recognitionGrammar(fen: string, options: GrammarOptions = {}): readonly string[] {
  const info = inspect(fen);
  if (!info.ok) return [];
  const id = options.vocabulary ?? DEFAULT_VOCABULARY;
  const key = `${id} ${info.value.fen}`;
  const seen = recent.get(key);
  if (seen) return seen;
  const v = VOCABULARIES[id];
  let commands = commandCache.get(id);
  if (!commands) {
    commands = commandPhrases(v);
    commandCache.set(id, commands);
  }
  const { legalMoves } = info.value;
  const moves = legalMoves.flatMap((m) => phrasesOfMove(m, legalMoves, v));
  const grammar = [...new Set([...moves, ...commands.phrases, ...decoyWords(v), ...commands.words])];
  if (recent.size >= 8) recent.delete(recent.keys().next().value!);
  recent.set(key, grammar);
  return grammar;
}

/**
 * What a second, position-free recogniser may hear (issue 11): the castling phrases and commands
 * of the player's vocabulary and its single chess words, with no legal move. As JSGF
 * (`grammarJsgf`) the words become every move shape on any square; vosk hears them as a word
 * loop. A wrong legal phrase the position's grammar forced on noise or on a misheard word
 * seldom comes out of this one too, so a move is played only when the two agree
 * (src/speech/interpret.ts, `agreement`).
 */
export function chessGrammar(options: GrammarOptions = {}): readonly string[] {
  const id = options.vocabulary ?? DEFAULT_VOCABULARY;
  const v = VOCABULARIES[id];
  let commands = commandCache.get(id);
  if (!commands) {
    commands = commandPhrases(v);
    commandCache.set(id, commands);
  }
  const castling = [...castlingPhrases('king', v), ...castlingPhrases('queen', v)];
  return [...new Set([...castling, ...commands.phrases, ...decoyWords(v), ...commands.words])];
}

/**
 * The grammar as JSGF for pocketsphinx, in the recogniser's spelling (ASCII, see
 * normalizeWords): every phrase as an alternative, and beside them the decoys as rules over the
 * vocabulary's words: any move shape between any squares, and the commands with a slot. (A word
 * loop, which is what the single-word decoys give vosk, makes pocketsphinx hear noise as long
 * strings of short words; the move shape keeps noise move-like, and mostly illegal.)
 * `known` (the words of the recogniser's dictionary) makes a word it lacks an error naming the
 * word, thrown here, where the grammar is written, rather than by the decoder reading it.
 */
export function grammarJsgf(
  phrases: readonly string[],
  options: GrammarOptions & {
    readonly known?: ReadonlySet<string>;
    readonly name?: string;
    /**
     * How much more likely a whole phrase is than the decoys' move shape or a command with a
     * slot (JSGF weights; 1: all three alike, as sphinxbase weighs unweighted alternatives).
     */
    readonly phraseWeight?: number;
  } = {},
): string {
  const v = VOCABULARIES[options.vocabulary ?? DEFAULT_VOCABULARY];
  const ascii = (text: string) => normalizeWords(text).join(' ');
  // Every word must be pronounceable (issue 25): dropping a phrase with an unknown word would
  // hide the gap, and a grammar the dictionary cannot say stops pocketsphinx.
  const knows = (text: string) => {
    const missing = options.known ? normalizeWords(text).filter((w) => !options.known!.has(w)) : [];
    if (missing.length > 0)
      throw new Error(
        `grammarJsgf: no pronunciation in the recogniser's dictionary for "${missing.join('", "')}"`,
      );
    return true;
  };
  const alt = (words: readonly string[]) => [...new Set(words.map(ascii))].filter(knows).join(' | ');
  const german = v.lang === 'de';
  const slotted = COMMANDS.flatMap((spec) => (german ? spec.de : spec.en))
    .filter((pattern) => pattern.includes('{'))
    .map((pattern) =>
      pattern
        .split(' ')
        .map((part) => {
          const slot = /^\{([a-z]+)(\?)?\}$/.exec(part);
          if (!slot) return ascii(part);
          const rule = `<${slot[1] === 'number' ? 'rank' : slot[1]}>`;
          return slot[2] ? `[${rule}]` : rule;
        })
        .join(' '),
    )
    .filter((p) => knows(p.replace(/\[|\]|<[a-z]+>/g, ' ')));
  // A repetition or fifty-move claim may state its move (speech/claimMove.ts, GR-36).
  const claims = claimPatterns(german ? 'de' : 'en')
    .map(ascii)
    .filter(knows)
    .map((p) => `${p} <move>`);
  const whole = [...new Set(phrases.map(ascii))].filter((p) => p !== '' && knows(p));
  return [
    '#JSGF V1.0;',
    `grammar ${options.name ?? 'position'};`,
    options.phraseWeight === undefined
      ? 'public <utterance> = <phrase> | <move> | <command>;'
      : `public <utterance> = /${options.phraseWeight}/ <phrase> | /1/ <move> | /1/ <command>;`,
    `<phrase> = ${whole.join(' | ')};`,
    `<move> = [<piece>] [<file> | <rank> | <square>] [${alt([v.takes, v.to])}] <square> [[${alt([german ? 'wird' : 'promotes to'])}] <piece>] [${alt([v.check, v.mate])}];`,
    '<square> = <file> <rank>;',
    `<file> = ${alt(Object.values(v.files))};`,
    `<rank> = ${alt(Object.values(v.ranks))};`,
    `<piece> = ${alt(Object.values(v.pieces))};`,
    `<color> = ${alt(Object.values(v.colors))};`,
    `<command> = ${[...slotted, ...claims].join(' | ')};`,
    '',
  ].join('\n');
}
