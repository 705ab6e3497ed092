/**
 * Heard text → what the player meant, as a pure function over a closed set (DESIGN principle 4,
 * spec NT-04, checklist 25): the recogniser's n-best transcripts are ranked against every phrase
 * of every legal move and every command (src/speech/phrases.ts) with a weighted token edit
 * distance whose costs for known mishearings were learned from the corpus
 * (src/speech/mishearings.data.ts). A move is answered only when one legal move is clearly meant
 * (a low absolute cost AND a margin to the next move); otherwise the caller must ask aloud
 * (`ambiguous`, with candidates) or say it did not understand (`unrecognized`, with a reason).
 * A wrongly played move cannot be taken back, so doubt always asks.
 */
import { inspect, type MoveInfo } from '../core/index.ts';
import type { CommandName } from '../input/commands.ts';
import { buildCostModel, type CostModel, type MishearingTable } from './mishearings.ts';
import { MISHEARINGS } from './mishearings.data.ts';
import {
  COMMAND_PHRASES,
  COMMAND_TRIE,
  UNKNOWN,
  positionPhrases,
  tokenCount,
  tokenId,
  tokenize,
  tokenName,
  ownWordTokens,
  normalizeWords,
  type OwnWords,
  type Phrase,
  type PhraseTrie,
  type PositionPhrases,
  type TokenId,
} from './phrases.ts';
import type { VocabularyId } from './vocabularies.ts';

/** The answer of the interpreter. */
export type Interpretation =
  | { kind: 'move'; uci: string; san: string }
  | { kind: 'ambiguous'; candidates: { uci: string; san: string }[] }
  | { kind: 'command'; command: CommandName; args?: Record<string, string> }
  | { kind: 'unrecognized'; reason: UnrecognizedReason };

/** Why nothing was understood; stable codes the dialogue turns into words. */
export type UnrecognizedReason =
  'empty' | 'tooLong' | 'invalidPosition' | 'noMatch' | 'unclear' | 'tooManyCandidates';

export interface InterpretOptions {
  /**
   * The player's vocabulary and language. Accepted for callers that know them, but every
   * vocabulary's words and both languages are always understood: players mix them ("Anna" with
   * NATO, "Dame" in English), and recognisers swap them ("Cesar" heard as "charlie").
   */
  readonly vocabulary?: VocabularyId;
  readonly locale?: string;
  /** The player's own words for pieces, "takes" … (the describe lexicon overrides, checklist 27). */
  readonly lexicon?: OwnWords;
  /**
   * The words were typed, not heard: nothing was misheard, so a phrase of exactly one legal move,
   * word for word, is played without the margins that guard against mishearing.
   */
  readonly typed?: boolean;
  /**
   * The second alternative is the same audio heard by an independent recogniser with the
   * position-free chess grammar (every move shape on any square, every command), the first by one
   * restricted to the position's phrases (issue 11). A move is then played at once only when the
   * second transcript, on its own, also means that move (`agrees`); otherwise it is offered. A
   * wrong legal phrase the position grammar forced on the audio seldom survives a grammar that
   * could have heard any square. Without it (Web Speech's n-best of one recogniser) the decision
   * is as before.
   */
  readonly agreement?: boolean;
}

/**
 * Decision thresholds, tuned on the training part of the corpus with bench/voice.ts. Costs are in
 * "whole-token errors": an unknown word for a known one costs 1. Playing at once does not depend
 * on costs at all (see `decide`); they only rank what is offered and commands.
 */
