/**
 * The words of what only a screen knows (`ScreenEvent`): the player's read-outs of the board, his
 * time cues, and the opening of a new or resumed game. Pure.
 */
import { pieceAt } from '../core/index.ts';
import {
  describeDuration,
  describeFile,
  describeMove,
  describePiece,
  describePosition,
  describeRank,
  describeSquare,
} from './describe.ts';
import type { Handlers } from './announceContext.ts';
import { VOCABULARIES } from './vocabularies.ts';

type ScreenWords = Pick<
  Handlers,
  | 'navigated'
  | 'boardEdge'
  | 'positionRead'
  | 'rankRead'
  | 'fileRead'
  | 'lowTime'
  | 'timeCue'
  | 'gameOpened'
  | 'gameResumed'
>;

export const SCREEN_WORDS: ScreenWords = {
  navigated(e, ctx) {
    if (ctx.verbosity === 'brief') {
      // Brief: name and contents only; the square colour is one key away.
      const piece = pieceAt(e.fen, e.square);
      const contents = piece ? describePiece(piece, ctx.words) : VOCABULARIES[ctx.vocabulary].empty;
      return [ctx.sayWords(`${ctx.square(e.square)}, ${contents}`, 'polite', true)];
    }
    return [ctx.sayWords(describeSquare(e.fen, e.square, ctx.words), 'polite', true)];
  },
  boardEdge: (_e, ctx) => [ctx.say(ctx.verbosity === 'brief' ? '' : ctx.t('edge'), 'polite', false, 'edge')],
  positionRead: (e, ctx) => [
    ctx.sayWords(
      describePosition(e.fen, e.by, {
        ...ctx.words,
        ...(e.perspective ? { perspective: e.perspective } : {}),
      }),
      'polite',
      true,
    ),
  ],
  rankRead: (e, ctx) => [ctx.sayWords(describeRank(e.fen, e.rank, ctx.words), 'polite', true)],
  fileRead: (e, ctx) => [ctx.sayWords(describeFile(e.fen, e.file, ctx.words), 'polite', true)],
  lowTime(e, ctx) {
    if (!ctx.own(e.color)) return [];
    const time = describeDuration(e.remainingMs, { locale: ctx.locale });
    return [ctx.say(ctx.t('lowTime', { time }), 'assertive', false, 'lowTime')];
  },
  timeCue(e, ctx) {
    if (!ctx.own(e.color)) return [];
    const time = describeDuration(e.remainingMs, { locale: ctx.locale });
    return [ctx.say(ctx.t('timeCue', { time }), 'polite', false)];
  },
  gameOpened: (e, ctx) => [
    ctx.say(ctx.t('gameStarted', { color: ctx.colorName(e.color), edition: e.edition }), 'assertive', false),
  ],
  gameResumed(e, ctx) {
    // The piece in hand says where he was busy (and that the move is his); else his colour, whose
    // move it is and the last move, so he knows where the game stands (issue 28).
    if (e.hand) {
      const holding = { piece: ctx.pieceType(e.hand.piece), square: ctx.square(e.hand.square) };
      return [ctx.say(`${ctx.t('gameResumed')} ${ctx.t('resumedHolding', holding)}`, 'assertive', true)];
    }
    const parts = [ctx.t('gameResumed'), ctx.t('resumedColor', { color: ctx.colorName(e.color) })];
    if (e.toMove) parts.push(ctx.t(ctx.own(e.toMove) ? 'resumedYourMove' : 'resumedTheirMove'));
    if (e.lastMove !== undefined)
      parts.push(
        e.lastMove
          ? ctx.t('resumedLastMove', { move: describeMove(e.lastMove.fen, e.lastMove.uci, ctx.moveOptions) })
          : ctx.t('resumedNoMove'),
      );
    return [ctx.say(parts.join(' '), 'assertive', true)];
  },
};
