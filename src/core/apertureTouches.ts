/**
 * The touch ledger and the touch-move obligation engine (spec §2.4.2, GR-20/GR-21): how a touch is
 * recorded in this turn's ledger, and which moves the touches so far permit under the edition's
 * Art 7/8/20, with the obligation in data and in plain English.
 */
import { inspect, isSquare, legalMoves, legalMovesFrom, type MoveInfo, type PositionInfo } from './rules.ts';
import type { Profile } from './profiles.ts';
import { withItem } from './lists.ts';
import type { ApertureState, Obligation, Touch } from './apertureState.ts';

export function nextGroup(state: ApertureState): number {
  return (state.touches.at(-1)?.group ?? 0) + 1;
}

export function addTouch(touches: readonly Touch[], touch: Touch): readonly Touch[] {
  // The ledger keeps the first touch of each square; lifting the same piece again adds nothing —
  // except that a deliberate lift after an adjustment of that piece is a real touch from then on.
  // (Loops, not arrows: an arrow over a local makes a context on every call, issue 14.)
  let existing: Touch | undefined;
  for (const t of touches)
    if (t.square === touch.square) {
      existing = t;
      break;
    }
  if (!existing) return withItem(touches, touch);
  return existing.exempt && !touch.exempt ? withoutTouch(touches, existing).concat(touch) : touches;
}

function withoutTouch(touches: readonly Touch[], touch: Touch): Touch[] {
  return touches.filter((t) => t !== touch);
}

export interface Permitted {
  /** The legal moves the touches allow (all legal moves when nothing binds). */
  readonly moves: readonly MoveInfo[];
  /** What binds the player, or null when he is free (000 Art 8.3; 003/001 Art 7.3). */
  readonly obligation: Obligation | null;
  /**
   * Set when some touches were simultaneous: how the edition settles the order (E93: the own piece
   * is deemed touched — already applied; E72 Art 20: the opponent specifies, so the match layer
   * should ask him; otherwise the recorded order was used).
   */
  readonly orderUnknown: Profile['touchOrderUnknown'] | null;
}

function orderTouches(live: readonly Touch[], profile: Profile): readonly Touch[] {
  if (live.length < 2 || profile.touchOrderUnknown !== 'ownPieceDeemedTouched') return live;
  // E93 Art 7.2: "If it is impossible to establish which piece was touched first, the player's piece
  // shall be considered the touched piece" — within a simultaneous group own pieces come first.
  return [...live].sort((a, b) => a.group - b.group || Number(b.own) - Number(a.own));
}

/**
 * The last answer for each ledger of touches: a lift works out the obligation, and the placement
 * that follows asks again with the same (immutable) ledger (issue 14).
 */
const permittedByTouches = new WeakMap<
  readonly Touch[],
  { readonly fen: string; readonly profile: Profile; readonly permitted: Permitted }
>();

/**
 * The answers for a single touch, by edition and position: most turns touch one piece, and the
 * answer then depends on that piece and its square only, so games in the same position share it
 * (issue 14).
 */
const permittedBySingleTouch = new WeakMap<Profile, WeakMap<PositionInfo, Map<number, Permitted>>>();
const PIECE_ORDER = 'kqrbnp';

/** A number for the touch's square, piece, side and exemption; -1 for a touch that does not read. */
function singleTouchKey(t: Touch): number {
  const type = PIECE_ORDER.indexOf(t.piece.type);
  if (!isSquare(t.square) || type < 0 || (t.piece.color !== 'w' && t.piece.color !== 'b')) return -1;
  const square = (t.square.charCodeAt(0) - 97) * 8 + (t.square.charCodeAt(1) - 49);
  const piece = type * 2 + (t.piece.color === 'w' ? 0 : 1);
  return ((square * 12 + piece) * 2 + (t.own ? 1 : 0)) * 2 + (t.exempt ? 1 : 0);
}

function permittedForSingleTouch(info: PositionInfo, touch: Touch, key: number, profile: Profile): Permitted {
  let byPosition = permittedBySingleTouch.get(profile);
  if (byPosition === undefined) permittedBySingleTouch.set(profile, (byPosition = new WeakMap()));
  let byTouch = byPosition.get(info);
  if (byTouch === undefined) byPosition.set(info, (byTouch = new Map()));
  let permitted = byTouch.get(key);
  if (permitted === undefined) {
    permitted = permittedAfresh(info.fen, [touch], profile);
    byTouch.set(key, permitted);
  }
  return permitted;
}

