/**
 * The one typed command line (spec NT-04): a move in any notation of the core (SAN, long
 * algebraic, UCI, correspondence digits, Uedemann groups — through parseMove), a move in
 * phonetic words ("Knight Gustav one Felix three", via interpretUtterance), or a command of
 * src/speech/commands.ts in its typed short form ("p N", "s 4", "c") or in words ("where is the
 * white knight"). Errors are values with a stable code and a sentence to read aloud; nothing is
 * played unless exactly one legal move is meant.
 */
import { inspect, parseMove, type NotationErrorCode } from '../core/index.ts';
import type { Locale } from '../i18n/index.ts';
import { interpretUtterance } from '../speech/interpret.ts';
import { normalizeWords, wordTokenName } from '../speech/phrases.ts';
import { err, ok, type Result } from '../core/result.ts';
import { COMMANDS, type CommandName } from '../speech/commands.ts';
import { readClaimWithMove } from '../speech/claimMove.ts';
import { describeNotationError } from '../speech/notationErrors.ts';
import { describeUnrecognized, inputMessage } from '../speech/inputWords.ts';

/** What a typed line asks for. */
export type CommandLineAction =
  | { readonly kind: 'move'; readonly uci: string; readonly san: string }
  | {
      readonly kind: 'command';
      readonly command: CommandName;
      readonly args?: Readonly<Record<string, string>>;
    };

export type CommandLineErrorCode = 'empty' | 'invalidPosition' | 'unknown' | 'ambiguous' | NotationErrorCode;

export interface CommandLineError {
  readonly code: CommandLineErrorCode;
  /** A sentence to show and read aloud, in the requested locale. */
  readonly message: string;
  /** For `ambiguous`: the moves the line could mean. */
  readonly candidates?: readonly { readonly uci: string; readonly san: string }[];
}

export interface CommandLineOptions {
  readonly locale?: Locale;
}

const PIECE_LETTERS: Readonly<Record<string, string>> = {
  k: 'k',
  q: 'q',
  r: 'r',
  b: 'b',
  n: 'n',
  p: 'p',
  s: 'n',
  l: 'b',
  t: 'r',
  d: 'q',
};
const COLOR_WORDS: Readonly<Record<string, string>> = {
  w: 'w',
  white: 'w',
  weiss: 'w',
  b: 'b',
  black: 'b',
  schwarz: 'b',
};

/**
 * A piece or a colour named in words in a typed short form ("p knight", "p Springer", "p white
 * knights"): its letter, as the spoken words give it (speech/phrases.ts's lexicon, both languages).
 */
function namedInWords(word: string, kind: 'p' | 'c'): string | undefined {
  const [only, ...more] = normalizeWords(word);
  if (only === undefined || more.length > 0) return undefined;
  const token = wordTokenName(only);
  return token.startsWith(`${kind}:`) ? token.slice(2) : undefined;
}

/** Matches one typed short form ("p {color} {piece}") against the typed words. */
function matchTyped(pattern: string, words: readonly string[]): Record<string, string> | undefined {
  const parts = pattern.split(/\s+/);
  if (parts.length !== words.length) return undefined;
  const args: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const word = words[i]!;
    const slot = /^\{([a-z]+)\??\}$/.exec(part)?.[1];
    if (!slot) {
      if (part !== word) return undefined;
      continue;
    }
    const piece = slot === 'piece' ? (PIECE_LETTERS[word] ?? namedInWords(word, 'p')) : undefined;
    const color = slot === 'color' ? (COLOR_WORDS[word] ?? namedInWords(word, 'c')) : undefined;
    if (piece) args.piece = piece;
    else if (color) args.color = color;
    // A second square ("touched c6 takes e4") is the target of the first.
    else if (slot === 'square' && /^[a-h][1-8]$/.test(word)) args[args.square ? 'target' : 'square'] = word;
    else if (slot === 'file' && /^[a-h]$/.test(word)) args.file = word;
    else if (slot === 'rank' && /^[1-8]$/.test(word)) args.rank = word;
    else if (slot === 'number' && /^[1-9]$/.test(word)) args.value = word;
    else return undefined;
  }
  return args;
}

/** The typed short form of a command, if the line is one. */
export function parseTypedCommand(text: string): CommandLineAction | undefined {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return undefined;
  for (const spec of COMMANDS) {
    for (const pattern of spec.typed) {
      const args = matchTyped(pattern, words);
      if (args)
        return Object.keys(args).length
          ? { kind: 'command', command: spec.name, args }
          : { kind: 'command', command: spec.name };
    }
  }
  return undefined;
}

/** Reads one typed line in the position `fen`. Never throws. */
export function parseCommandLine(
  fen: string,
  text: string,
  options: CommandLineOptions = {},
): Result<CommandLineAction, CommandLineError> {
  const locale = options.locale ?? 'en';
  const line = text.trim();
  if (!line) return err({ code: 'empty', message: describeUnrecognized('empty', locale) });
  if (!inspect(fen).ok)
    return err({ code: 'invalidPosition', message: describeUnrecognized('invalidPosition', locale) });

  // "claim repetition Nf3": a claim stating the move that will repeat the position (GR-36).
  const claim = readClaimWithMove(fen, line, { typed: true, locale });
  if (claim?.kind === 'claim')
    return ok({ kind: 'command', command: claim.command, args: { move: claim.uci } });
  if (claim)
    return err({ code: 'unknown', message: inputMessage(locale, 'claimMoveUnclear', { text: claim.rest }) });

  const typed = parseTypedCommand(line);
  if (typed) return ok(typed);

  const notation = parseMove(fen, line, 'auto');
  if (notation.ok) return ok({ kind: 'move', uci: notation.value.uci, san: notation.value.san });

  // A line the notation reader took for a move says why it is none (illegal …) instead of
  // what it sounds like: typing is not misheard.
  const readable = notation.error.code !== 'unreadable' && notation.error.code !== 'empty';
  const words = readable
    ? ({ kind: 'unrecognized', reason: 'noMatch' } as const)
    : interpretUtterance(fen, line, { locale, typed: true });
  switch (words.kind) {
    case 'move':
      return ok({ kind: 'move', uci: words.uci, san: words.san });
    case 'command':
      return ok(
        words.args
          ? { kind: 'command', command: words.command, args: words.args }
          : { kind: 'command', command: words.command },
      );
    case 'ambiguous':
      return err({
        code: 'ambiguous',
        message: inputMessage(locale, 'ambiguousTyped', {
          text: line,
          list: words.candidates.map((c) => c.san).join(', '),
        }),
        candidates: words.candidates,
      });
    case 'unrecognized':
      break;
  }
  // The line looked like a move in some notation but is not one here: say why (illegal, which
  // moves an ambiguous SAN could mean, a missing promotion piece …).
  const e = notation.error;
  if ((e.code === 'ambiguous' || e.code === 'promotionPieceMissing') && e.candidates?.length) {
    const candidates = (e.candidates ?? [])
      .map((uci) => ({ uci, san: parseMove(fen, uci, 'uci') }))
      .flatMap((c) => (c.san.ok ? [{ uci: c.uci, san: c.san.value.san }] : []));
    return err({
      code: e.code,
      message: inputMessage(locale, 'ambiguousTyped', {
        text: line,
        list: candidates.map((c) => c.san).join(', '),
      }),
      candidates,
    });
  }
  if (e.code !== 'unreadable' && e.code !== 'empty')
    return err({ code: e.code, message: describeNotationError(locale, e) });
  return err({ code: 'unknown', message: inputMessage(locale, 'unknown', { text: line }) });
}
