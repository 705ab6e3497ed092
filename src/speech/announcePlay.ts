/**
 * The words of the game around the moves: draw offers, claims and their decisions, flags, clocks
 * stopped and running, the answers to a player's questions, refusals and the end of the game.
 * Pure.
 */
import type { EventOf } from '../match/events.ts';
import { describeClock, describeDuration, describeMove } from './describe.ts';
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

/**
 * What a claim's decision applied, as clauses: the time charged or given under the edition's rule
 * (§2.11, GR-56: "5 minutes charged to your clock") and the declared move now bound; '' when
 * nothing: what is applied is said (issue 28).
 */
export function chargeWords(e: EventOf<'claimDecided'>, ctx: AnnounceContext): string {
  const clauses: string[] = [];
  const c = e.charge;
  if (c) {
    const time = describeDuration(c.ms, { locale: ctx.locale });
    const own = ctx.own(c.color);
    const key =
      c.to === 'used'
        ? own
          ? 'claimChargeOwn'
          : 'claimChargeOther'
        : own
          ? 'claimBonusOwn'
          : 'claimBonusOther';
    clauses.push(ctx.t(key, { time, color: ctx.colorName(c.color) }));
  }
  // A wrong claim's declared move is now bound (003 Art 10.11(b), 001 Art 10.13(b)).
  const d = e.declaredMove;
  if (d)
    clauses.push(
      ctx.t(ctx.own(e.color) ? 'declaredMoveOwn' : 'declaredMoveOther', {
        color: ctx.colorName(e.color),
        move: describeMove(d.fen, d.uci, ctx.moveOptions),
      }),
    );
  return clauses.join('; ');
}

/** A sentence and the clause after it ("…; the claim is rejected; 5 minutes charged …"). */
export const withClause = (sentence: string, clause: string): string =>
  clause === '' ? sentence : `${sentence}; ${clause}`;

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
      withClause(
        ctx.t(e.upheld ? 'claimUpheld' : 'claimRejected', { claim: ctx.t(`claim.${e.claim}`) }),
        chargeWords(e, ctx),
      ),
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
              ...(r.obligation ? { obligation: r.obligation } : {}),
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
