/**
 * PGN import and export (Portable Game Notation, spec 2.14 scoresheet / 2.16 notation). Import
 * reads real files game by game: a bad game is an error value with its line and reason and the
 * games around it are kept. It tolerates a BOM, CRLF, tags, `{…}` and `;` comments (also before
 * move 1), `%` escape lines, NAGs and move suffixes (`!?` → $5), nested variations (skipped), move
 * numbers with or without spaces, and moves in any notation parseMove reads; clock comments
 * `[%clk h:mm:ss]` become milliseconds per ply. Games are separated by their result token, by a
 * new tag section, or by a move list starting again at 1; a `Variant` other than standard chess
 * is refused by name. An error is a code with its facts (line, game, ply, move, why); its words are
 * speech/pgnErrors.ts's. Export is pgnExport.ts.
 */
import type { PgnResult } from './outcome.ts';
import { err, ok, type Result } from './result.ts';
import { inspect, START_FEN, type Color, type FenProblem, type MoveInfo } from './rules.ts';
import type { Game } from './game.ts';
import { parseMoveInfo, type NotationError } from './notation.ts';

/** One imported game. `clocks`, `comments` and `nags` have one entry per ply. */
export interface PgnGame {
  readonly tags: Record<string, string>;
  readonly game: Game;
  readonly result: PgnResult;
  /** Milliseconds on the mover's clock after each ply, from `{[%clk h:mm:ss]}` comments. */
  readonly clocks: (number | null)[];
  /** The comment after each ply (null where none), without the `[%clk …]` command. */
  readonly comments: (string | null)[];
  /** The comment before the first move (an annotator's introduction), or null. */
  readonly startComment: string | null;
  /** Numeric annotation glyphs after each ply (`$1`, or `!` read as 1); empty where none. */
  readonly nags: number[][];
}

export const PGN_ERROR_CODES = [
  'empty',
  'badTag',
  'unterminatedComment',
  'unterminatedVariation',
  'unexpectedToken',
  'invalidFen',
  'unreadableMove',
  'illegalMove',
  'truncated',
  'noMoves',
  'multipleGames',
  'variant',
] as const;
export type PgnErrorCode = (typeof PGN_ERROR_CODES)[number];

/** Why a PGN text (or one game of it) could not be read: its code and the facts its words need. */
export interface PgnError {
  readonly code: PgnErrorCode;
  /** 1-based line of the text where the problem is. */
  readonly line?: number;
  /** 1-based number of the game in a database. */
  readonly gameNumber?: number;
  /** 1-based ply of a bad move, and the move as written. */
  readonly ply?: number;
  readonly move?: string;
  /** The bad move's number and side, as a score writes them ("2." White, "2..." Black). */
  readonly moveNumber?: number;
  readonly side?: Color;
  /** Why the move was refused. */
  readonly moveError?: NotationError;
  /** The refused variant, as the Variant tag names it. */
  readonly variant?: string;
  /** For `invalidFen`: what is wrong with the FEN tag. */
  readonly fen?: FenProblem;
  /** For `unexpectedToken`: the character (`$` without its number, `)` closing no variation). */
  readonly token?: string;
  /** For `truncated`: the result the Result tag announces. */
  readonly result?: PgnResult;
  /** For `multipleGames`: how many games the text holds. */
  readonly games?: number;
}

/** A problem found while reading, before it is placed in a game: its code, line and facts. */
interface Problem {
  readonly code: PgnErrorCode;
  readonly line: number;
  readonly extra?: Partial<PgnError>;
}

interface Place {
  readonly line: number;
  /** An empty line comes between this token and the one before it. */
  readonly afterBlank: boolean;
}