export const THRESHOLDS = {
  /** A command is answered only below this cost… */
  accept: 1.6,
  /** …and only when the next different meaning costs at least this much more… */
  margin: 0.3,
  /** …and only when the cost is at most this share of the phrase's tokens. */
  ratio: 0.4,
  /** A word-for-word command is answered when nothing else comes within this margin. */
  exactMargin: 0.1,
  /** A move is played at once with at most this many words added to its plain phrase… */
  maxAdded: 2,
  /** …and no other meaning within this cost… */
  playMargin: 0.3,
  /**
   * …or this cost when the transcript has letters that rhyme (b, c, d, e, g: the "E-set"),
   * which recognisers swap for one another far more often than any other words of a move.
   */
  rhymingPlayMargin: 1,
  /**
   * A transcript that is no plain phrase of any move is played as the one move it can only mean
   * (a repair) when that move costs at most this ("knight gustav one felix tree")…
   */
  repairCost: 0.3,
  /**
   * …no other move or command comes within this much more, the piece that moves is named first
   * (a pawn: by its square), "takes" was heard for a capture, and no letters rhyme. On the
   * training part (2,556 utterances) this played 32 more right and none wrong; a cost of 0.5 or a
   * margin of 0.5 played some wrong ("delta two to hotel three" for "Delta two Delta three").
   */
  repairMargin: 0.6,
  /** Moves are offered up to this cost… */
  ask: 2.2,
  /** …within this margin of the best… */
  offerMargin: 0.8,
  /** …and at most this many (more means "say more", not a list to listen through). */
  maxCandidates: 4,
  /**
   * A later alternative that is this close to a phrase of a different move than the first
   * alternative's disagrees with it: the move is offered, not played.
   */
  disagree: 0.5,
  /** Each later n-best alternative costs this much extra. */
  alternativePenalty: 0.15,
  /** Longer input is noise, not a move (characters, tokens). */
  maxChars: 400,
  maxTokens: 16,
} as const;

/**
 * The matcher's cost matrices for a mishearing table (the committed one by default), with the
 * file confusions of the player's vocabulary when it has its own.
 */
export function costModelFor(table: MishearingTable, vocabulary?: VocabularyId): CostModel {
  const family = FILE_WORD_FAMILIES.find((f) => vocabulary !== undefined && f.ids.includes(vocabulary));
  return buildCostModel(table, tokenCount(), tokenId, family?.name);
}

const models = new Map<VocabularyId | undefined, CostModel>();
function defaultModel(vocabulary?: VocabularyId): CostModel {
  let model = models.get(vocabulary);
  if (!model) {
    model = costModelFor(MISHEARINGS, vocabulary);
    models.set(vocabulary, model);
  }
  return model;
}

/**
 * Weighted edit distance of the heard tokens to every phrase of a prefix tree at once: one DP
 * row per tree node, computed from its parent's row; a subtree is skipped as soon as its row
 * cannot come under the bound. The bound is `limit`, and once a phrase costing `found` is seen
 * (or `found` is given), `found + slack`: what costs more than that is never looked at by the
 * decision, so most of the tree is skipped. `best[target]` receives the cheapest cost per target
 * (with the phrase's prior) and `lengths[target]` the length of that phrase; targets dearer than
 * the final bound may or may not be filled; `touched` (if given) receives each target filled.
 * Returns the cheapest cost found.
 */
function matchTrie(
  trie: PhraseTrie,
  heard: readonly TokenId[],
  m: CostModel,
  bounds: { readonly limit: number; readonly slack: number; readonly found: number; readonly floor: number },
  best: Float64Array,
  lengths: Int32Array,
  touched?: number[],
): number {
  const n = heard.length;
  const { sub, del, ins, trail, lead, size } = m;
  const { limit, slack, floor } = bounds;
  let found = bounds.found;
  let bound = Math.max(floor, Math.min(limit, found + slack));
  const rows: Float64Array[] = [];
  const row0 = new Float64Array(n + 1);
  for (let j = 1; j <= n; j++) row0[j] = row0[j - 1]! + lead[heard[j - 1]!]!;
  rows.push(row0);
  const end = new Float64Array(n + 1);
  const visit = (node: PhraseTrie, depth: number) => {
    const parent = rows[depth - 1]!;
    let row = rows[depth];
    if (!row) {
      row = new Float64Array(n + 1);
      rows[depth] = row;
    }
    const said = node.token;
    const base = said * size;
    const dropped = del[said]!;
    row[0] = parent[0]! + dropped;
    let low = row[0]!;
    for (let j = 1; j <= n; j++) {
      const h = heard[j - 1]!;
      let c = parent[j - 1]! + sub[base + h]!;
      const d = parent[j]! + dropped;
      if (d < c) c = d;
      const a = row[j - 1]! + ins[h]!;
      if (a < c) c = a;
      row[j] = c;
      if (c < low) low = c;
    }
    if (low > bound) return;
    if (node.ends.length) {
      // Words heard after the last word of a phrase are trailing noise, with their own costs.
      end[0] = row[0]!;
      for (let j = 1; j <= n; j++) {
        const h = heard[j - 1]!;
        let c = parent[j - 1]! + sub[base + h]!;
        const d = parent[j]! + dropped;
        if (d < c) c = d;
        const a = end[j - 1]! + trail[h]!;
        if (a < c) c = a;
        end[j] = c;
      }
      for (const e of node.ends) {
        const cost = end[n]! + e.base;
        if (cost < best[e.target]!) {
          if (touched && best[e.target] === Infinity) touched.push(e.target);
          best[e.target] = cost;
          lengths[e.target] = e.length;
        }
        if (cost < found) {
          found = cost;
          bound = Math.max(floor, Math.min(limit, found + slack));
        }
      }
    }
    for (const child of node.children) visit(child, depth + 1);
  };
  for (const child of trie.children) visit(child, 1);
  return found;
}

