/**
 * The words of the game around the moves: draw offers, claims and their decisions, flags, clocks
 * stopped and running, the answers to a player's questions, refusals and the end of the game.
 * Pure.
 */
import { describeClock } from './describe.ts';
import { announcedWords } from './announceBoard.ts';
import type { AnnounceContext, Handlers } from './announceContext.ts';
import type { Utterance } from './announceEvents.ts';
import { describeRefusal, refusalText } from './refusals.ts';
import { describeReason, describeScore } from './results.ts';

type PlayWords = Pick<
  Handlers,
  | 'drawOffered'
  | 'drawDeclined'
  | 'claimed'
  | 'claimDecided'
  | 'flagFell'
  | 'bothFlagsFell'
  | 'clocksStopped'
  | 'adjourned'
  | 'clocksResumed'
  | 'answered'
  | 'refused'
  | 'gameEnded'
>;

/** §2.13: an adjournment is heard as the clocks stopping; the sealed move is never in it. */
const clocksStopped = (_e: unknown, ctx: AnnounceContext): Utterance[] => [
  ctx.say(ctx.t('clocksStopped'), 'assertive', false),
];

export const PLAY_WORDS: PlayWords = {
  drawOffered: (e, ctx) =>
    ctx.own(e.color)
      ? [ctx.say(ctx.t('drawOfferedOwn'), 'polite', false)]
      : [ctx.say(ctx.t('drawOfferedOpponent', { color: ctx.colorName(e.color) }), 'assertive', false)],
  drawDeclined: (e, ctx) =>
    ctx.own(e.color)
      ? [ctx.say(ctx.t('drawDeclinedOwn'), 'polite', false)]
      : [ctx.say(ctx.t('drawDeclinedOpponent', { color: ctx.colorName(e.color) }), 'assertive', false)],
  claimed: (e, ctx) => [
    ctx.say(
      ctx.t('claimed', { color: ctx.colorName(e.color), claim: ctx.t(`claim.${e.claim}`) }),
      'assertive',
      false,
    ),
  ],
  claimDecided: (e, ctx) => [
    ctx.say(
      ctx.t(e.upheld ? 'claimUpheld' : 'claimRejected', { claim: ctx.t(`claim.${e.claim}`) }),
      'assertive',
      true,
    ),
  ],
  flagFell: (e, ctx) => [
    ctx.say(
      ctx.own(e.color) ? ctx.t('flagFellOwn') : ctx.t('flagFellOpponent', { color: ctx.colorName(e.color) }),
      'assertive',
      true,
      'flag',
    ),
  ],
  bothFlagsFell: (_e, ctx) => [ctx.say(ctx.t('bothFlagsFell'), 'assertive', true, 'flag')],
  clocksStopped,
  adjourned: clocksStopped,
  clocksResumed: (_e, ctx) => [ctx.say(ctx.t('clocksResumed'), 'polite', false)],
  answered(e, ctx) {
    // BL-31 / S85 r.9(d): the answers are the only time words a player hears, and only because he
    // asked (the answer's audience is the asker).
    const a = e.answer;
    if (a.topic === 'movesMade')
      return [ctx.say(ctx.t('movesMade', { white: a.moves.w, black: a.moves.b }), 'polite', true)];
    if (a.topic === 'timeUsed') {
      const used = describeClock(a.usedMs, { locale: ctx.locale });
      const remaining = describeClock(a.remainingMs, { locale: ctx.locale });
      return [ctx.say(ctx.t('timeUsedRemaining', { used, remaining }), 'polite', true)];
    }
    if (a.topic === 'lastMove' && a.move)
      return announcedWords({ color: a.move.color, fen: a.move.fenBefore, uci: a.move.uci }, false, ctx);
    return [];
  },
  refused(e, ctx) {
    const r = e.refusal;
    const text =
      ctx.verbosity === 'brief'
        ? refusalText(ctx.locale, 'refused')
        : describeRefusal(
            ctx.locale,
            {
              code: r.code,
              message: r.message,
              ...(r.reason ? { reason: r.reason } : {}),
              ...(r.piece ? { piece: r.piece.type } : {}),
            },
            ctx.words,
          );
    return [ctx.say(text, 'assertive', true, 'illegal')];
  },
  gameEnded: (e, ctx) => [
    ctx.say(
      ctx.t('gameEnded', {
        score: describeScore(ctx.locale, e.score),
        reason: describeReason(ctx.locale, e.result.reason),
      }),
      'assertive',
      true,
    ),
  ],
};