type Token = Place &
  (
    | { readonly kind: 'tag'; readonly name: string; readonly value: string }
    | { readonly kind: 'comment'; readonly text: string }
    | { readonly kind: 'open' | 'close' }
    | { readonly kind: 'nag'; readonly value: number }
    | { readonly kind: 'number'; readonly value: number; readonly dots: number }
    | { readonly kind: 'result'; readonly value: PgnResult }
    | { readonly kind: 'move'; readonly text: string }
    | { readonly kind: 'problem'; readonly problem: Problem }
  );
type TokenBody = Token extends infer T ? (T extends Place ? Omit<T, keyof Place> : never) : never;

const RESULT_SPELLINGS: Readonly<Record<string, PgnResult>> = {
  '1-0': '1-0',
  '0-1': '0-1',
  '1/2-1/2': '1/2-1/2',
  '½-½': '1/2-1/2',
  '*': '*',
};

/** The result a PGN result token or Result tag says ("½-½" read as "1/2-1/2"), if any. */
export function parsePgnResult(text: string): PgnResult | undefined {
  return Object.hasOwn(RESULT_SPELLINGS, text) ? RESULT_SPELLINGS[text] : undefined;
}

/** Move suffix annotations and their NAGs (PGN standard 8.2.3.8: export writes the NAG). */
const SUFFIX_NAGS: Readonly<Record<string, number>> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };

function located(problem: Problem, gameNumber: number | undefined): PgnError {
  return {
    code: problem.code,
    line: problem.line,
    ...(gameNumber === undefined ? {} : { gameNumber }),
    ...problem.extra,
  };
}

