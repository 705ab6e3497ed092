/**
 * PGN import and export (Portable Game Notation, spec 2.14 scoresheet / 2.16 notation). Import
 * tolerates tags, `{…}` and `;` comments, `%` escape lines, NAGs, nested variations (skipped),
 * move numbers with or without spaces, and moves in any notation parseMove reads; clock comments
 * `[%clk h:mm:ss]` become milliseconds per ply. Export writes the Seven Tag Roster first, PGN SAN
 * (d8=Q, #), clock comments, movetext lines of at most 80 characters (a single comment word
 * longer than that keeps its own line) and the result token.
 */
import { err, ok, type Result } from './result.ts';
import { inspect, START_FEN, type Color } from './rules.ts';
import { moveHistory, gameStatus, type Game } from './game.ts';
import { formatMoveInfo, parseMoveInfo, PGN_SAN, type NotationError } from './notation.ts';

export const PGN_RESULTS = ['1-0', '0-1', '1/2-1/2', '*'] as const;
export type PgnResult = (typeof PGN_RESULTS)[number];

/** One imported game. `clocks` and `comments` have one entry per ply (null where none). */
export interface PgnGame {
  readonly tags: Record<string, string>;
  readonly game: Game;
  readonly result: PgnResult;
  /** Milliseconds on the mover's clock after each ply, from `{[%clk h:mm:ss]}` comments. */
  readonly clocks: (number | null)[];
  /** The comment after each ply, without `[%…]` commands. */
  readonly comments: (string | null)[];
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
] as const;
export type PgnErrorCode = (typeof PGN_ERROR_CODES)[number];

export interface PgnError {
  readonly code: PgnErrorCode;
  readonly message: string;
  /** 1-based line of the text where the problem is. */
  readonly line?: number;
  /** 1-based number of the game in a database. */
  readonly gameNumber?: number;
  /** 1-based ply of a bad move, and the move as written. */
  readonly ply?: number;
  readonly move?: string;
  /** Why the move was refused. */
  readonly moveError?: NotationError;
}

type Token =
  | { readonly kind: 'tag'; readonly name: string; readonly value: string; readonly line: number }
  | { readonly kind: 'comment'; readonly text: string; readonly line: number }
  | { readonly kind: 'open' | 'close' | 'nag' | 'number'; readonly line: number }
  | { readonly kind: 'result'; readonly value: PgnResult; readonly line: number }
  | { readonly kind: 'move'; readonly text: string; readonly line: number };

const RESULT_SPELLINGS: Readonly<Record<string, PgnResult>> = {
  '1-0': '1-0',
  '0-1': '0-1',
  '1/2-1/2': '1/2-1/2',
  '½-½': '1/2-1/2',
  '*': '*',
};

function fail(code: PgnErrorCode, message: string, extra: Partial<PgnError> = {}): Result<never, PgnError> {
  return err({ code, message, ...extra });
}

/** Splits PGN text into tokens; comments, tags and escapes are recognised here. */
function tokenize(text: string): Result<Token[], PgnError> {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    if (c === '\n') {
      line++;
      i++;
      // PGN standard 6: a % in the first column escapes the whole line.
      if (text[i] === '%') while (i < n && text[i] !== '\n') i++;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '%' && i === 0) {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    if (c === '{') {
      const end = text.indexOf('}', i + 1);
      if (end < 0)
        return fail('unterminatedComment', `A comment opened on line ${line} is never closed.`, { line });
      const body = text.slice(i + 1, end);
      tokens.push({ kind: 'comment', text: body, line });
      line += body.split('\n').length - 1;
      i = end + 1;
      continue;
    }
    if (c === ';') {
      const end = text.indexOf('\n', i);
      tokens.push({ kind: 'comment', text: text.slice(i + 1, end < 0 ? n : end), line });
      i = end < 0 ? n : end;
      continue;
    }
    if (c === '[') {
      const m = /^\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]/.exec(text.slice(i, i + 4096));
      if (!m) return fail('badTag', `Line ${line} has a malformed tag (expected [Name "value"]).`, { line });
      tokens.push({
        kind: 'tag',
        name: m[1] as string,
        value: (m[2] as string).replace(/\\(.)/g, '$1'),
        line,
      });
      i += m[0].length;
      continue;
    }
    if (c === '(' || c === ')') {
      tokens.push({ kind: c === '(' ? 'open' : 'close', line });
      i++;
      continue;
    }
    if (c === '$') {
      const m = /^\$\d+/.exec(text.slice(i, i + 8));
      if (!m) return fail('unexpectedToken', `Line ${line}: “$” must be followed by a number.`, { line });
      tokens.push({ kind: 'nag', line });
      i += m[0].length;
      continue;
    }
    let j = i;
    while (j < n && !/[\s{}();[\]$]/.test(text[j] as string)) j++;
    if (j === i) return fail('unexpectedToken', `Line ${line}: unexpected “${c}”.`, { line });
    pushSymbol(tokens, text.slice(i, j), line);
    i = j;
  }
  return ok(tokens);
}