/** The heard piece word names a piece the move neither moves nor promotes to (castling: king, rook). */
function contradicts(move: MoveInfo, heardPiece: string | undefined): boolean {
  if (heardPiece === undefined || heardPiece === move.piece || heardPiece === move.promotion) return false;
  // "castle king side"/"queen side" name the side, not a moving piece.
  return !(move.castle && (heardPiece === 'k' || heardPiece === 'q' || heardPiece === 'r'));
}

const TAKES = tokenId('takes')!;
const IGNORED = new Set(['check', 'mate', 'filler'].map((name) => tokenId(name)));
/** "Check" and "mate" after a move: no phrase holds them, so they are not matched (src/speech/phrases.ts). */
const SPOKEN_SUFFIX = new Set(['check', 'mate'].map((name) => tokenId(name)));

/**
 * The words that carry a move, from one transcript: "check", "mate" and little words dropped
 * anywhere, words outside the lexicon dropped at the end (a recogniser's padding). An unknown
 * word in front stays: it may be the piece word, misheard ("[unk] Felix three" is not "f3").
 */
function carryingTokens(tokens: readonly TokenId[]): TokenId[] {
  const kept = tokens.filter((t) => !IGNORED.has(t));
  let end = kept.length;
  while (end > 0 && kept[end - 1] === UNKNOWN) end--;
  return kept.slice(0, end);
}

/** A word outside the chess words (unknown, or a learned everyday word): it names nothing. */
const namesNothing = (t: TokenId) => t === UNKNOWN || tokenName(t).startsWith('w:');

/**
 * How many words the transcript has beyond a plain phrase of the move (the piece named, "takes"
 * said for a capture: no prior cost), when it holds one in order with only words added that
 * name nothing (0: word for word); undefined when every plain phrase of the move lost or changed
 * a word of it, or when a chess word was added: a file, rank, piece, "to" or "takes" the phrase
 * does not hold belongs to some other move ("Gustav Anna three" is not "Gustav three").
 */
function addedWords(carrying: readonly TokenId[], phrases: readonly Phrase[]): number | undefined {
  let fewest: number | undefined;
  for (const phrase of phrases) {
    if (phrase.base !== 0 || phrase.tokens.length > carrying.length) continue;
    let i = 0;
    let foreign = false;
    for (const t of carrying) {
      if (i < phrase.tokens.length && t === phrase.tokens[i]) i++;
      else if (!namesNothing(t)) foreign = true;
    }
    if (i === phrase.tokens.length && !foreign) {
      const added = carrying.length - phrase.tokens.length;
      if (fewest === undefined || added < fewest) fewest = added;
    }
  }
  return fewest;
}

/** Every vocabulary's words for files: what a player of `vocabulary` does not say. */
function foreignFileWords(vocabulary: VocabularyId): ReadonlySet<string> {
  const own = new Set(FILE_WORD_FAMILIES.find((family) => family.ids.includes(vocabulary))?.words ?? []);
  return new Set(FILE_WORD_FAMILIES.flatMap((family) => family.words).filter((w) => !own.has(w)));
}
/** The vocabularies by the words they have for files (Anna–Bella in English and German share theirs). */
export const FILE_WORD_FAMILIES: readonly {
  name: string;
  ids: readonly VocabularyId[];
  words: readonly string[];
}[] = [
  {
    name: 'phonetic',
    ids: ['ibca1985', 'fide2018-de'],
    words: ['anna', 'bella', 'cesar', 'caesar', 'casar', 'david', 'evan', 'eva', 'felix', 'gustav', 'hector'],
  },
  {
    name: 'nato',
    ids: ['nato'],
    words: ['alpha', 'alfa', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'],
  },
  { name: 'letters', ids: ['letters'], words: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] },
];
const foreignCache = new Map<VocabularyId, ReadonlySet<string>>();

