/**
 * The closed set of things a player may say (DESIGN principle 4): every way to say every legal
 * move of a position in every vocabulary (long and short form, with or without the piece name,
 * "takes"/"schlägt"/"x", castling in every accepted wording, promotion as "promotes to queen",
 * "equals queen", "queen", "wird Dame"), and every command of commands.ts. Phrases are
 * token sequences over one small token space: the words of all vocabularies map to meaning tokens
 * ("Cesar", "Cäsar", "charlie", "c" → file c), so matching is vocabulary-independent and fast.
 * Also owns THE normalisation of spoken or typed text (`normalizeWords`: moves, commands, voice
 * setup, the recognition grammar and the benchmarks all use it) and tokenisation.
 */
import { FILES, PIECE_TYPES, RANKS, legalMoves, type MoveInfo } from '../core/index.ts';
import { COMMANDS, type CommandName, type SlotKind } from './commands.ts';
import type { LexiconOverrides } from './describe.ts';
import { MISHEARINGS } from './mishearings.data.ts';
import { VOCABULARIES, VOCABULARY_IDS } from './vocabularies.ts';

/** A token id: an index into the token space. */
export type TokenId = number;

const tokenNames: string[] = [];
const tokenIds = new Map<string, TokenId>();
function intern(name: string): TokenId {
  const known = tokenIds.get(name);
  if (known !== undefined) return known;
  tokenIds.set(name, tokenNames.length);
  tokenNames.push(name);
  return tokenNames.length - 1;
}

/** The token every word outside the lexicon becomes. */
export const UNKNOWN = intern('<unk>');

// Word → meaning-token name. Built from the vocabulary data, then common alternatives.
const lexicon = new Map<string, string>();
function addWords(text: string, token: string): void {
  for (const word of normalizeWords(text)) lexicon.set(word, token);
}

const SAN_PIECES: Record<string, string> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight' };

/**
 * Lower-cases, folds German letters (ä → ae, ß → ss) and other accents, spells out symbols
 * (`O-O`, `=`, `+`, `#`, `e.p.`), splits glued coordinates ("e4", "g1f3", "exd5") into single
 * characters, and returns the words.
 */