/** A comment that runs into the next game's tag section was never closed. */
const NEXT_TAG_SECTION = /\n[ \t]*\n\[[A-Za-z0-9_]+[ \t]+"/;

/**
 * Splits PGN text into tokens; comments, tags and escapes are recognised here. A problem (a
 * malformed tag, a comment never closed) becomes a `problem` token and reading goes on after it,
 * so that one bad game does not hide the others.
 */
function tokenize(text: string): Token[] {
  return new Tokenizer(text).run();
}

/** Reads PGN text one construct at a time; where it is (offset, line, blank lines) is its state. */
class Tokenizer {
  private readonly tokens: Token[] = [];
  private i = 0;
  private line = 1;
  private lineHasContent = false;
  private afterBlank = false;

  constructor(private readonly text: string) {}

  /** Every token of the text, in order. */
  run(): Token[] {
    const { text } = this;
    while (this.i < text.length) {
      const c = text[this.i] as string;
      if (c === '\n') this.newLine();
      else if (/\s/.test(c)) this.i++;
      else if (c === '%' && this.i === 0) this.escapedLine();
      else if (c === '{') this.braceComment();
      else if (c === ';') this.lineComment();
      else if (c === '[') this.tag();
      else if (c === '(' || c === ')') {
        this.push({ kind: c === '(' ? 'open' : 'close' });
        this.i++;
      } else if (c === '$') this.nag();
      else this.symbol(c);
    }
    return this.tokens;
  }

  private readonly push = (token: TokenBody): void => {
    this.tokens.push({ ...token, line: this.line, afterBlank: this.afterBlank } as Token);
    this.afterBlank = false;
    this.lineHasContent = true;
  };

  private problem(code: PgnErrorCode, extra?: Partial<PgnError>): void {
    this.push({ kind: 'problem', problem: { code, line: this.line, ...(extra ? { extra } : {}) } });
  }

  private skipLine(): void {
    while (this.i < this.text.length && this.text[this.i] !== '\n') this.i++;
  }

  /** A line end: counts the line, notes a blank one, and skips a `%` escape line after it. */
  private newLine(): void {
    if (!this.lineHasContent) this.afterBlank = true;
    this.lineHasContent = false;
    this.line++;
    this.i++;
    // PGN standard 6: a % in the first column escapes the whole line.
    if (this.text[this.i] === '%') this.escapedLine();
  }

  private escapedLine(): void {
    this.skipLine();
    this.lineHasContent = true;
  }

  /** A `{…}` comment; one never closed (or running into the next game's tags) is a problem. */
  private braceComment(): void {
    const { text, i } = this;
    const close = text.indexOf('}', i + 1);
    const nextGame = NEXT_TAG_SECTION.exec(text.slice(i + 1, close < 0 ? text.length : close));
    if (close < 0 || nextGame) {
      this.problem('unterminatedComment');
      // Reading resumes at the next tag section, the start of the next game.
      const resume = nextGame ? i + 1 + nextGame.index : text.length;
      this.line += text.slice(i, resume).split('\n').length - 1;
      this.i = resume;
      return;
    }
    const body = text.slice(i + 1, close);
    this.push({ kind: 'comment', text: body });
    this.line += body.split('\n').length - 1;
    this.i = close + 1;
  }

  /** A `;` comment, to the end of the line. */
  private lineComment(): void {
    const { text, i } = this;
    const end = text.indexOf('\n', i);
    this.push({ kind: 'comment', text: text.slice(i + 1, end < 0 ? text.length : end) });
    this.i = end < 0 ? text.length : end;
  }

  /** A `[Name "value"]` tag; a malformed one is a problem and the rest of its line is skipped. */
  private tag(): void {
    const m = /^\[[ \t]*([A-Za-z0-9_]+)[ \t]*"((?:[^"\\\n]|\\.)*)"[ \t]*\]/.exec(
      this.text.slice(this.i, this.i + 4096),
    );
    if (!m) {
      this.problem('badTag');
      this.skipLine();
      return;
    }
    this.push({ kind: 'tag', name: m[1] as string, value: (m[2] as string).replace(/\\(.)/g, '$1') });
    this.i += m[0].length;
  }

  /** A numeric annotation glyph `$n`. */
  private nag(): void {
    const m = /^\$(\d+)/.exec(this.text.slice(this.i, this.i + 8));
    if (!m) this.problem('unexpectedToken', { token: '$' });
    else this.push({ kind: 'nag', value: Number(m[1]) });
    this.i += m ? m[0].length : 1;
  }

  /** A run of symbol characters (a move, a number, a result), or a stray delimiter `c`. */
  private symbol(c: string): void {
    const { text, i } = this;
    let j = i;
    while (j < text.length && !/[\s{}();[\]$]/.test(text[j] as string)) j++;
    if (j === i) {
      this.problem('unexpectedToken', { token: c });
      this.i++;
      return;
    }
    pushSymbol(this.push, text.slice(i, j));
    this.i = j;
  }
}

/** A run of symbol characters: a result, a move number (possibly glued to a move), or a move. */
function pushSymbol(push: (t: TokenBody) => void, symbol: string): void {
  const result = RESULT_SPELLINGS[symbol];
  if (result !== undefined) {
    push({ kind: 'result', value: result });
    return;
  }
  const numbered = /^(\d+)(\.+|(?=$))(.*)$/.exec(symbol);
  if (numbered && (numbered[2] !== '' || numbered[3] === '')) {
    push({ kind: 'number', value: Number(numbered[1]), dots: (numbered[2] as string).length });
    if (numbered[3]) pushSymbol(push, numbered[3]);
    return;
  }
  const glyph = SUFFIX_NAGS[symbol];
  if (glyph !== undefined) {
    // A glyph written apart from its move ("e4 !?").
    push({ kind: 'nag', value: glyph });
    return;
  }
  // A detached "e.p." and the "..." of "1. ... e5" carry no move.
  if (/^e\.?p\.?$/i.test(symbol) || /^\.+$/.test(symbol)) return;
  const suffixed = /^(.*?)([!?]{1,2})$/.exec(symbol);
  const suffix = suffixed ? SUFFIX_NAGS[suffixed[2] as string] : undefined;
  if (suffixed && suffix !== undefined && suffixed[1] !== '') {
    push({ kind: 'move', text: suffixed[1] as string });
    push({ kind: 'nag', value: suffix });
    return;
  }
  push({ kind: 'move', text: symbol });
}