/** A run of symbol characters: a result, a move number (possibly glued to a move), or a move. */
function pushSymbol(tokens: Token[], symbol: string, line: number): void {
  const result = RESULT_SPELLINGS[symbol];
  if (result !== undefined) {
    tokens.push({ kind: 'result', value: result, line });
    return;
  }
  const numbered = /^(\d+)(\.+|(?=$))(.*)$/.exec(symbol);
  if (numbered && (numbered[2] !== '' || numbered[3] === '')) {
    tokens.push({ kind: 'number', line });
    if (numbered[3]) pushSymbol(tokens, numbered[3], line);
    return;
  }
  // Glyphs written apart from the move ("e4 !?") and a detached "e.p." carry no move.
  if (/^[!?]+$/.test(symbol) || /^e\.?p\.?$/i.test(symbol)) return;
  tokens.push({ kind: 'move', text: symbol, line });
}

/** `[%clk 1:23:45]` (also h:mm:ss.s) → milliseconds; null when absent. */
export function parseClockComment(comment: string): number | null {
  const m = /\[%clk\s+(\d+):([0-5]?\d):([0-5]?\d(?:\.\d+)?)\s*\]/.exec(comment);
  if (!m) return null;
  return Math.round((Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) * 1000);
}

/** Milliseconds → `h:mm:ss` (with decimals only when the time is not whole seconds). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const frac = total % 1000;
  const fraction = frac === 0 ? '' : `.${String(frac).padStart(3, '0').replace(/0+$/, '')}`;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}${fraction}`;
}

function commentText(raw: string): string | null {
  const text = raw
    .replace(/\[%[^\]]*\]/g, ' ')
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

/** Groups tokens into games: tags, then movetext up to a result (or the next tag section). */
function splitGames(tokens: readonly Token[]): GameTokens[] {
  const games: GameTokens[] = [];
  let tags: Extract<Token, { kind: 'tag' }>[] = [];
  let body: Token[] = [];
  let hasMoves = false;
  let depth = 0;
  let start = 1;
  const flush = (result: PgnResult | null): void => {
    games.push({ tags, body, result, line: start });
    tags = [];
    body = [];
    hasMoves = false;
    depth = 0;
  };
  for (const t of tokens) {
    if (t.kind === 'tag' && depth === 0) {
      // Tags after movetext that had no result begin the next game.
      if (hasMoves) flush(null);
      if (tags.length === 0) start = t.line;
      tags.push(t);
      continue;
    }
    if (tags.length === 0 && !hasMoves && t.kind !== 'comment') start = t.line;
    if (t.kind === 'open') depth++;
    if (t.kind === 'close') depth = Math.max(0, depth - 1);
    if (t.kind === 'result' && depth === 0) {
      flush(t.value);
      continue;
    }
    if (t.kind !== 'comment') hasMoves = true;
    body.push(t);
  }
  if (tags.length > 0 || hasMoves) flush(null);
  return games;
}

const sideName = (c: Color): string => (c === 'w' ? 'White' : 'Black');