export function normalizeWords(text: string): string[] {
  const folded = text
    // SAN piece letters are capitals ("Nf3", "Bxc3", "e8=N"); lower case "b" is a file.
    .replace(/\b([KQRBN])(?=[a-h]?[1-8]?[x-]?[a-h][1-8])/g, (l: string) => ` ${SAN_PIECES[l]} `)
    .replace(/=\s*([QRBNqrbn])\b/g, (_m: string, l: string) => ` = ${SAN_PIECES[l.toUpperCase()]} `)
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/j\s*'\s*adoube/g, 'jadoube')
    // "player's" is one word to a recogniser and in the setup phrases ("blind players assistant").
    .replace(/['’]/g, '')
    .replace(/\be\.\s*p\.?/g, ' ep ')
    .replace(/\ben\s+passant\b/g, ' ep ')
    .replace(/\b([o0])-([o0])-([o0])\b/g, ' o o o ')
    .replace(/\b([o0])-([o0])\b/g, ' o o ')
    .replace(/kingside/g, 'king side')
    .replace(/queenside/g, 'queen side')
    .replace(/=/g, ' = ')
    .replace(/\+/g, ' check ')
    .replace(/#/g, ' mate ')
    .replace(/[^a-z0-9=\s]/g, ' ');
  const words: string[] = [];
  for (const word of folded.split(/\s+/)) {
    if (!word) continue;
    if (/^(?:[a-h]?x?[a-h][1-8])+[qrbn]?$/.test(word) || /^[a-h][1-8]x[a-h][1-8]$/.test(word)) {
      words.push(...word.split(''));
    } else words.push(word);
  }
  return words;
}

for (const id of VOCABULARY_IDS) {
  const v = VOCABULARIES[id];
  for (const file of FILES) addWords(v.files[file], `f:${file}`);
  for (const rank of RANKS) addWords(v.ranks[rank], `r:${rank}`);
  for (const type of PIECE_TYPES) addWords(v.pieces[type], `p:${type}`);
  addWords(v.colors.w, 'c:w');
  addWords(v.colors.b, 'c:b');
  addWords(v.takes, 'takes');
  addWords(v.to, 'to');
  addWords(v.check, 'check');
  addWords(v.mate, 'mate');
}
const EXTRA_WORDS: Record<string, string> = {
  // files
  alfa: 'f:a',
  caesar: 'f:c',
  cesar: 'f:c',
  casar: 'f:c',
  eva: 'f:e',
  evan: 'f:e',
  // ranks and numbers (digits, and the other language's words)
  '1': 'r:1',
  '2': 'r:2',
  '3': 'r:3',
  '4': 'r:4',
  '5': 'r:5',
  '6': 'r:6',
  '7': 'r:7',
  '8': 'r:8',
  fuenf: 'r:5',
  funf: 'r:5',
  nine: 'n:9',
  neun: 'n:9',
  '9': 'n:9',
  // castling: "Kurze Rochade" = "short castle" = "castle short"; O-O spoken as "oh oh"
  kurze: 'short',
  kurz: 'short',
  short: 'short',
  lange: 'long',
  lang: 'long',
  long: 'long',
  rochade: 'castle',
  rochiert: 'castle',
  castle: 'castle',
  castles: 'castle',
  castling: 'castle',
  castled: 'castle',
  side: 'side',
  o: 'o',
  oh: 'o',
  '0': 'o',
  zero: 'o',
  null: 'o',
  // pieces: German spellings with and without umlaut, plurals for "where are the knights"
  koenig: 'p:k',
  konig: 'p:k',
  laeufer: 'p:b',
  laufer: 'p:b',
  kings: 'p:k',
  queens: 'p:q',
  rooks: 'p:r',
  bishops: 'p:b',
  knights: 'p:n',
  pawns: 'p:p',
  koenige: 'p:k',
  damen: 'p:q',
  tuerme: 'p:r',
  turme: 'p:r',
  bauern: 'p:p',
  weiss: 'c:w',
  weis: 'c:w',
  schwarz: 'c:b',
  schwarze: 'c:b',
  weisse: 'c:w',
  // move parts
  x: 'takes',
  take: 'takes',
  takes: 'takes',
  captures: 'takes',
  capture: 'takes',
  schlaegt: 'takes',
  schlagt: 'takes',
  nimmt: 'takes',
  to: 'to',
  nach: 'to',
  promotes: 'promote',
  promote: 'promote',
  promoting: 'promote',
  promotion: 'promote',
  equals: 'promote',
  '=': 'promote',
  becomes: 'promote',
  wird: 'promote',
  umwandlung: 'promote',
  checkmate: 'mate',
  schachmatt: 'mate',
  schach: 'check',
  matt: 'mate',
  ep: 'ep',
  // Little words people put around commands ("where are THE knights"); cheap to hear, see PRIORS.
  the: 'filler',
  der: 'filler',
  die: 'filler',
  das: 'filler',
  den: 'filler',
  my: 'filler',
  please: 'filler',
  bitte: 'filler',
  mein: 'filler',
  meine: 'filler',
};
for (const [word, token] of Object.entries(EXTRA_WORDS)) lexicon.set(word, token);
// The command words and the words the learned mishearing table knows become tokens of their own.
for (const spec of COMMANDS) {
  for (const pattern of [...spec.en, ...spec.de]) {
    for (const word of normalizeWords(pattern.replace(/\{[a-z?]+\}/g, ' '))) {
      if (!lexicon.has(word)) lexicon.set(word, `w:${word}`);
    }
  }
}
for (const name of [...tokenNamesOfLexicon(), ...MISHEARINGS.tokens]) intern(name);
function tokenNamesOfLexicon(): string[] {
  return [...new Set(lexicon.values())].sort();
}

/**
 * Every word the phrase set is made of (all vocabularies, both languages, the commands): the
 * grammar for a recogniser that can be restricted to a word list (src/speech/listener/vosk.ts).
 */
export function grammarWords(): string[] {
  return [...lexicon.keys()].filter((word) => /^[a-z]+$/.test(word) && word !== 'ep').sort();
}

/** How many tokens exist (the learned cost matrices are this size squared). */
export function tokenCount(): number {
  return tokenNames.length;
}

/** The token id of a meaning-token name (`f:e`, `r:4`, `takes`, `w:the` …), if it exists. */
export function tokenId(name: string): TokenId | undefined {
  return tokenIds.get(name);
}

/** The name of a token id. */
export function tokenName(id: TokenId): string {
  return tokenNames[id] ?? '<unk>';
}

/** The meaning-token name of one normalised word (`w:word` for a word outside the lexicon). */
export function wordTokenName(word: string): string {
  return lexicon.get(word) ?? `w:${word}`;
}

/** Tokenises heard or typed text: words outside the lexicon become UNKNOWN (or their learned token). */
export function tokenize(text: string, extra?: ReadonlyMap<string, string>): TokenId[] {
  const words = normalizeWords(text);
  const id = (name: string) => tokenIds.get(name) ?? UNKNOWN;
  if (!extra) return words.map((word) => id(wordTokenName(word)));
  const out: TokenId[] = [];
  for (let i = 0; i < words.length;) {
    let matched = false;
    for (const [phrase, token] of extra) {
      const parts = phrase.split(' ');
      if (parts.every((p, k) => words[i + k] === p)) {
        out.push(id(token));
        i += parts.length;
        matched = true;
        break;
      }
    }
    if (!matched) out.push(id(wordTokenName(words[i++]!)));
  }
  return out;
}

/** A player's own words for parts of a move, as in the settings: the same shape describe.ts speaks them from. */
export type OwnWords = LexiconOverrides;

/**
 * The extra phrase → token map for a player's own words (checklist 27): "goes to" means `to`,
 * "horse" means a knight. Longer phrases first, so that they win over their own first word.
 */
export function ownWordTokens(own: OwnWords | undefined): ReadonlyMap<string, string> | undefined {
  if (!own) return undefined;
  const entries: [string, string][] = [];
  const add = (text: string | undefined, token: string) => {
    const words = normalizeWords(text ?? '');
    if (words.length) entries.push([words.join(' '), token]);
  };
  for (const type of PIECE_TYPES) add(own.pieces?.[type], `p:${type}`);
  add(own.takes, 'takes');
  add(own.to, 'to');
  add(own.check, 'check');
  add(own.mate, 'mate');
  add(own.enPassant, 'ep');
  add(own.promotesTo, 'promote');
  entries.sort((a, b) => b[0].split(' ').length - a[0].split(' ').length);
  return entries.length ? new Map(entries) : undefined;
}

/** Token names of a text, for the learner and for reports. */
export function tokenNamesOf(text: string): string[] {
  return normalizeWords(text).map(wordTokenName);
}

/** One way to say something: tokens, a prior cost for looser forms, and what it means. */
export interface Phrase {
  readonly tokens: readonly TokenId[];
  /** Extra cost of this wording (0 for the forms of the rules and of describeMove). */
  readonly base: number;
}

export interface CommandPhrase extends Phrase {
  readonly command: CommandName;
  readonly args?: Readonly<Record<string, string>>;
}

const T = (name: string): TokenId => intern(name);
const square = (sq: string): TokenId[] => [T(`f:${sq[0]}`), T(`r:${sq[1]}`)];

/**
 * What SAN adds to tell a piece from its twins that reach the same square: nothing, the file,
 * the rank, or both (computed from the move list: SAN itself needs every move played out, which
 * is the slow part of a new position).
 */
function disambiguation(move: MoveInfo, siblings: readonly MoveInfo[]): string {
  if (move.piece === 'p' || move.piece === 'k') return '';
  const twins = siblings.filter((m) => m.piece === move.piece && m.to === move.to && m.from !== move.from);
  if (!twins.length) return '';
  if (twins.every((m) => m.from[0] !== move.from[0])) return move.from[0]!;
  if (twins.every((m) => m.from[1] !== move.from[1])) return move.from[1]!;
  return move.from;
}

/**
 * Every way to say one legal move (`siblings`: all legal moves of the position, for the
 * disambiguation), deduplicated (keeping the cheapest prior). "Check" and "mate" are not part
 * of a phrase: the matcher drops them from what it heard (they never tell two moves apart).
 */
export function movePhrases(move: MoveInfo, siblings: readonly MoveInfo[]): Phrase[] {
  const out = new Map<string, Phrase>();
  eachMovePhrase(move, siblings, (tokens, base) => {
    const key = tokens.join(',');
    const seen = out.get(key);
    if (!seen || seen.base > base) out.set(key, { tokens, base });
  });
  return [...out.values()];
}

/** Every way to say one legal move, handed to `add` one by one (a wording may come twice). */
function eachMovePhrase(
  move: MoveInfo,
  siblings: readonly MoveInfo[],
  add: (tokens: TokenId[], base: number) => void,
): void {
  const bodies = [...longForms(move), ...shortForms(move, siblings), ...castlingForms(move)];
  const endings = phraseEndings(move);
  for (const b of bodies)
    for (const e of endings) add(e.tokens.length ? [...b.tokens, ...e.tokens] : b.tokens, b.base + e.base);
}

/** A part of a move's phrase (the body, or what ends it) with its prior cost. */
type PhrasePart = { tokens: TokenId[]; base: number };

/** Long form: [piece] from [takes | to] to — with or without the piece name (FIDE App. C.13). */
function longForms(move: MoveInfo): PhrasePart[] {
  const piece = T(`p:${move.piece}`);
  const from = square(move.from);
  const to = square(move.to);
  const joins: PhrasePart[] = move.captured
    ? [
        { tokens: [T('takes')], base: 0 },
        { tokens: [], base: move.enPassant ? 0 : 0.1 },
        { tokens: [T('to')], base: 0.2 },
      ]
    : [
        { tokens: [], base: 0 },
        { tokens: [T('to')], base: 0 },
      ];
  return joins.flatMap((join) => [
    { tokens: [piece, ...from, ...join.tokens, ...to], base: join.base },
    { tokens: [...from, ...join.tokens, ...to], base: join.base + (move.piece === 'p' ? 0 : 0.05) },
  ]);
}

/** Short form: the words of SAN (piece, disambiguation, takes, arrival square); none for castling. */
function shortForms(move: MoveInfo, siblings: readonly MoveInfo[]): PhrasePart[] {
  const piece = T(`p:${move.piece}`);
  const to = square(move.to);
  const takes = T('takes');
  const bodies: PhrasePart[] = [];
  const body = (tokens: TokenId[], base: number) => bodies.push({ tokens, base });
  if (move.piece === 'p') {
    if (move.captured) {
      const fromFile = T(`f:${move.from[0]}`);
      body([fromFile, takes, ...to], 0);
      body([fromFile, ...to], 0.1);
      body([piece, takes, ...to], 0.2);
      body([takes, ...to], 0.3);
      // En passant is often said as its arrival square only: nothing stands there to be taken.
      body([...to], move.enPassant ? 0 : 0.4);
    } else {
      body([...to], 0);
      // No rule's form names the pawn, and grammar recognisers put "pawn" in front of noise.
      body([piece, ...to], 0.1);
    }
  } else if (!move.castle) {
    const dis = disambiguation(move, siblings);
    const disTokens = dis.split('').map((c) => (/[a-h]/.test(c) ? T(`f:${c}`) : T(`r:${c}`)));
    const capture = move.captured ? [takes] : [];
    body([piece, ...disTokens, ...capture, ...to], 0);
    // describeMove's short form links a disambiguation to the square: "Knight Bella to David seven".
    if (disTokens.length && !move.captured) body([piece, ...disTokens, T('to'), ...to], 0);
    if (move.captured) body([piece, ...disTokens, ...to], 0.1);
    // Saying less than SAN needs ("knight David two" when two knights can go) stays possible:
    // it matches both moves equally, so it is asked about, never guessed.
    if (disTokens.length) {
      body([piece, ...capture, ...to], 0);
      if (move.captured) body([piece, ...to], 0.1);
    }
  }
  return bodies;
}

/** Castling in every accepted wording (short castle, castle king side, O-O …); none for other moves. */
function castlingForms(move: MoveInfo): PhrasePart[] {
  if (!move.castle) return [];
  const side = move.castle === 'king' ? T('short') : T('long');
  const sideWords = [T(`p:${move.castle === 'king' ? 'k' : 'q'}`), T('side')];
  const castle = T('castle');
  return [
    { tokens: [side, castle], base: 0 },
    { tokens: [castle, side], base: 0 },
    { tokens: [castle, ...sideWords], base: 0 },
    { tokens: [...sideWords, castle], base: 0 },
    { tokens: [castle], base: 0.5 },
    { tokens: move.castle === 'king' ? [T('o'), T('o')] : [T('o'), T('o'), T('o')], base: 0 },
    { tokens: [T(`p:${move.piece}`), ...square(move.to)], base: 0.1 },
  ];
}

/** What may end a phrase of the move: nothing, or its promotion piece; then "en passant" too. */
function phraseEndings(move: MoveInfo): PhrasePart[] {
  const endings: PhrasePart[] = [{ tokens: [], base: 0 }];
  if (move.promotion) {
    const promoted = T(`p:${move.promotion}`);
    endings[0] = { tokens: [], base: 0.4 };
    endings.push(
      { tokens: [promoted], base: 0 },
      { tokens: [T('promote'), promoted], base: 0 },
      { tokens: [T('promote'), T('to'), promoted], base: 0 },
      { tokens: [T('to'), promoted], base: 0.1 },
    );
  }
  if (move.enPassant) endings.push(...endings.map((e) => ({ tokens: [...e.tokens, T('ep')], base: e.base })));
  return endings;
}

/**
 * Phrases merged into a prefix tree, so that a shared beginning ("knight Gustav one …") is
 * matched once for all phrases that share it. `ends` lists what a phrase ending here means:
 * the index of its target (a move or a command) and the phrase's prior cost.
 */
export interface PhraseTrie {
  readonly token: TokenId;
  readonly children: PhraseTrie[];
  readonly ends: { readonly target: number; readonly base: number; readonly length: number }[];
}

/** Builds the prefix tree of phrases; `target` is the caller's index for what the phrase means. */
export function buildTrie(
  entries: Iterable<{ readonly tokens: readonly TokenId[]; readonly base: number; readonly target: number }>,
): PhraseTrie {
  const root: PhraseTrie = { token: -1, children: [], ends: [] };
  for (const entry of entries) {
    let node = root;
    for (const token of entry.tokens) {
      let next = node.children.find((c) => c.token === token);
      if (!next) {
        next = { token, children: [], ends: [] };
        node.children.push(next);
      }
      node = next;
    }
    addEnd(node, entry.target, entry.base, entry.tokens.length);
  }
  return root;
}

/** One more phrase ends at `node`; the same target's cheaper wording stands. */
function addEnd(node: PhraseTrie, target: number, base: number, length: number): void {
  const same = node.ends.findIndex((e) => e.target === target);
  if (same < 0) node.ends.push({ target, base, length });
  else if (node.ends[same]!.base > base) node.ends[same] = { target, base, length };
}

/** The phrases of every legal move of a position, move by move (index = index in legalMoves). */
export interface PositionPhrases {
  readonly moves: readonly MoveInfo[];
  /** The phrases of the move `moves[index]` (made when asked for: the matcher needs the tree only). */
  readonly phrasesOf: (index: number) => readonly Phrase[];
  /** All move phrases in one tree; targets are indexes into `moves`. */
  readonly trie: PhraseTrie;
}

/** The targets (moves or commands) that `tokens` is word for word a phrase of, cheapest first. */
export function saidExactly(
  trie: PhraseTrie,
  tokens: readonly TokenId[],
): { target: number; base: number }[] {
  let node: PhraseTrie | undefined = trie;
  for (const token of tokens) {
    node = node.children.find((c) => c.token === token);
    if (!node) return [];
  }
  return [...node.ends].sort((a, b) => a.base - b.base);
}

const positionCache = new Map<string, PositionPhrases>();
const POSITION_CACHE_LIMIT = 512;

/** All move phrases of a position (cached: a game asks about the same position many times). */
export function positionPhrases(fen: string): PositionPhrases {
  const cached = positionCache.get(fen);
  if (cached) return cached;
  const moves = legalMoves(fen);
  // Phrases go straight into the tree (no list of them is kept: a new position's first
  // utterance waits for this).
  const trie: PhraseTrie = { token: -1, children: [], ends: [] };
  moves.forEach((move, target) =>
    eachMovePhrase(move, moves, (tokens, base) => {
      let node = trie;
      for (const token of tokens) {
        let next = node.children.find((c) => c.token === token);
        if (!next) {
          next = { token, children: [], ends: [] };
          node.children.push(next);
        }
        node = next;
      }
      addEnd(node, target, base, tokens.length);
    }),
  );
  const result = { moves, trie, phrasesOf: (index: number) => movePhrases(moves[index]!, moves) };
  if (positionCache.size >= POSITION_CACHE_LIMIT) {
    const oldest = positionCache.keys().next().value;
    if (oldest !== undefined) positionCache.delete(oldest);
  }
  positionCache.set(fen, result);
  return result;
}

type SlotValue = { tokens: TokenId[]; value?: string };
function slotValues(kind: SlotKind): SlotValue[] {
  switch (kind) {
    case 'square':
      return FILES.flatMap((f) => RANKS.map((r) => ({ tokens: square(`${f}${r}`), value: `${f}${r}` })));
    case 'file':
      return FILES.map((f) => ({ tokens: [T(`f:${f}`)], value: f }));
    case 'rank':
      return RANKS.map((r) => ({ tokens: [T(`r:${r}`)], value: r }));
    case 'piece':
      return PIECE_TYPES.map((p) => ({ tokens: [T(`p:${p}`)], value: p }));
    case 'color':
      return (['w', 'b'] as const).map((c) => ({ tokens: [T(`c:${c}`)], value: c }));
    case 'number':
      return [...RANKS.map((r) => ({ tokens: [T(`r:${r}`)], value: r })), { tokens: [T('n:9')], value: '9' }];
  }
}

/** Expands one command pattern ("where is {color?} {piece}") into phrases. */
export function expandPattern(command: CommandName, pattern: string, base = 0): CommandPhrase[] {
  let partial: { tokens: TokenId[]; args: Record<string, string> }[] = [{ tokens: [], args: {} }];
  for (const part of pattern.split(/\s+/)) {
    const slot = /^\{([a-z]+)(\?)?\}$/.exec(part);
    if (slot) {
      const kind = slot[1] as SlotKind;
      const choices: SlotValue[] = slotValues(kind);
      if (slot[2]) choices.push({ tokens: [] });
      partial = partial.flatMap((p) =>
        choices.map((c) => ({
          tokens: [...p.tokens, ...c.tokens],
          args: c.value === undefined ? p.args : { ...p.args, [kind === 'number' ? 'value' : kind]: c.value },
        })),
      );
    } else {
      const words = normalizeWords(part).map((w) => T(wordTokenName(w)));
      partial = partial.map((p) => ({ tokens: [...p.tokens, ...words], args: p.args }));
    }
  }
  return partial.map((p) =>
    Object.keys(p.args).length
      ? { command, tokens: p.tokens, base, args: p.args }
      : { command, tokens: p.tokens, base },
  );
}

/** Every spoken command phrase (English and German); position-independent, built once. */
export const COMMAND_PHRASES: readonly CommandPhrase[] = COMMANDS.flatMap((spec) =>
  [...spec.en, ...spec.de].flatMap((pattern) => expandPattern(spec.name, pattern)),
);

/** The command phrases in one tree; targets are indexes into COMMAND_PHRASES. */
export const COMMAND_TRIE: PhraseTrie = buildTrie(COMMAND_PHRASES.map((p, target) => ({ ...p, target })));

/** The words of a phrase, for reports and debugging ("p:n f:g r:1 f:f r:3"). */
export function phraseText(tokens: readonly TokenId[]): string {
  return tokens.map(tokenName).join(' ');
}