/** `[%clk 1:23:45]` (also h:mm:ss.s) → milliseconds; null when absent. */
export function parseClockComment(comment: string): number | null {
  const m = /\[%clk\s+(\d+):([0-5]?\d):([0-5]?\d(?:\.\d+)?)\s*\]/.exec(comment);
  if (!m) return null;
  return Math.round((Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) * 1000);
}

/**
 * Milliseconds → a clock reading: the one clock formatter. `pgn` writes `h:mm:ss` (with decimals
 * only when the time is not whole seconds); `display` shows what a clock face shows: whole seconds
 * rounded up (the second still left), the hours only when there are any (`m:ss`), 0:00 once fallen.
 */
export function formatClock(ms: number, style: 'pgn' | 'display' = 'pgn'): string {
  const total = Math.max(0, style === 'display' ? Math.ceil(ms / 1000) * 1000 : Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const frac = total % 1000;
  const fraction = frac === 0 ? '' : `.${String(frac).padStart(3, '0').replace(/0+$/, '')}`;
  const seconds = `${String(s).padStart(2, '0')}${fraction}`;
  if (style === 'display' && h === 0) return `${m}:${seconds}`;
  return `${h}:${String(m).padStart(2, '0')}:${seconds}`;
}

/** A comment's words without the clock command (kept apart in `clocks`); null when nothing is left. */
function commentText(raw: string): string | null {
  const text = raw
    .replace(/\[%clk\s[^\]]*\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? null : text;
}

interface GameTokens {
  readonly tags: readonly Extract<Token, { kind: 'tag' }>[];
  readonly body: readonly Token[];
  readonly result: PgnResult | null;
  readonly line: number;
}

/**
 * Groups tokens into games. A game ends at its result token; without one, at the next tag section
 * (tags after movetext, after an empty line, or repeating a tag name: a tags-only database) or
 * where the move numbers start again ("1." after an empty line, or a number lower than the last).
 * A problem found between games stands alone, so it does not spoil the game after it.
 */
function splitGames(tokens: readonly Token[]): GameTokens[] {
  const games: GameTokens[] = [];
  let tags: Extract<Token, { kind: 'tag' }>[] = [];
  let body: Token[] = [];
  let hasMoves = false;
  let lastNumber = 0;
  let depth = 0;
  let start = 1;
  const flush = (result: PgnResult | null): void => {
    games.push({ tags, body, result, line: start });
    tags = [];
    body = [];
    hasMoves = false;
    lastNumber = 0;
    depth = 0;
  };
  for (const t of tokens) {
    if (t.kind === 'number' && depth === 0 && hasMoves) {
      const restart = t.value < lastNumber || (t.value === 1 && t.dots === 1 && t.afterBlank);
      if (restart) flush(null);
    }
    const empty = tags.length === 0 && !hasMoves;
    if (t.kind === 'tag') {
      // A tag inside a variation means the variation was never closed: the next game begins.
      const newSection = tags.length > 0 && (t.afterBlank || tags.some((x) => x.name === t.name));
      if (hasMoves || newSection || depth > 0) flush(null);
      if (tags.length === 0) start = t.line;
      tags.push(t);
      continue;
    }
    if (t.kind === 'problem' && empty && depth === 0) {
      games.push({ tags: [], body: [t], result: null, line: t.line });
      continue;
    }
    if (empty && t.kind !== 'comment') start = t.line;
    if (t.kind === 'open') depth++;
    if (t.kind === 'close') depth = Math.max(0, depth - 1);
    if (t.kind === 'result' && depth === 0) {
      flush(t.value);
      continue;
    }
    if (t.kind === 'number' && depth === 0) lastNumber = t.value;
    if (t.kind === 'move' || t.kind === 'number') hasMoves = true;
    body.push(t);
  }
  if (tags.length > 0 || hasMoves) flush(null);
  return games;
}

/** Variant tag values that mean standard chess (lichess writes "Standard" and "From Position"). */
const STANDARD_VARIANT = /^\s*(standard|chess|normal|classical|from ?position|\?)?\s*$/i;

/** Reads one game's tokens; `cutOff` says the text stops where this game should have its result. */
function buildGame(g: GameTokens, cutOff: boolean): Result<PgnGame, Problem> {
  const tags: Record<string, string> = {};
  for (const t of g.tags) tags[t.name] = t.value;
  const start = startOf(g, tags);
  if (!start.ok) return start;
  const read = readMovetext(g, start.value);
  if (!read.ok) return read;
  const { moves, clocks, comments, nags, startComment, lastLine } = read.value;
  const tagged = tags.Result !== undefined ? RESULT_SPELLINGS[tags.Result] : undefined;
  if (cutOff && g.result === null && moves.length > 0 && tagged !== undefined && tagged !== '*')
    return err({ code: 'truncated', line: lastLine, extra: { result: tagged } });
  if (moves.length === 0 && g.tags.length === 0 && g.result === null)
    return err({ code: 'noMoves', line: g.line });
  return ok({
    tags,
    game: { startFen: start.value, moves },
    result: g.result ?? tagged ?? '*',
    clocks,
    comments,
    startComment,
    nags,
  });
}

/**
 * The game's start position (its FEN tag, or the usual one), or what stops the game before its
 * moves: a problem token, a variant other than standard chess, a FEN tag that is no position.
 */
function startOf(g: GameTokens, tags: Readonly<Record<string, string>>): Result<string, Problem> {
  const problem = g.body.find((t) => t.kind === 'problem');
  if (problem) return err(problem.problem);
  const variant = g.tags.find((t) => t.name === 'Variant' && !STANDARD_VARIANT.test(t.value));
  if (variant) return err({ code: 'variant', line: variant.line, extra: { variant: variant.value } });
  const start = inspect(tags.FEN ?? START_FEN);
  if (!start.ok)
    return err({
      code: 'invalidFen',
      line: g.tags.find((t) => t.name === 'FEN')?.line ?? g.line,
      extra: { fen: start.error.fen ?? { problem: 'invalid' } },
    });
  return ok(start.value.fen);
}

/** A game's moves (UCI) and, one entry per ply, its clocks, comments and NAGs. */
interface Movetext {
  readonly moves: string[];
  readonly clocks: (number | null)[];
  readonly comments: (string | null)[];
  readonly nags: number[][];
  /** The comment before the first move. */
  startComment: string | null;
  /** The line of the last token read. */
  lastLine: number;
}

/**
 * Reads a game's movetext from `startFen`: its moves in any notation parseMoveInfo reads, with the
 * comments, clocks and NAGs after each; variations are skipped, and one closed that was never
 * opened, or never closed, is a problem.
 */
function readMovetext(g: GameTokens, startFen: string): Result<Movetext, Problem> {
  const text: Movetext = {
    moves: [],
    clocks: [],
    comments: [],
    nags: [],
    startComment: null,
    lastLine: g.line,
  };
  let fen = startFen;
  const openVariations: number[] = [];
  for (const t of g.body) {
    text.lastLine = t.line;
    if (t.kind === 'open') openVariations.push(t.line);
    else if (t.kind === 'close') {
      if (openVariations.pop() === undefined)
        return err({ code: 'unexpectedToken', line: t.line, extra: { token: ')' } });
    } else if (openVariations.length > 0) continue;
    else if (t.kind === 'comment') addComment(text, t.text);
    else if (t.kind === 'nag') text.nags[text.moves.length - 1]?.push(t.value);
    else if (t.kind === 'move') {
      const move = readMove(fen, t, text.moves.length + 1);
      if (!move.ok) return move;
      text.moves.push(move.value.uci);
      text.clocks.push(null);
      text.comments.push(null);
      text.nags.push([]);
      fen = move.value.fenAfter;
    }
  }
  const [unclosed] = openVariations;
  if (unclosed !== undefined) return err({ code: 'unterminatedVariation', line: unclosed });
  return ok(text);
}

/** A comment: before the first move the game's introduction, after a ply its words and clock. */
function addComment(text: Movetext, raw: string): void {
  const words = commentText(raw);
  const joined = (earlier: string | null, more: string) => (earlier ? `${earlier} ${more}` : more);
  const ply = text.moves.length - 1;
  if (ply < 0) {
    if (words !== null) text.startComment = joined(text.startComment, words);
    return;
  }
  const clock = parseClockComment(raw);
  if (clock !== null) text.clocks[ply] = clock;
  if (words !== null) text.comments[ply] = joined(text.comments[ply] ?? null, words);
}

/** The move token `t`, the game's ply `ply`, in the position `fen`; or why not, with the move's number and side. */
function readMove(fen: string, t: Extract<Token, { kind: 'move' }>, ply: number): Result<MoveInfo, Problem> {
  const r = parseMoveInfo(fen, t.text, 'auto');
  if (r.ok) return r;
  const pos = inspect(fen);
  return err({
    code: r.error.code === 'unreadable' ? 'unreadableMove' : 'illegalMove',
    line: t.line,
    extra: {
      ply,
      move: t.text,
      moveNumber: pos.ok ? pos.value.fullmoveNumber : 1,
      side: pos.ok ? pos.value.turn : 'w',
      moveError: r.error,
    },
  });
}

/** What a PGN file holds: every game that could be read, and an error for each one that could not. */
export interface PgnDatabase {
  readonly games: PgnGame[];
  /** In the order of the file; each names its line, its game number (in a database) and why. */
  readonly errors: PgnError[];
}

/**
 * Reads a PGN file game by game: the good games are kept, each bad one is reported with its line
 * and reason. A last game without its result token is cut off when the file's other games have
 * result tokens (or it is the only game); a file written without result tokens keeps its games.
 */
export function readPgnDatabase(text: string): PgnDatabase {
  if (typeof text !== 'string' || text.trim() === '') return { games: [], errors: [{ code: 'empty' }] };
  const groups = splitGames(tokenize(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')));
  const numbered = groups.filter((g) => g.tags.length > 0 || g.body.some((t) => t.kind !== 'problem'));
  if (groups.length === 0) return { games: [], errors: [{ code: 'noMoves' }] };
  const earlier = numbered.slice(0, -1);
  const lastCutOff = earlier.length === 0 || earlier.some((g) => g.result !== null);
  const games: PgnGame[] = [];
  const errors: PgnError[] = [];
  const numbers = new Map(numbered.map((g, i) => [g, i + 1]));
  for (const g of groups) {
    const number = numbers.get(g);
    const gameNumber = numbered.length < 2 ? undefined : number;
    const r = buildGame(g, lastCutOff && number === numbered.length);
    if (r.ok) games.push(r.value);
    else errors.push(located(r.error, gameNumber));
  }
  return { games, errors };
}

/** Reads every game of a PGN database, all or nothing: the first bad game is the error. */
export function importPgnDatabase(text: string): Result<PgnGame[], PgnError> {
  const { games, errors } = readPgnDatabase(text);
  const [first] = errors;
  return first ? err(first) : ok(games);
}

/** Reads a PGN text holding exactly one game. */
export function importPgn(text: string): Result<PgnGame, PgnError> {
  const r = importPgnDatabase(text);
  if (!r.ok) return r;
  const [first, second] = r.value;
  if (!first) return err({ code: 'noMoves' });
  if (second) return err({ code: 'multipleGames', gameNumber: 2, games: r.value.length });
  return ok(first);
}
