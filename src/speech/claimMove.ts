/**
 * A claim that states its move (GR-36: the position "about to appear"; 003 Art 10.11(b), 001 Art
 * 10.13(b), 000 Art 12.3(a)): the words of a repetition or fifty-move claim from the command table
 * (commands.ts), typed or spoken in either language, followed by the move, which is not played but
 * declared — "claim repetition Nf3", "claim threefold e4", "claim repetition knight Gustav one
 * Felix three", "Wiederholung reklamieren Springer Gustav eins Felix drei". The claim's words are
 * matched word for word; the move is read as any typed move (parseMove, then the words of a move),
 * or as a heard one, played only when heard plainly (interpretUtterance). Pure.
 */
import { parseMove } from '../core/index.ts';
import { COMMANDS, type CommandName } from './commands.ts';
import { interpretUtterance, type Interpretation } from './interpret.ts';
import type { VocabularyId } from './vocabularies.ts';

/** The claims that may state the move that will repeat the position or complete the fifty moves. */
export const CLAIMS_WITH_MOVE = [
  'claimRepetition',
  'claimFiftyMoves',
] as const satisfies readonly CommandName[];
export type ClaimWithMove = (typeof CLAIMS_WITH_MOVE)[number];

/** Lower case, German letters folded as the spoken patterns spell them ("fünfzig" → "fuenfzig"). */
const fold = (word: string): string =>
  word.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');

/** Every wording of the two claims (spoken in both languages and typed), longest first. */
const PREFIXES: readonly { readonly command: ClaimWithMove; readonly words: readonly string[] }[] =
  COMMANDS.filter((spec): spec is (typeof COMMANDS)[number] & { name: ClaimWithMove } =>
    (CLAIMS_WITH_MOVE as readonly string[]).includes(spec.name),
  )
    .flatMap((spec) =>
      [...spec.en, ...spec.de, ...spec.typed]
        .filter((pattern) => !pattern.includes('{'))
        .map((pattern) => ({ command: spec.name, words: pattern.split(/\s+/).map(fold) })),
    )
    .sort((a, b) => b.words.length - a.words.length);

/** The spoken wordings of the two claims in one language (the grammar puts a move after each). */
export function claimPatterns(lang: 'en' | 'de'): readonly string[] {
  return COMMANDS.filter((spec) => (CLAIMS_WITH_MOVE as readonly string[]).includes(spec.name))
    .flatMap((spec) => spec[lang])
    .filter((pattern) => !pattern.includes('{'));
}

/**
 * The claim's words at the start of `text` and the rest (the move), or null: no claim's words, or
 * the claim's words alone ("claim fifty moves" is a claim, not "claim fifty" stating "moves").
 */
export function splitClaim(text: string): { readonly command: ClaimWithMove; readonly rest: string } | null {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const folded = words.map(fold);
  const same = (a: readonly string[]) => a.length === folded.length && a.every((w, i) => folded[i] === w);
  if (PREFIXES.some((p) => same(p.words))) return null;
  for (const prefix of PREFIXES) {
    if (folded.length <= prefix.words.length) continue;
    if (prefix.words.every((w, i) => folded[i] === w))
      return { command: prefix.command, rest: words.slice(prefix.words.length).join(' ') };
  }
  return null;
}

export interface ClaimMoveOptions {
  /** Typed: any notation, and a phrase of one legal move word for word (nothing misheard). */
  readonly typed?: boolean;
  readonly locale?: string;
  readonly vocabulary?: VocabularyId;
}

/** A claim stating its move, or why the move it states cannot be told. */
export type ClaimMoveReading =
  | { readonly kind: 'claim'; readonly command: ClaimWithMove; readonly uci: string }
  /** The claim's words were followed by a move that is not legal or not clear (`rest`). */
  | { readonly kind: 'unclear'; readonly command: ClaimWithMove; readonly rest: string };

/**
 * What `text` means when it is a claim stating its move in the position `fen` (the player's, before
 * his move), or null when it is none (the words after the claim's are no move at all: the line is
 * read as usual then). A claim cannot be taken back: a move not told plainly is `unclear`, never
 * guessed.
 */
export function readClaimWithMove(
  fen: string,
  text: string,
  options: ClaimMoveOptions = {},
): ClaimMoveReading | null {
  const split = splitClaim(text);
  if (!split) return null;
  const { command, rest } = split;
  if (options.typed) {
    const notation = parseMove(fen, rest, 'auto');
    if (notation.ok) return { kind: 'claim', command, uci: notation.value.uci };
    // Read as a move in some notation, but none here (illegal, ambiguous …).
    if (notation.error.code !== 'unreadable' && notation.error.code !== 'empty')
      return { kind: 'unclear', command, rest };
  }
  const heard = interpretUtterance(fen, rest, {
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.vocabulary ? { vocabulary: options.vocabulary } : {}),
    ...(options.typed ? { typed: true } : {}),
  });
  if (heard.kind === 'move') return { kind: 'claim', command, uci: heard.uci };
  return heard.kind === 'ambiguous' ? { kind: 'unclear', command, rest } : null;
}

/** The claim as the dialogue takes a command: the move stated in `args.move` (UCI). */
export function claimInterpretation(reading: ClaimMoveReading): Interpretation {
  return reading.kind === 'claim'
    ? { kind: 'command', command: reading.command, args: { move: reading.uci } }
    : { kind: 'unrecognized', reason: 'unclear' };
}