function saysForeignFiles(text: string, vocabulary: VocabularyId): boolean {
  let foreign = foreignCache.get(vocabulary);
  if (!foreign) {
    foreign = foreignFileWords(vocabulary);
    foreignCache.set(vocabulary, foreign);
  }
  return normalizeWords(text).some((w) => foreign.has(w));
}

const RHYMING = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
/** German ranks that rhyme, each with its rhyme. */
const RHYMING_RANKS: ReadonlyMap<string, string> = new Map([
  ['zwei', 'drei'],
  ['drei', 'zwei'],
]);

/** Scored meanings of the heard alternatives, before the decision. Exposed for the benchmark. */
export interface Scores {
  /**
   * `length`: tokens of the phrase that matched best (a cost means more on a short phrase).
   * `contradicted`: the transcript held to starts with a piece this move does not move (nor promote to).
   * `added`: the transcript held to holds a plain phrase of this move with this many words added
   * (0: word for word), or undefined (computed for the best move only).
   */
  readonly moves: readonly {
    uci: string;
    /** The legal move (its SAN is computed only when asked for: only for what is answered). */
    move: MoveInfo;
    cost: number;
    length: number;
    contradicted: boolean;
    added?: number;
    /** The piece that moves is named first (a pawn: no other piece named; for the best move only). */
    named?: boolean;
  }[];
  readonly commands: readonly {
    command: CommandName;
    args?: Record<string, string>;
    cost: number;
    length: number;
  }[];
  /**
   * The moves (uci, or `command` for any command) that an alternative after the one held to
   * comes within `THRESHOLDS.disagree` of.
   */
  readonly laterClose: ReadonlySet<string>;
  /**
   * The best transcript names a file in another vocabulary's words than the player's ("delta"
   * from an Anna–Bella player): a recogniser swapped words, so nothing is played unasked.
   */
  readonly foreign: boolean;
  /** The best transcript has letters of the E-set (b, c, d, e, g). */
  readonly rhyming: boolean;
  /**
   * The moves (uci → cost) that the best transcript means with one German rank that rhymes
   * swapped for its rhyme ("zwei" for "drei" or back): what it may have been said as.
   */
  readonly rhymeTwins: ReadonlyMap<string, number>;
  /** The transcript held to says "takes" (or its word in another language). */
  readonly saysTakes: boolean;
}

/**
 * How far above the best move the decision looks at other moves and commands (the widest play
 * or offer margin), and above the best command at other commands (the command margins).
 */
const MOVE_SLACK = Math.max(THRESHOLDS.playMargin, THRESHOLDS.rhymingPlayMargin, THRESHOLDS.offerMargin);
const COMMAND_SLACK = Math.max(THRESHOLDS.margin, THRESHOLDS.exactMargin);

/**
 * The per-command costs of one alternative: the command set is fixed, so one buffer serves every
 * call (reset to Infinity where a call wrote) instead of thousands of cells allocated per call.
 */
const COMMAND_BEST = new Float64Array(COMMAND_PHRASES.length).fill(Infinity);
const COMMAND_LENGTHS = new Int32Array(COMMAND_PHRASES.length);

function alternativesOf(heard: string | readonly string[]): string[] {
  return (typeof heard === 'string' ? [heard] : [...heard]).slice(0, 5);
}

