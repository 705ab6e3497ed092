/**
 * The words of the move lifecycle (the aperture's steps as the match reports them): lifting,
 * removing a capture, placing, promotion, j'adoube, the announcement and its correction, the
 * clock press and the opponent's repetition. Pure.
 */
import { findMove, type Piece } from '../core/index.ts';
import { describeMove, describeMoveInfo, describePiece } from './describe.ts';
import { capitalized, other, type AnnounceContext, type Handlers } from './announceContext.ts';
import type { EarconId, Utterance } from './announceEvents.ts';

type BoardWords = Pick<
  Handlers,
  | 'lifted'
  | 'placedBack'
  | 'captureRemoved'
  | 'placed'
  | 'promotionPending'
  | 'promotionChosen'
  | 'jAdoubeDeclared'
  | 'announced'
  | 'announcementCorrected'
  | 'clockPressed'
  | 'repeated'
>;

/** A move announced (r.1) or corrected; `fen` is the position before it. The opponent's is the relay. */
export function announcedWords(
  move: { readonly color: 'w' | 'b'; readonly fen: string; readonly uci: string },
  corrected: boolean,
  ctx: AnnounceContext,
): Utterance[] {
  const found = findMove(move.fen, move.uci);
  const words = found.ok
    ? describeMoveInfo(found.value, ctx.moveOptions)
    : describeMove(move.fen, move.uci, ctx.moveOptions);
  if (ctx.own(move.color)) {
    if (corrected) return [ctx.say(ctx.t('corrected', { move: words }), 'polite', false)];
    return ctx.verbosity === 'brief'
      ? [ctx.sayWords(words, 'polite', false)]
      : [ctx.say(ctx.t('announcedOwn', { move: words }), 'polite', false)];
  }
  // The opponent's move: assertive and interrupting, with an earcon for its kind.
  const info = found.ok ? found.value : undefined;
  const earcon: EarconId | undefined = info
    ? info.check
      ? 'check'
      : info.captured
        ? 'capture'
        : 'place'
    : undefined;
  if (corrected) return [ctx.say(ctx.t('corrected', { move: words }), 'assertive', true, earcon)];
  if (ctx.verbosity !== 'full') return [ctx.sayWords(words, 'assertive', true, earcon)];
  let text = ctx.t('announcedOpponentFull', { color: ctx.colorName(move.color), move: words });
  if (info?.captured) {
    const piece = describePiece({ color: other(move.color), type: info.captured }, ctx.words);
    text += `; ${ctx.t('capturedPiece', { piece })}`;
  }
  return [ctx.say(text, 'assertive', true, earcon)];
}

export const BOARD_WORDS: BoardWords = {
  lifted(e, ctx) {
    // Lifting an opponent's piece is the capture step; `captureRemoved` follows and says it.
    // Checklist 49: nobody is told of the opponent's touches; only his announced move.
    if (!e.own || !ctx.own(e.color)) return [];
    if (ctx.verbosity === 'brief') return [ctx.sayWords(ctx.square(e.square), 'polite', false, 'lift')];
    const params = { piece: ctx.pieceType(e.piece.type), square: ctx.square(e.square) };
    const mustMove = e.obligation?.kind === 'move' && e.obligation.square === e.square;
    const key = e.exempt ? 'liftedAdjusting' : mustMove ? 'liftedMustMove' : 'lifted';
    return [ctx.say(ctx.t(key, params), 'polite', false, 'lift')];
  },
  placedBack(e, ctx) {
    if (!ctx.own(e.color)) return [];
    if (ctx.verbosity === 'brief') return [ctx.sayWords(ctx.square(e.square), 'polite', false, 'place')];
    const params = { piece: capitalized(ctx.pieceType(e.piece.type)), square: ctx.square(e.square) };
    // The piece touched first, which must move, when it is another one (touch-move, Art 4.3).
    const bound = e.obligation?.kind === 'move' ? e.obligation : null;
    if (bound && bound.square !== e.square) {
      const text = ctx.t('putBackOtherMustMove', {
        ...params,
        bound: ctx.pieceType(bound.piece.type),
        boundSquare: ctx.square(bound.square),
      });
      return [ctx.say(text, 'polite', false, 'place')];
    }
    const key = e.obligation !== null ? 'putBackMustMove' : 'putBack';
    return [ctx.say(ctx.t(key, params), 'polite', false, 'place')];
  },
  captureRemoved(e, ctx) {
    // `color` removed an enemy piece from `square` (the capture step, r.3(a)).
    if (!ctx.own(e.color)) return [];
    if (ctx.verbosity === 'brief') return [ctx.sayWords(ctx.square(e.square), 'polite', false, 'capture')];
    const piece = describePiece({ color: other(e.color), type: e.piece.type } satisfies Piece, ctx.words);
    const text = ctx.t('captureRemoved', { piece, square: ctx.square(e.square) });
    return [ctx.say(text, 'polite', false, 'capture')];
  },
  placed(e, ctx) {
    if (!ctx.own(e.color)) return [];
    if (ctx.verbosity === 'brief') return [ctx.sayWords(ctx.square(e.to), 'polite', false, 'place')];
    const params = { piece: capitalized(ctx.pieceType(e.piece.type)), square: ctx.square(e.to) };
    return [ctx.say(ctx.t('placed', params), 'polite', false, 'place')];
  },
  promotionPending(e, ctx) {
    if (!ctx.own(e.color)) return [];
    return [ctx.say(ctx.t('promotionRequested', { square: ctx.square(e.square) }), 'assertive', false)];
  },
  // S85 r.1: the chosen piece is always named, whoever promotes.
  promotionChosen: (e, ctx) => [
    ctx.say(
      ctx.t('promotionChosen', { piece: ctx.pieceType(e.piece) }),
      ctx.own(e.color) ? 'polite' : 'assertive',
      false,
    ),
  ],
  // BL-10: j'adoube is announced to the opponent.
  jAdoubeDeclared: (e, ctx) =>
    ctx.own(e.color)
      ? [ctx.say(ctx.t('jAdoubeOwn'), 'polite', false)]
      : [ctx.say(ctx.t('jAdoubeOpponent', { color: ctx.colorName(e.color) }), 'assertive', false)],
  announced: (e, ctx) => announcedWords(e, false, ctx),
  announcementCorrected: (e, ctx) => announcedWords(e, true, ctx),
  clockPressed(e, ctx) {
    // Checklist 49: the app never tells a player that his opponent pressed the clock.
    if (!ctx.own(e.color) || ctx.verbosity === 'brief') return [];
    return [ctx.say(ctx.t('clockPressedOwn'), 'polite', false)];
  },
  repeated(e, ctx) {
    // `color` repeated the opponent's move (BL-18); a repetition that differs is a warning.
    const move = describeMove(e.fen, e.uci, ctx.moveOptions);
    if (!e.matches) return [ctx.say(ctx.t('repeatedWrong', { move }), 'assertive', true, 'difference')];
    if (ctx.own(e.color)) return [];
    return ctx.verbosity === 'brief'
      ? [ctx.sayWords(move, 'polite', false)]
      : [ctx.say(ctx.t('repeated', { move }), 'polite', false)];
  },
};
