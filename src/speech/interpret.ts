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
  COMMAND_EXACT,
  COMMAND_PHRASES,
  COMMAND_TRIE,
  phraseKey,
  UNKNOWN,
  positionPhrases,
  tokenCount,
  tokenId,
  tokenize,
  tokenName,
  ownWordTokens,
  type OwnWords,
  type PhraseTrie,
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
}

/**
 * Decision thresholds, tuned on dev.tsv with bench/voice.ts. Costs are in "whole-token errors":
 * an unknown word for a known one costs 1. The margin trades answers for safety: 0.3 meets the
 * corpus targets (grammar 45% correct, 0.3% wrong); with costs learned on the other half of the
 * corpus the wrong rate is 2.8%, and a margin of 0.5 brings it to 0.6% at 36% correct.
 */
export const THRESHOLDS = {
  /** A move or command is answered only below this cost… */
  accept: 1.6,
  /** …and only when the next different move/command costs at least margin + slope × cost more. */
  margin: 0.3,
  slope: 0,
  /** …and only when the cost is at most this share of the phrase's tokens. */
  ratio: 0.4,
  /**
   * What was heard is word for word a phrase of one move: answered when nothing else comes
   * within this margin (a recogniser that hears exactly "rook a d one" heard Rad1).
   */
  exactMargin: 0.1,
  /** Candidates are offered for a question up to this cost… */
  ask: 1.6,
  /** …and at most this many (more means "say more", not a list to listen through). */
  maxCandidates: 4,
  /** Each later n-best alternative costs this much extra. */
  alternativePenalty: 0.15,
  /** Longer input is noise, not a move (characters, tokens). */
  maxChars: 400,
  maxTokens: 16,
} as const;

/** The matcher's cost matrices for a mishearing table (the committed one by default). */
export function costModelFor(table: MishearingTable): CostModel {
  return buildCostModel(table, tokenCount(), tokenId);
}

let model: CostModel | undefined;
function defaultModel(): CostModel {
  model ??= costModelFor(MISHEARINGS);
  return model;
}

/**
 * Weighted edit distance of the heard tokens to every phrase of a prefix tree at once: one DP
 * row per tree node, computed from its parent's row; a subtree is skipped as soon as its row
 * cannot come under `limit`. `best[target]` receives the cheapest cost per target (with the
 * phrase's prior) and `lengths[target]` the length of that phrase.
 */
function matchTrie(
  trie: PhraseTrie,
  heard: readonly TokenId[],
  m: CostModel,
  limit: number,
  best: Float64Array,
  lengths: Int32Array,
): void {
  const n = heard.length;
  const { sub, del, ins, trail, lead, size } = m;
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
    if (low > limit) return;
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
          best[e.target] = cost;
          lengths[e.target] = e.length;
        }
      }
    }
    for (const child of node.children) visit(child, depth + 1);
  };
  for (const child of trie.children) visit(child, 1);
}

/** The heard piece words name a piece the move neither moves nor promotes to (castling: king, rook). */
function contradicts(move: MoveInfo, heardPieces: ReadonlySet<string>): boolean {
  for (const piece of heardPieces) {
    if (piece === move.piece || piece === move.promotion) continue;
    // "castle king side"/"queen side" name the side, not a moving piece.
    if (move.castle && (piece === 'k' || piece === 'q' || piece === 'r')) continue;
    return true;
  }
  return false;
}

/**
 * The fast path for the commonest case, typed or clearly heard words: the best transcript is
 * word for word a phrase of exactly one legal move (with no prior cost), and no other move or
 * command has that same phrase. Any other phrase then costs at least one edit, and every edit
 * costs at least `minEdit` ≥ `exactMargin`, so `decide` would answer this same move: the full
 * match is skipped. Returns undefined when the case does not apply.
 */