/** Costs of every legal move and the best commands for the heard alternatives (sorted, best first). */
export function scoreUtterance(
  fen: string,
  heard: string | readonly string[],
  m?: CostModel,
  options: { readonly extra?: ReadonlyMap<string, string>; readonly vocabulary?: VocabularyId } = {},
): Scores | UnrecognizedReason {
  m ??= defaultModel(options.vocabulary);
  const { extra, vocabulary } = options;
  const info = inspect(fen);
  if (!info.ok) return 'invalidPosition';
  const alternatives = alternativesOf(heard);
  if (alternatives.some((a) => a.length > THRESHOLDS.maxChars)) return 'tooLong';
  const tokenLists = alternatives.map((a) => tokenize(a, extra)).filter((t) => t.length > 0);
  if (tokenLists.length === 0) return 'empty';
  if (tokenLists.every((t) => t.length > THRESHOLDS.maxTokens)) return 'tooLong';
  if (tokenLists.every((t) => t.every((x) => x === UNKNOWN))) return 'noMatch';
  const phrases = positionPhrases(info.value.fen);
  const { moves, trie } = phrases;
  const limit = Math.max(THRESHOLDS.ask, THRESHOLDS.accept) + THRESHOLDS.margin;
  const moveBest = new Float64Array(moves.length).fill(Infinity);
  const moveLengths = new Int32Array(moves.length);
  const commandBest = new Map<number, { cost: number; length: number }>();
  const close = tokenLists.map(() => new Set<string>());
  // Moves first, every alternative; then commands, only as far as the decision can use them.
  let bestMove = Infinity;
  tokenLists.forEach((tokens, rank) => {
    if (tokens.length > THRESHOLDS.maxTokens) return;
    // A later alternative is matched with its penalty already counted against the limit, and
    // always down to `disagree` (a later alternative close to another move holds the first back).
    const penalty = rank * THRESHOLDS.alternativePenalty;
    const best = new Float64Array(moves.length).fill(Infinity);
    const lengths = new Int32Array(moves.length);
    const found = matchTrie(
      trie,
      tokens.filter((t) => !SPOKEN_SUFFIX.has(t)),
      m,
      {
        limit: limit - penalty,
        slack: MOVE_SLACK,
        found: bestMove - penalty,
        floor: rank > 0 ? THRESHOLDS.disagree : 0,
      },
      best,
      lengths,
    );
    bestMove = Math.min(bestMove, found + penalty);
    best.forEach((c, i) => {
      if (rank > 0 && c <= THRESHOLDS.disagree) close[rank]!.add(moves[i]!.uci);
      if (c + penalty < moveBest[i]!) {
        moveBest[i] = c + penalty;
        moveLengths[i] = lengths[i]!;
      }
    });
  });
  // A command counts only below the best move's cost plus the play margin (as the rival that
  // holds the move back), or as the answer when it beats the moves.
  const commandLimit = Math.min(limit, bestMove + MOVE_SLACK);
  let bestCommand = Infinity;
  tokenLists.forEach((tokens, rank) => {
    if (tokens.length > THRESHOLDS.maxTokens) return;
    const penalty = rank * THRESHOLDS.alternativePenalty;
    const touched: number[] = [];
    const found = matchTrie(
      COMMAND_TRIE,
      tokens,
      m,
      {
        limit: commandLimit - penalty,
        slack: COMMAND_SLACK,
        found: bestCommand - penalty,
        floor: rank > 0 ? THRESHOLDS.disagree : 0,
      },
      COMMAND_BEST,
      COMMAND_LENGTHS,
      touched,
    );
    bestCommand = Math.min(bestCommand, found + penalty);
    for (const i of touched) {
      const c = COMMAND_BEST[i]!;
      if (rank > 0 && c <= THRESHOLDS.disagree) close[rank]!.add('command');
      if (c + penalty < (commandBest.get(i)?.cost ?? Infinity))
        commandBest.set(i, { cost: c + penalty, length: COMMAND_LENGTHS[i]! });
      COMMAND_BEST[i] = Infinity;
    }
  });
  // What the pruning may or may not have reached is dropped, so that the scores do not depend on
  // the order the trees are walked in.
  const moveCap = Math.min(limit, bestMove + MOVE_SLACK);
  const commandCap = Math.min(commandLimit, bestCommand + COMMAND_SLACK);
  // The piece named first is the one the player means to move ("knight takes Evan four"); piece
  // words later on are promotion pieces, or recogniser padding ("… pawn"), and are not held to.
  // The transcript held to is the best one that says anything ("the night" before "knight …" does not).
  const lead = Math.max(
    0,
    tokenLists.findIndex((t) => carryingTokens(t).length > 0),
  );
  const carrying = carryingTokens(tokenLists[lead]!);
  const leadText = alternatives.filter((a) => tokenize(a, extra).length > 0)[lead]!;
  const firstWord = tokenName(carrying[0] ?? UNKNOWN);
  const heardPiece = firstWord.startsWith('p:') ? firstWord.slice(2) : undefined;
  const moveScores = moves
    .map((move, i) => ({
      uci: move.uci,
      move,
      cost: moveBest[i]!,
      length: moveLengths[i]!,
      contradicted: contradicts(move, heardPiece),
      index: i,
    }))
    .filter((x) => x.cost <= moveCap)
    .sort((a, b) => a.cost - b.cost)
    .map(({ index, ...x }, rank) =>
      rank === 0
        ? {
            ...x,
            added: addedWords(carrying, phrases.phrasesOf(index)),
            named:
              x.move.piece === 'p'
                ? heardPiece === undefined || heardPiece === 'p'
                : heardPiece === x.move.piece,
          }
        : x,
    );
  // Several phrases mean the same command ("offer draw", "draw"): keep the best of each meaning.
  const commandScores = new Map<string, Scores['commands'][number]>();
  // In command order, so that ties resolve as the command list orders them.
  for (const [i, { cost, length }] of [...commandBest].sort((a, b) => a[0] - b[0])) {
    if (cost > commandCap) continue;
    const phrase = COMMAND_PHRASES[i]!;
    const key = `${phrase.command} ${JSON.stringify(phrase.args ?? {})}`;
    const seen = commandScores.get(key);
    if (seen && seen.cost <= cost) continue;
    commandScores.set(
      key,
      phrase.args
        ? { command: phrase.command, args: { ...phrase.args }, cost, length }
        : { command: phrase.command, cost, length },
    );
  }
  return {
    moves: moveScores,
    commands: [...commandScores.values()].sort((a, b) => a.cost - b.cost),
    laterClose: new Set(close.slice(lead + 1).flatMap((set) => [...set])),
    foreign: vocabulary !== undefined && saysForeignFiles(leadText, vocabulary),
    rhyming: normalizeWords(leadText).some((w) => RHYMING.has(w)),
    rhymeTwins: rhymeTwins(leadText, phrases, m, extra),
    saysTakes: carrying.includes(TAKES),
  };
}

