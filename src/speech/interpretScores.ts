/**
 * Heard text scored against the position's closed set (DESIGN principle 4, spec NT-04, checklist
 * 25): every phrase of every legal move and every command (src/speech/phrases.ts), matched with a
 * weighted token edit distance whose costs for known mishearings were learned from the corpus
 * (src/speech/mishearings.data.ts), and what the decision needs to know of the best transcript
 * (plain, foreign words, rhyming letters and ranks, "takes"). interpret.ts decides on the scores.
 */
import { inspect, type MoveInfo } from '../core/index.ts';
import type { CommandName } from './commands.ts';
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
  normalizeWords,
  type Phrase,
  type PhraseTrie,
  type PositionPhrases,
  type TokenId,
} from './phrases.ts';
import type { VocabularyId } from './vocabularies.ts';

/** Why nothing was understood; stable codes the dialogue turns into words. */
export type UnrecognizedReason =
  'empty' | 'tooLong' | 'invalidPosition' | 'noMatch' | 'unclear' | 'tooManyCandidates';

/**
 * Decision thresholds, tuned on the training part of the corpus with bench/voice.ts. Costs are in
 * "whole-token errors": an unknown word for a known one costs 1. Playing at once does not depend
 * on costs at all (see `decide` in interpret.ts); they only rank what is offered and commands.
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

export function alternativesOf(heard: string | readonly string[]): string[] {
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
  const tokenLists = heardTokens(alternatives, extra);
  if (typeof tokenLists === 'string') return tokenLists;
  const phrases = positionPhrases(info.value.fen);
  const limit = Math.max(THRESHOLDS.ask, THRESHOLDS.accept) + THRESHOLDS.margin;
  const close = tokenLists.map(() => new Set<string>());
  // Moves first, every alternative; then commands, only as far as the decision can use them.
  const moves = matchMoves(phrases, tokenLists, m, limit, close);
  // A command counts only below the best move's cost plus the play margin (as the rival that
  // holds the move back), or as the answer when it beats the moves.
  const commandLimit = Math.min(limit, moves.best + MOVE_SLACK);
  const commands = matchCommands(tokenLists, m, commandLimit, close);
  // What the pruning may or may not have reached is dropped, so that the scores do not depend on
  // the order the trees are walked in.
  const moveCap = Math.min(limit, moves.best + MOVE_SLACK);
  const commandCap = Math.min(commandLimit, commands.best + COMMAND_SLACK);
  // The transcript held to is the best one that says anything ("the night" before "knight …" does not).
  const lead = Math.max(
    0,
    tokenLists.findIndex((t) => carryingTokens(t).length > 0),
  );
  const carrying = carryingTokens(tokenLists[lead]!);
  const leadText = alternatives.filter((a) => tokenize(a, extra).length > 0)[lead]!;
  return {
    moves: rankMoves(phrases, moves, moveCap, carrying),
    commands: rankCommands(commands.costs, commandCap),
    laterClose: new Set(close.slice(lead + 1).flatMap((set) => [...set])),
    foreign: vocabulary !== undefined && saysForeignFiles(leadText, vocabulary),
    rhyming: normalizeWords(leadText).some((w) => RHYMING.has(w)),
    rhymeTwins: rhymeTwins(leadText, phrases, m, extra),
    saysTakes: carrying.includes(TAKES),
  };
}

/** The heard alternatives as tokens (those with any), or why there is nothing to score. */
function heardTokens(
  alternatives: readonly string[],
  extra: ReadonlyMap<string, string> | undefined,
): TokenId[][] | UnrecognizedReason {
  if (alternatives.some((a) => a.length > THRESHOLDS.maxChars)) return 'tooLong';
  const tokenLists = alternatives.map((a) => tokenize(a, extra)).filter((t) => t.length > 0);
  if (tokenLists.length === 0) return 'empty';
  if (tokenLists.every((t) => t.length > THRESHOLDS.maxTokens)) return 'tooLong';
  if (tokenLists.every((t) => t.every((x) => x === UNKNOWN))) return 'noMatch';
  return tokenLists;
}

/** Each legal move's cheapest cost over the alternatives, the phrase's length, and the cheapest of all. */
interface MoveMatches {
  readonly costs: Float64Array;
  readonly lengths: Int32Array;
  readonly best: number;
}

/**
 * Matches every alternative against the move phrases, a later one with its penalty; `close`
 * receives, per alternative after the first, the moves it comes within `disagree` of.
 */
function matchMoves(
  phrases: PositionPhrases,
  tokenLists: readonly TokenId[][],
  m: CostModel,
  limit: number,
  close: Set<string>[],
): MoveMatches {
  const { moves, trie } = phrases;
  const moveBest = new Float64Array(moves.length).fill(Infinity);
  const moveLengths = new Int32Array(moves.length);
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
  return { costs: moveBest, lengths: moveLengths, best: bestMove };
}

/**
 * Matches every alternative against the command phrases up to `commandLimit`: the cheapest cost
 * and length by index into COMMAND_PHRASES, and the cheapest of all; `close` receives `command`
 * for an alternative after the first that comes within `disagree` of one.
 */
function matchCommands(
  tokenLists: readonly TokenId[][],
  m: CostModel,
  commandLimit: number,
  close: Set<string>[],
): { costs: Map<number, { cost: number; length: number }>; best: number } {
  const commandBest = new Map<number, { cost: number; length: number }>();
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
  return { costs: commandBest, best: bestCommand };
}

/**
 * The moves costing at most `cap`, cheapest first, with what the decision asks of them; the
 * best one also with the words added to its plain phrase and whether its piece was named first.
 */
function rankMoves(
  phrases: PositionPhrases,
  matched: MoveMatches,
  cap: number,
  carrying: readonly TokenId[],
): Scores['moves'] {
  // The piece named first is the one the player means to move ("knight takes Evan four"); piece
  // words later on are promotion pieces, or recogniser padding ("… pawn"), and are not held to.
  const firstWord = tokenName(carrying[0] ?? UNKNOWN);
  const heardPiece = firstWord.startsWith('p:') ? firstWord.slice(2) : undefined;
  return phrases.moves
    .map((move, i) => ({
      uci: move.uci,
      move,
      cost: matched.costs[i]!,
      length: matched.lengths[i]!,
      contradicted: contradicts(move, heardPiece),
      index: i,
    }))
    .filter((x) => x.cost <= cap)
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
}

/** The commands costing at most `cap`, each meaning once at its cheapest phrase, cheapest first. */
function rankCommands(
  costs: ReadonlyMap<number, { cost: number; length: number }>,
  cap: number,
): Scores['commands'] {
  // Several phrases mean the same command ("offer draw", "draw"): keep the best of each meaning.
  const commandScores = new Map<string, Scores['commands'][number]>();
  // In command order, so that ties resolve as the command list orders them.
  for (const [i, { cost, length }] of [...costs].sort((a, b) => a[0] - b[0])) {
    if (cost > cap) continue;
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
  return [...commandScores.values()].sort((a, b) => a.cost - b.cost);
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