function buildGame(g: GameTokens, gameNumber: number | undefined): Result<PgnGame, PgnError> {
  const where = gameNumber === undefined ? {} : { gameNumber };
  const inGame = gameNumber === undefined ? '' : `Game ${gameNumber}: `;
  const tags: Record<string, string> = {};
  for (const t of g.tags) tags[t.name] = t.value;
  const fenTag = tags.FEN;
  const start = inspect(fenTag ?? START_FEN);
  if (!start.ok)
    return fail('invalidFen', `${inGame}the FEN tag is not a valid position: ${start.error.message}`, {
      ...where,
      line: g.line,
    });
  let fen = start.value.fen;
  const moves: string[] = [];
  const clocks: (number | null)[] = [];
  const comments: (string | null)[] = [];
  let depth = 0;
  let lastLine = g.line;
  for (const t of g.body) {
    lastLine = t.line;
    if (t.kind === 'open') {
      depth++;
      continue;
    }
    if (t.kind === 'close') {
      if (depth === 0)
        return fail('unexpectedToken', `${inGame}line ${t.line} closes a variation that was never opened.`, {
          ...where,
          line: t.line,
        });
      depth--;
      continue;
    }
    if (depth > 0) continue;
    if (t.kind === 'comment') {
      const ply = moves.length - 1;
      if (ply < 0) continue;
      const clock = parseClockComment(t.text);
      if (clock !== null) clocks[ply] = clock;
      const text = commentText(t.text);
      if (text !== null) comments[ply] = comments[ply] ? `${comments[ply]} ${text}` : text;
      continue;
    }
    if (t.kind === 'move') {
      const ply = moves.length + 1;
      const pos = inspect(fen);
      const turn = pos.ok ? pos.value.turn : 'w';
      const number = (pos.ok ? pos.value.fullmoveNumber : 1).toString();
      const label = `${number}${turn === 'w' ? '.' : '...'} ${t.text}`;
      const r = parseMoveInfo(fen, t.text, 'auto');
      if (!r.ok) {
        const unreadable = r.error.code === 'unreadable';
        return fail(
          unreadable ? 'unreadableMove' : 'illegalMove',
          `${inGame}ply ${ply} (${label}, ${sideName(turn)}, line ${t.line}): ${r.error.message}`,
          { ...where, line: t.line, ply, move: t.text, moveError: r.error },
        );
      }
      moves.push(r.value.uci);
      clocks.push(null);
      comments.push(null);
      fen = r.value.fenAfter;
    }
  }
  if (depth > 0)
    return fail('unterminatedVariation', `${inGame}a variation is still open at the end of the game.`, {
      ...where,
      line: lastLine,
    });
  const tagged = tags.Result !== undefined ? RESULT_SPELLINGS[tags.Result] : undefined;
  if (g.result === null && tagged !== undefined && tagged !== '*')
    return fail(
      'truncated',
      `${inGame}the moves end without the result ${tagged} that the Result tag announces; the game text seems cut off.`,
      { ...where, line: lastLine },
    );
  if (moves.length === 0 && g.tags.length === 0 && g.result === null)
    return fail('noMoves', `${inGame}there is no game here.`, { ...where, line: g.line });
  return ok({
    tags,
    game: { startFen: start.value.fen, moves },
    result: g.result ?? tagged ?? '*',
    clocks,
    comments,
  });
}