/**
 * The moves the transcript means with one rhyming German rank swapped for its rhyme, at most a
 * whole word dearer than the best phrase (empty without such a rank: nearly always).
 */
function rhymeTwins(
  text: string,
  phrases: PositionPhrases,
  m: CostModel,
  extra: ReadonlyMap<string, string> | undefined,
): Map<string, number> {
  const twins = new Map<string, number>();
  const words = normalizeWords(text);
  words.forEach((word, i) => {
    const rhyme = RHYMING_RANKS.get(word);
    if (!rhyme) return;
    const swapped = [...words.slice(0, i), rhyme, ...words.slice(i + 1)].join(' ');
    const tokens = tokenize(swapped, extra).filter((t) => !SPOKEN_SUFFIX.has(t));
    const best = new Float64Array(phrases.moves.length).fill(Infinity);
    const lengths = new Int32Array(phrases.moves.length);
    const limit = THRESHOLDS.ask;
    matchTrie(phrases.trie, tokens, m, { limit, slack: 1, found: Infinity, floor: 0 }, best, lengths);
    best.forEach((cost, k) => {
      const uci = phrases.moves[k]!.uci;
      if (cost <= limit && cost < (twins.get(uci) ?? Infinity)) twins.set(uci, cost);
    });
  });
  return twins;
}

/**
 * What the player meant by `heard` (one transcript, or the recognisers' alternatives best
 * first: a grammar recogniser's before a free one's) in the position `fen`. Never throws;
 * answers `move` only on strong evidence (see `decide`), `ambiguous` with the moves to offer by
 * name when a few fit, and `unrecognized` (with a reason) otherwise.
 */
export function interpretUtterance(
  fen: string,
  heard: string | readonly string[],
  options?: InterpretOptions,
): Interpretation {
  const extra = ownWordTokens(options?.lexicon);
  const scores = scoreUtterance(fen, heard, undefined, { extra, vocabulary: options?.vocabulary });
  if (typeof scores === 'string') return { kind: 'unrecognized', reason: scores };
  const [m1, m2] = scores.moves;
  if (options?.typed && m1?.added === 0 && !m1.contradicted && (m2?.cost ?? Infinity) > m1.cost)
    return { kind: 'move', uci: m1.uci, san: m1.move.san };
  if (!options?.agreement) return decide(scores);
  const check = alternativesOf(heard)[1] ?? '';
  return decideAgreeing(
    scores,
    scoreUtterance(fen, check, undefined, { extra, vocabulary: options.vocabulary }),
  );
}