/** The moves a player may make given this turn's touches under the edition's Art 7/8/20. */
export function permittedMoves(fen: string, touches: readonly Touch[], profile: Profile): Permitted {
  if (touches.length === 0) return permittedAfresh(fen, touches, profile);
  const single = touches.length === 1 ? (touches[0] as Touch) : undefined;
  const key = single?.piece ? singleTouchKey(single) : -1;
  if (single !== undefined && key >= 0) {
    const info = inspect(fen);
    if (info.ok) return permittedForSingleTouch(info.value, single, key, profile);
  }
  const known = permittedByTouches.get(touches);
  if (known !== undefined && known.fen === fen && known.profile === profile) return known.permitted;
  const permitted = permittedAfresh(fen, touches, profile);
  permittedByTouches.set(touches, { fen, profile, permitted });
  return permitted;
}

function permittedAfresh(fen: string, touches: readonly Touch[], profile: Profile): Permitted {
  const live = touches.filter((t) => !t.exempt);
  let simultaneous = false;
  for (let i = 1; i < live.length && !simultaneous; i++)
    simultaneous = live.some((u, j) => j < i && u.group === (live[i] as Touch).group);
  const core = permittedCore(fen, live, profile);
  return {
    moves: core.moves,
    obligation: core.obligation,
    orderUnknown: simultaneous ? profile.touchOrderUnknown : null,
  };
}

type Bound = Omit<Permitted, 'orderUnknown'>;

/** The captures of the touched enemy piece, as an obligation (GR-21). */
function capturesOf(legal: readonly MoveInfo[], t: Touch): Bound {
  return {
    moves: legal.filter((m) => m.capturedOn === t.square),
    obligation: { kind: 'capture', square: t.square, piece: t.piece },
  };
}

/** The first touched enemy piece that can be captured, with its captures. */
function firstCapturable(legal: readonly MoveInfo[], enemy: readonly Touch[]): Bound | null {
  for (const t of enemy) {
    const p = capturesOf(legal, t);
    if (p.moves.length > 0) return p;
  }
  return null;
}

function permittedCore(fen: string, live: readonly Touch[], profile: Profile): Bound {
  const legal = legalMoves(fen);
  const ordered = orderTouches(live, profile);
  if (ordered.length === 0) return { moves: legal, obligation: null };
  const own: Touch[] = [];
  const enemy: Touch[] = [];
  for (const t of ordered) (t.own ? own : enemy).push(t);
  if (enemy.length === 0)
    return firstOwnMovable(fen, legal, own, profile) ?? { moves: legal, obligation: null };
  if (own.length === 0) return firstCapturable(legal, enemy) ?? { moves: legal, obligation: null };
  // "One of his own pieces and one of his opponent's pieces": the first of each. Later touches do
  // not lift an obligation the first ones created.
  const ownFirst = own[0] as Touch;
  const enemyFirst = enemy[0] as Touch;
  const direct = legalMovesFrom(fen, ownFirst.square).filter((m) => m.capturedOn === enemyFirst.square);
  if (direct.length > 0)
    return {
      moves: direct,
      obligation: {
        kind: 'capture',
        square: enemyFirst.square,
        piece: enemyFirst.piece,
        with: ownFirst.square,
      },
    };
  switch (profile.ownAndEnemyTouched) {
    case 'captureElseFirstTouched': {
      // E88/E93 Art 7.2(b): move or capture the first piece touched that can be moved or captured.
      for (const t of ordered) {
        const p = t.own ? firstOwnMovable(fen, legal, [t], profile) : capturesOf(legal, t);
        if (p && p.moves.length > 0) return p;
      }
      return { moves: legal, obligation: null };
    }
    case 'captureElseMoveOwnElseCaptureEnemy':
      // E77/E80 Art 8.2(b) is about touching the two pieces together; an enemy piece touched on its
      // own first already bound him to capture it (8.2(c)), and a later own touch does not undo that.
      if (enemyFirst.group !== ownFirst.group && ordered.indexOf(enemyFirst) < ordered.indexOf(ownFirst))
        return (
          firstCapturable(legal, enemy) ??
          firstOwnMovable(fen, legal, own, profile) ?? { moves: legal, obligation: null }
        );
      // Interp 8.2b (1975) keeps the own-piece move ahead of the capture.
      return (
        firstOwnMovable(fen, legal, own, profile) ??
        firstCapturable(legal, enemy) ?? { moves: legal, obligation: null }
      );
    case 'captureElseOtherCaptureElseMoveOwn':
      // E72 Art 20 1(c): capture with another man, and only if impossible move the touched man.
      return (
        firstCapturable(legal, enemy) ??
        firstOwnMovable(fen, legal, own, profile) ?? { moves: legal, obligation: null }
      );
  }
}