function wordForWord(
  fen: string,
  heard: string | readonly string[],
  extra: ReadonlyMap<string, string> | undefined,
): Interpretation | undefined {
  const m = defaultModel();
  if (m.minEdit < THRESHOLDS.exactMargin || THRESHOLDS.alternativePenalty < THRESHOLDS.exactMargin)
    return undefined;
  const first = alternativesOf(heard)[0];
  if (first === undefined || first.length > THRESHOLDS.maxChars) return undefined;
  const info = inspect(fen);
  if (!info.ok) return undefined;
  const key = phraseKey(tokenize(first, extra));
  if (COMMAND_EXACT.has(key)) return undefined;
  const { moves, exact } = positionPhrases(info.value.fen);
  const hits = exact.get(key);
  if (!hits) return undefined;
  const targets = new Set(hits.filter((h) => h.base < THRESHOLDS.exactMargin).map((h) => h.target));
  const [only] = targets;
  if (targets.size !== 1 || only === undefined || !hits.some((h) => h.target === only && h.base === 0))
    return undefined;
  const move = moves[only]!;
  return { kind: 'move', uci: move.uci, san: move.san };
}

/** Scored meanings of the heard alternatives, before the decision. Exposed for the benchmark. */
export interface Scores {
  /**
   * `length`: tokens of the phrase that matched best (a cost means more on a short phrase).
   * `contradicted`: the best transcript starts with a piece this move does not move (nor promote to).
   */
  readonly moves: readonly {
    uci: string;
    san: string;
    cost: number;
    length: number;
    contradicted: boolean;
  }[];
  readonly commands: readonly {
    command: CommandName;
    args?: Record<string, string>;
    cost: number;
    length: number;
  }[];
}

function alternativesOf(heard: string | readonly string[]): string[] {
  return (typeof heard === 'string' ? [heard] : [...heard]).slice(0, 5);
}

/** Costs of every legal move and the best commands for the heard alternatives (sorted, best first). */
export function scoreUtterance(
  fen: string,
  heard: string | readonly string[],
  m: CostModel = defaultModel(),
  extra?: ReadonlyMap<string, string>,
): Scores | UnrecognizedReason {
  const info = inspect(fen);
  if (!info.ok) return 'invalidPosition';
  const alternatives = alternativesOf(heard);
  if (alternatives.some((a) => a.length > THRESHOLDS.maxChars)) return 'tooLong';
  const tokenLists = alternatives.map((a) => tokenize(a, extra)).filter((t) => t.length > 0);
  if (tokenLists.length === 0) return 'empty';
  if (tokenLists.every((t) => t.length > THRESHOLDS.maxTokens)) return 'tooLong';
  if (tokenLists.every((t) => t.every((x) => x === UNKNOWN))) return 'noMatch';
  const { moves, trie } = positionPhrases(info.value.fen);
  const limit = THRESHOLDS.ask + THRESHOLDS.margin;
  const moveBest = new Float64Array(moves.length).fill(Infinity);
  const moveLengths = new Int32Array(moves.length);
  const commandBest = new Float64Array(COMMAND_PHRASES.length).fill(Infinity);
  const commandLengths = new Int32Array(COMMAND_PHRASES.length);
  tokenLists.forEach((tokens, rank) => {
    if (tokens.length > THRESHOLDS.maxTokens) return;
    // A later alternative is matched with its penalty already counted against the limit.
    const penalty = rank * THRESHOLDS.alternativePenalty;
    const best = new Float64Array(moves.length).fill(Infinity);
    const lengths = new Int32Array(moves.length);
    matchTrie(trie, tokens, m, limit - penalty, best, lengths);
    best.forEach((c, i) => {
      if (c + penalty < moveBest[i]!) {
        moveBest[i] = c + penalty;
        moveLengths[i] = lengths[i]!;
      }
    });
    const cBest = new Float64Array(COMMAND_PHRASES.length).fill(Infinity);
    const cLengths = new Int32Array(COMMAND_PHRASES.length);
    matchTrie(COMMAND_TRIE, tokens, m, limit - penalty, cBest, cLengths);
    cBest.forEach((c, i) => {
      if (c + penalty < commandBest[i]!) {
        commandBest[i] = c + penalty;
        commandLengths[i] = cLengths[i]!;
      }
    });
  });
  // The piece named first is the one the player means to move ("knight takes Evan four"); piece
  // words later on are promotion pieces, or recogniser padding ("… pawn"), and are not held to.
  const firstWord = tokenName(tokenLists[0]?.[0] ?? UNKNOWN);
  const heardPieces = new Set(firstWord.startsWith('p:') ? [firstWord.slice(2)] : []);
  const moveScores = moves
    .map((move, i) => ({
      uci: move.uci,
      san: move.san,
      cost: moveBest[i]!,
      length: moveLengths[i]!,
      contradicted: contradicts(move, heardPieces),
    }))
    .filter((x) => x.cost <= limit)
    .sort((a, b) => a.cost - b.cost);
  // Several phrases mean the same command ("offer draw", "draw"): keep the best of each meaning.
  const commandScores = new Map<string, Scores['commands'][number]>();
  commandBest.forEach((cost, i) => {
    if (cost > limit) return;
    const phrase = COMMAND_PHRASES[i]!;
    const key = `${phrase.command} ${JSON.stringify(phrase.args ?? {})}`;
    const seen = commandScores.get(key);
    if (seen && seen.cost <= cost) return;
    const length = commandLengths[i]!;
    commandScores.set(
      key,
      phrase.args
        ? { command: phrase.command, args: { ...phrase.args }, cost, length }
        : { command: phrase.command, cost, length },
    );
  });
  return { moves: moveScores, commands: [...commandScores.values()].sort((a, b) => a.cost - b.cost) };
}