const NOTHING_CLOSE: ReadonlySet<string> = new Set();

/**
 * The decision with a second, independent recognition (`agreement`): the scores of both
 * transcripts rank and offer the moves, and a move the first transcript alone would play is
 * played only when the second one, scored alone (`own`), agrees. Agreement replaces the rule that
 * any later alternative near another move holds the best back (two transcripts of the same words
 * are near the same rivals).
 */
export function decideAgreeing(
  scores: Scores,
  own: Scores | UnrecognizedReason,
  t: DecisionThresholds = THRESHOLDS,
  a: AgreementThresholds = AGREEMENT,
): Interpretation {
  const decision = decide({ ...scores, laterClose: NOTHING_CLOSE }, t);
  if (decision.kind !== 'move' || agrees(own, decision.uci, a)) return decision;
  const offered = offer(scores, t);
  if (typeof own === 'string' || offered.kind !== 'ambiguous') return offered;
  // A rank both may have swapped alike: the move it was maybe said as is offered too.
  const named = new Set(offered.candidates.map((c) => c.uci));
  const twins = [...own.rhymeTwins]
    .filter(([uci, cost]) => !named.has(uci) && cost - (own.moves[0]?.cost ?? 0) < a.margin)
    .flatMap(([uci]) => scores.moves.filter((x) => x.uci === uci));
  const candidates = [...offered.candidates, ...twins.map(({ uci, move }) => ({ uci, san: move.san }))];
  return { kind: 'ambiguous', candidates: candidates.slice(0, t.maxCandidates) };
}

/**
 * Whether the independent transcript, scored alone (`own`), means the move `uci`: it is that
 * transcript's best move, close to one of its phrases, with no other move or command within
 * `margin`; with spoken letters (which all rhyme), none even a whole word away (`rhymingMargin`,
 * exclusive); with "zwei" or "drei", no other move within `margin` once the rank is swapped for
 * its rhyme. Two recognisers of the same audio swap rhyming words alike (training chains: "rook
 * f five" for "Rook A five", "turm eva zwei" for "Turm Eva drei", heard so by both).
 */
export function agrees(
  own: Scores | UnrecognizedReason,
  uci: string,
  t: AgreementThresholds = AGREEMENT,
): boolean {
  if (typeof own === 'string') return false;
  const [best, next] = own.moves;
  if (!best || best.uci !== uci || best.cost > t.cost) return false;
  const gap = Math.min(next?.cost ?? Infinity, own.commands[0]?.cost ?? Infinity) - best.cost;
  if (own.rhyming ? gap <= t.rhymingMargin : gap < t.margin) return false;
  // Both may have swapped the rank alike: no other move may be as near with it swapped back.
  for (const [twin, cost] of own.rhymeTwins) if (twin !== uci && cost - best.cost < t.margin) return false;
  return true;
}

/**
 * Agreement thresholds, chosen on the training part's audio chains (data/asr/agree-train-*.tsv,
 * 1,200 utterances; scripts/asr-corpus/rescore.ts with RESCORE_GRID=1): a margin of 0.3 played 4
 * wrong there (one file word for another at a learned confusion's cost, Cesar/Eva 0.40), 0.4
 * none, 0.5 none with a tenth to spare (played right 33 %, offered 55 %).
 */
export const AGREEMENT: AgreementThresholds = { cost: 1, margin: 0.5, rhymingMargin: 1 };
export interface AgreementThresholds {
  readonly cost: number;
  readonly margin: number;
  readonly rhymingMargin: number;
}

/** Why the best move was offered rather than played (the benchmark counts these). */
export type HoldBack =
  'notPlain' | 'tooManyAdded' | 'otherPiece' | 'foreignWords' | 'closeRival' | 'disagreement';