const isKingAndRook = (a: Touch, b: Touch): boolean =>
  (a.piece.type === 'k' && b.piece.type === 'r') || (a.piece.type === 'r' && b.piece.type === 'k');

/** The first own touched piece that can move, with the castling readings of §2.4.2. */
function firstOwnMovable(
  fen: string,
  legal: readonly MoveInfo[],
  own: readonly Touch[],
  profile: Profile,
): Bound | null {
  const [first, second] = own;
  if (!first) return null;
  if (profile.kingAndRookTouchedMustCastle && second && isKingAndRook(first, second)) {
    // E72 Art 20 1(a): the first two touched men are king and rook → castle with that rook, or, if
    // this is illegal, move the king; 2(a): a man with no legal move counts as not touched.
    const king = first.piece.type === 'k' ? first : second;
    const rook = first.piece.type === 'r' ? first : second;
    const fromKing = legalMovesFrom(fen, king.square);
    const castle = fromKing.filter((m) => m.castle && m.rookFrom === rook.square);
    if (castle.length > 0) return { moves: castle, obligation: { kind: 'castle', rookSquare: rook.square } };
    const kingMoves = fromKing.filter((m) => !m.castle);
    if (kingMoves.length > 0)
      return { moves: kingMoves, obligation: { kind: 'move', square: king.square, piece: king.piece } };
    return firstOwnMovable(
      fen,
      legal,
      own.filter((t) => t !== king),
      { ...profile, kingAndRookTouchedMustCastle: false },
    );
  }
  const rookThenKing = first.piece.type === 'r' && own.some((t) => t.piece.type === 'k');
  if (rookThenKing && first.group !== own.find((t) => t.piece.type === 'k')?.group) {
    const withRook = legal.filter((m) => m.castle && m.rookFrom === first.square);
    const rookMoves = legalMovesFrom(fen, first.square);
    if (profile.rookTouchedFirstCastling === 'warningValid') {
      // E72/E80 Interp 6.1 (1971): a warning, but the castling is valid.
      const moves = [...rookMoves, ...withRook];
      if (moves.length > 0)
        return { moves, obligation: { kind: 'move', square: first.square, piece: first.piece } };
    } else {
      // E88/E93 Art 5.1(c): he may not castle with that rook; Arts 7.2 and 7.3 apply.
      if (rookMoves.length > 0)
        return { moves: rookMoves, obligation: { kind: 'move', square: first.square, piece: first.piece } };
      for (const t of own.slice(1)) {
        const moves = legalMovesFrom(fen, t.square).filter((m) => !(m.castle && m.rookFrom === first.square));
        if (moves.length > 0)
          return { moves, obligation: { kind: 'move', square: t.square, piece: t.piece } };
      }
      return null;
    }
  }
  const kingAndRookTogether =
    second !== undefined &&
    isKingAndRook(first, second) &&
    (first.piece.type === 'k' || first.group === second.group);
  if (kingAndRookTogether) {
    const king = first.piece.type === 'k' ? first : second;
    const rook = first.piece.type === 'r' ? first : second;
    const fromKing = legalMovesFrom(fen, king.square);
    if (!fromKing.some((m) => m.castle && m.rookFrom === rook.square)) {
      // Castling with that rook is illegal: E72 move the king; E80 (Interp 6.1 (1975)) and E88/E93
      // (Art 5.1(d)) move the king or castle on the other side; no king move → free.
      const kingMoves = fromKing.filter((m) => profile.kingFirstCastlingIllegal !== 'moveKing' || !m.castle);
      return kingMoves.length > 0
        ? { moves: kingMoves, obligation: { kind: 'move', square: king.square, piece: king.piece } }
        : null;
    }
  }
  for (const t of own) {
    const moves = legalMovesFrom(fen, t.square);
    if (moves.length > 0) return { moves, obligation: { kind: 'move', square: t.square, piece: t.piece } };
  }
  return null;
}

export function obligationOf(state: ApertureState, profile: Profile): Obligation | null {
  return permittedMoves(state.fen, state.touches, profile).obligation;
}

/** A plain-English statement of an obligation (speech layers word it themselves from the data). */
export function describeObligation(o: Obligation): string {
  switch (o.kind) {
    case 'move':
      return `You touched the piece on ${o.square}; it must be moved.`;
    case 'capture':
      return o.with
        ? `You touched the pieces on ${o.with} and ${o.square}; the piece on ${o.square} must be captured with it.`
        : `You touched the piece on ${o.square}; it must be captured.`;
    case 'castle':
      return `You touched king and rook on ${o.rookSquare}; you must castle with that rook.`;
  }
}