/** Reads every game of a PGN database (one or more games). */
export function importPgnDatabase(text: string): Result<PgnGame[], PgnError> {
  if (typeof text !== 'string' || text.trim() === '') return fail('empty', 'The PGN text is empty.');
  const tokens = tokenize(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'));
  if (!tokens.ok) return tokens;
  const groups = splitGames(tokens.value);
  if (groups.length === 0) return fail('noMoves', 'The PGN text contains no game.');
  const games: PgnGame[] = [];
  for (const [i, g] of groups.entries()) {
    const r = buildGame(g, groups.length > 1 ? i + 1 : undefined);
    if (!r.ok) return r;
    games.push(r.value);
  }
  return ok(games);
}

/** Reads a PGN text holding exactly one game. */
export function importPgn(text: string): Result<PgnGame, PgnError> {
  const r = importPgnDatabase(text);
  if (!r.ok) return r;
  const [first, second] = r.value;
  if (!first) return fail('noMoves', 'The PGN text contains no game.');
  if (second)
    return fail('multipleGames', `The text holds ${r.value.length} games; import it as a database.`, {
      gameNumber: 2,
    });
  return ok(first);
}

/** Options for exportPgn. Arrays are indexed by ply (0 = the first move). */
export interface PgnExportOptions {
  readonly tags?: Record<string, string>;
  readonly result?: PgnResult;
  readonly clocks?: readonly (number | null)[];
  readonly comments?: readonly (string | null)[];
}

const SEVEN_TAG_ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'] as const;
const ROSTER_DEFAULTS: Readonly<Record<string, string>> = { Date: '????.??.??' };

function escapeTag(value: string): string {
  return value.replace(/[\\"]/g, '\\$&').replace(/[\r\n]+/g, ' ');
}

function naturalResult(game: Game): PgnResult {
  const status = gameStatus(game);
  if (status.kind === 'checkmate') return status.winner === 'w' ? '1-0' : '0-1';
  return status.kind === 'stalemate' ? '1/2-1/2' : '*';
}

/** Joins movetext tokens into lines of at most 80 characters (PGN standard 8.2.1: < 80 is usual). */
function wrap(tokens: readonly string[]): string {
  const lines: string[] = [];
  let current = '';
  for (const t of tokens) {
    if (current === '') current = t;
    else if (current.length + 1 + t.length <= 80) current += ` ${t}`;
    else {
      lines.push(current);
      current = t;
    }
  }
  if (current !== '') lines.push(current);
  return lines.join('\n');
}

/** A comment token split into pieces that each fit on a line. */
function commentTokens(clock: number | null | undefined, comment: string | null | undefined): string[] {
  const parts: string[] = [];
  if (clock !== null && clock !== undefined) parts.push(`[%clk ${formatClock(clock)}]`);
  if (comment) parts.push(...comment.replace(/[{}]/g, '').split(/\s+/).filter(Boolean));
  if (parts.length === 0) return [];
  return parts.map((p, i) => `${i === 0 ? '{' : ''}${p}${i === parts.length - 1 ? '}' : ''}`);
}

/**
 * Writes a game as PGN: the Seven Tag Roster (defaults "?"), SetUp/FEN when the game does not
 * start from the initial position, other tags, PGN-SAN movetext with clock comments, the result.
 */
export function exportPgn(game: Game, options: PgnExportOptions = {}): string {
  const given = options.tags ?? {};
  const taggedResult = given.Result !== undefined ? RESULT_SPELLINGS[given.Result] : undefined;
  const result = options.result ?? taggedResult ?? naturalResult(game);
  const tags: [string, string][] = SEVEN_TAG_ROSTER.map((name) => [
    name,
    name === 'Result' ? result : (given[name] ?? ROSTER_DEFAULTS[name] ?? '?'),
  ]);
  const start = inspect(game.startFen);
  const startFen = start.ok ? start.value.fen : START_FEN;
  const standardStart = startFen === START_FEN;
  if (!standardStart) tags.push(['SetUp', '1'], ['FEN', startFen]);
  for (const [name, value] of Object.entries(given)) {
    if ((SEVEN_TAG_ROSTER as readonly string[]).includes(name) || name === 'SetUp' || name === 'FEN')
      continue;
    if (/^[A-Za-z0-9_]+$/.test(name)) tags.push([name, value]);
  }
  const header = tags.map(([name, value]) => `[${name} "${escapeTag(value)}"]`).join('\n');
  const tokens: string[] = [];
  let needNumber = true;
  for (const [i, move] of moveHistory(game).entries()) {
    const number = Number(move.fenBefore.split(' ')[5] ?? 1);
    const prefix = move.color === 'w' ? `${number}. ` : needNumber ? `${number}... ` : '';
    // A move number stays on the same line as its move.
    tokens.push(`${prefix}${formatMoveInfo(move, 'san', PGN_SAN)}`);
    const comment = commentTokens(options.clocks?.[i], options.comments?.[i]);
    tokens.push(...comment);
    // After a comment Black's move gets its number again ("1... e5"), as PGN readers expect.
    needNumber = comment.length > 0;
  }
  tokens.push(result);
  return `${header}\n\n${wrap(tokens)}\n`;
}