/** The first reason the best move must not be played at once, or undefined when it may be. */
export function holdBack(scores: Scores, t: DecisionThresholds = THRESHOLDS): HoldBack | undefined {
  const [m1, m2] = scores.moves;
  if (!m1) return 'notPlain';
  const rival = Math.min(m2?.cost ?? Infinity, scores.commands[0]?.cost ?? Infinity);
  if (m1.added === undefined) return repairs(scores, rival, t) ? undefined : 'notPlain';
  if (m1.added > t.maxAdded) return 'tooManyAdded';
  if (m1.contradicted) return 'otherPiece';
  if (scores.foreign) return 'foreignWords';
  if (rival - m1.cost < (scores.rhyming ? t.rhymingPlayMargin : t.playMargin)) return 'closeRival';
  if (![...scores.laterClose].every((uci) => uci === m1.uci)) return 'disagreement';
  return undefined;
}

/**
 * A transcript that is no plain phrase of the best move may still play it when it can mean
 * nothing else: cheap to repair, far from every rival, the piece named, a capture said, no
 * rhyming letters, no foreign file words and no later alternative pointing elsewhere.
 */
function repairs(scores: Scores, rival: number, t: DecisionThresholds): boolean {
  const m1 = scores.moves[0]!;
  return (
    m1.cost <= t.repairCost &&
    rival - m1.cost >= t.repairMargin &&
    m1.named === true &&
    !m1.contradicted &&
    (!m1.move.captured || scores.saysTakes) &&
    !scores.rhyming &&
    !scores.foreign &&
    [...scores.laterClose].every((uci) => uci === m1.uci)
  );
}

export type DecisionThresholds = {
  readonly [K in Exclude<keyof typeof THRESHOLDS, 'maxChars' | 'maxTokens'>]: number;
};

/**
 * The decision, safe by construction. A move is played at once only when the best transcript
 * holds a plain phrase of it (the piece named, "takes" said for a capture) with at most
 * `maxAdded` words added (words that name nothing) and none lost or changed, the piece first
 * named is the one that moves, no other move or command comes within `playMargin`, and no later
 * alternative points elsewhere.
 * A misheard file or rank, a dropped piece word or a lost "takes" therefore never plays: such a
 * move is offered by name with its close rivals, and the player's "yes" (or number) plays it.
 * Commands are answered on a clear cost margin (those that cannot be undone are confirmed by the
 * dialogue).
 */
export function decide(scores: Scores, t: DecisionThresholds = THRESHOLDS): Interpretation {
  const [m1] = scores.moves;
  const [c1, c2] = scores.commands;
  const moveCost = m1?.cost ?? Infinity;
  const commandCost = c1?.cost ?? Infinity;
  if (c1 && commandCost < moveCost && m1?.added !== 0) {
    const next = Math.min(c2?.cost ?? Infinity, moveCost);
    const clear =
      commandCost <= t.accept && commandCost <= t.ratio * c1.length && next - commandCost >= t.margin;
    if (clear || (commandCost === 0 && next >= t.exactMargin)) {
      return c1.args
        ? { kind: 'command', command: c1.command, args: { ...c1.args } }
        : { kind: 'command', command: c1.command };
    }
    // An unclear command beside a move that fits: the move is offered (never played), else asked again.
    if (!m1 || moveCost > t.ask || moveCost - commandCost > t.offerMargin)
      return { kind: 'unrecognized', reason: commandCost <= t.ask ? 'unclear' : 'noMatch' };
    return offer(scores, t);
  }
  if (!m1 || moveCost > t.ask) return { kind: 'unrecognized', reason: 'noMatch' };
  if (!holdBack(scores, t)) return { kind: 'move', uci: m1.uci, san: m1.move.san };
  return offer(scores, t);
}

/** The moves to offer by name: those close to the best, the piece named first. */
export function offer(scores: Scores, t: DecisionThresholds): Interpretation {
  const moveCost = scores.moves[0]!.cost;
  const close = scores.moves.filter((x) => x.cost <= moveCost + t.offerMargin && x.cost <= t.ask);
  // Moves of the piece named are offered before any other piece's (which only when none fits).
  const named = close.filter((x) => !x.contradicted);
  const candidates = (named.length ? named : close).slice(0, t.maxCandidates);
  return { kind: 'ambiguous', candidates: candidates.map(({ uci, move }) => ({ uci, san: move.san })) };
}