/**
 * What the player meant by `heard` (one transcript, or the recogniser's alternatives best
 * first) in the position `fen`. Never throws; answers `move` only when exactly one legal move
 * is clearly meant, `ambiguous` (with the candidates to ask about) when a few moves fit, and
 * `unrecognized` (with a reason) otherwise.
 */
export function interpretUtterance(
  fen: string,
  heard: string | readonly string[],
  options?: InterpretOptions,
): Interpretation {
  const extra = ownWordTokens(options?.lexicon);
  const fast = wordForWord(fen, heard, extra);
  if (fast) return fast;
  const scores = scoreUtterance(fen, heard, defaultModel(), extra);
  if (typeof scores === 'string') return { kind: 'unrecognized', reason: scores };
  return decide(scores);
}

export type DecisionThresholds = Omit<typeof THRESHOLDS, 'maxChars' | 'maxTokens'>;

/** The decision rule on scored meanings (exported for the benchmark's threshold study). */
export function decide(scores: Scores, t: DecisionThresholds = THRESHOLDS): Interpretation {
  const [m1, m2] = scores.moves;
  const [c1, c2] = scores.commands;
  const moveCost = m1?.cost ?? Infinity;
  const commandCost = c1?.cost ?? Infinity;
  if (c1 && commandCost < moveCost) {
    const next = Math.min(c2?.cost ?? Infinity, moveCost);
    const clear =
      commandCost <= t.accept &&
      commandCost <= t.ratio * c1.length &&
      next - commandCost >= t.margin + t.slope * commandCost;
    if (clear || (commandCost === 0 && next >= t.exactMargin)) {
      return c1.args
        ? { kind: 'command', command: c1.command, args: { ...c1.args } }
        : { kind: 'command', command: c1.command };
    }
    return { kind: 'unrecognized', reason: commandCost <= t.ask ? 'unclear' : 'noMatch' };
  }
  if (!m1 || moveCost > t.ask) return { kind: 'unrecognized', reason: 'noMatch' };
  const next = Math.min(m2?.cost ?? Infinity, commandCost);
  const clear =
    moveCost <= t.accept &&
    moveCost <= t.ratio * m1.length &&
    next - moveCost >= t.margin + t.slope * moveCost;
  const exact = moveCost === 0 && next >= t.exactMargin;
  // A misheard move may be asked about, but one whose piece contradicts the words is never
  // played unasked (checklist 25: an utterance that names an illegal move executes nothing).
  if (m1.contradicted) return ask(scores, moveCost, t);
  if (clear || exact) return { kind: 'move', uci: m1.uci, san: m1.san };
  return ask(scores, moveCost, t);
}

function ask(scores: Scores, moveCost: number, t: DecisionThresholds): Interpretation {
  const candidates = scores.moves.filter((x) => x.cost <= moveCost + t.margin && x.cost <= t.ask);
  if (candidates.length > t.maxCandidates) return { kind: 'unrecognized', reason: 'tooManyCandidates' };
  return { kind: 'ambiguous', candidates: candidates.map(({ uci, san }) => ({ uci, san })) };
}
