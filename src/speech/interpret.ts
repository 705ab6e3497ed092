/**
 * Heard text → what the player meant, as a pure function over a closed set (DESIGN principle 4,
 * spec NT-04, checklist 25): the recogniser's n-best transcripts are scored against every phrase
 * of every legal move and every command (interpretScores.ts), and decided on here. A move is
 * answered only when one legal move is clearly meant (a low absolute cost AND a margin to the next
 * move); otherwise the caller must ask aloud
 * (`ambiguous`, with candidates) or say it did not understand (`unrecognized`, with a reason).
 * A wrongly played move cannot be taken back, so doubt always asks.
 */
import type { CommandName } from './commands.ts';
import { ownWordTokens, type OwnWords } from './phrases.ts';
import {
  alternativesOf,
  scoreUtterance,
  THRESHOLDS,
  type Scores,
  type UnrecognizedReason,
} from './interpretScores.ts';
import type { VocabularyId } from './vocabularies.ts';

// The scores and thresholds stay reachable where the decision is.
export {
  costModelFor,
  FILE_WORD_FAMILIES,
  scoreUtterance,
  THRESHOLDS,
  type Scores,
  type UnrecognizedReason,
} from './interpretScores.ts';

/** The answer of the interpreter. */
export type Interpretation =
  | { kind: 'move'; uci: string; san: string }
  | { kind: 'ambiguous'; candidates: { uci: string; san: string }[] }
  | { kind: 'command'; command: CommandName; args?: Record<string, string> }
  | { kind: 'unrecognized'; reason: UnrecognizedReason };

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
