/**
 * The words of the table's procedures, told to everyone in the same words: board differences and
 * their correction (issue 10), the arbiter's change of relay, touch-move enforced, an illegal move
 * found later, annulment, competition mode, the typed score, and a practice take-back. Pure.
 */
import type { Square } from '../core/index.ts';
import type { EventOf } from '../match/events.ts';
import { describeDuration, describeMove } from './describe.ts';
import { other, type AnnounceContext, type Handlers } from './announceContext.ts';

type ProcedureWords = Pick<
  Handlers,
  | 'discrepancy'
  | 'correctionApplied'
  | 'settingOverridden'
  | 'takenBack'
  | 'touchEnforced'
  | 'touchNamingAsked'
  | 'positionReinstated'
  | 'gameAnnulled'
  | 'coloursReversedStands'
  | 'competitionSet'
  | 'scoreWritten'
  | 'penalized'
>;

/** The arbiter's penalty (E93 Art 16.5; BL-26) as the listener hears it: what is applied is said. */
function penaltyWords(e: EventOf<'penalized'>, ctx: AnnounceContext): string {
  const color = ctx.colorName(e.color);
  const time = describeDuration(e.ms, { locale: ctx.locale });
  const offender = ctx.own(e.color);
  switch (e.penalty) {
    case 'warning':
      return ctx.t(offender ? 'penaltyWarningOwn' : 'penaltyWarningOther', { color });
    case 'timeAddedToOffender':
      return ctx.t(offender ? 'penaltyTimeOwn' : 'penaltyTimeOther', { color, time });
    case 'timeAddedToOpponent':
      return offender
        ? ctx.t('penaltyBonusOwn', { time })
        : ctx.t(ctx.own(other(e.color)) ? 'penaltyBonusYours' : 'penaltyBonusOther', { color, time });
    case 'lossOfGame':
      return ctx.t(offender ? 'penaltyLossOwn' : 'penaltyLossOther', { color });
  }
}

export const PROCEDURE_WORDS: ProcedureWords = {
  discrepancy(e, ctx) {
    // BL-25: which boards are to be reset and what had been announced (everyone hears what differed).
    const { rule, boardsToReset, differences } = e.discrepancy;
    if (boardsToReset.length > 0) {
      const boards = ctx.boards(boardsToReset);
      const text = e.announced
        ? ctx.t('discrepancyAnnounced', {
            rule,
            boards,
            move: describeMove(e.announced.fen, e.announced.uci, ctx.moveOptions),
          })
        : ctx.t('discrepancyOn', { rule, boards });
      return [ctx.say(text, 'assertive', true, 'difference')];
    }
    const text =
      ctx.verbosity === 'full' && differences.length > 0
        ? ctx.t('discrepancyFull', { details: differences.join(', ') })
        : ctx.t('discrepancy');
    return [ctx.say(text, 'assertive', true, 'difference')];
  },
  correctionApplied(e, ctx) {
    // `takenBack`: the moves taken back; `boardsReset`: whose boards were set to the corrected game.
    const count =
      e.takenBack === 0
        ? ctx.t('correctionAppliedNone')
        : e.takenBack === 1
          ? ctx.t('correctionAppliedOne')
          : ctx.t('correctionApplied', { plies: e.takenBack });
    const reset =
      e.boardsReset.length > 0
        ? ctx.t('correctionReset', { rule: e.rule, boards: ctx.boards(e.boardsReset) })
        : ctx.t('correctionNoReset', { rule: e.rule });
    return [ctx.say(`${count}. ${reset}`, 'assertive', false)];
  },
  settingOverridden(e, ctx) {
    // BL-03: the arbiter's change of how moves reach the other board is told to everyone.
    if (e.override.setting !== 'relay') return [];
    const mode = ctx.t(`relayMode.${e.override.value}`);
    return [ctx.say(ctx.t('relayChanged', { mode }), 'assertive', false)];
  },
  takenBack: (e, ctx) => [
    ctx.say(
      ctx.t(e.plies === 1 ? 'takenBackOne' : 'takenBackMany', { color: ctx.t(`color.${e.toMove}`) }),
      'polite',
      true,
    ),
  ],
  touchEnforced(e, ctx) {
    // Art 7.2 / 8.2; E72 Art 20 1(d)2: the man on `square` must capture the one on `captures`.
    const color = ctx.colorName(e.color);
    const square = ctx.square(e.square as Square);
    const text =
      e.captures === undefined
        ? ctx.t(e.takenBack ? 'touchEnforcedTakenBack' : 'touchEnforced', { color, square })
        : ctx.t(e.takenBack ? 'touchCaptureEnforcedTakenBack' : 'touchCaptureEnforced', {
            color,
            square,
            target: ctx.square(e.captures as Square),
          });
    return [ctx.say(text, 'assertive', true)];
  },
  touchNamingAsked: (e, ctx) => [
    ctx.say(
      ctx.own(e.color)
        ? ctx.t('touchNamingOwn')
        : ctx.t('touchNamingOpponent', { color: ctx.colorName(e.color) }),
      'assertive',
      true,
    ),
  ],
  positionReinstated: (e, ctx) => [
    ctx.say(
      ctx.t('positionReinstated', {
        move: Math.ceil(e.ply / 2),
        color: ctx.colorName(e.color),
        square: ctx.square(e.square as Square),
      }),
      'assertive',
      true,
    ),
  ],
  gameAnnulled(e, ctx) {
    // The listener's colour in the new game: the other one, when they were reversed.
    const player = ctx.prefs.player;
    const text =
      e.reason === 'coloursReversed' && player !== undefined
        ? ctx.t('gameAnnulledColours', { color: ctx.colorName(other(player)) })
        : ctx.t('gameAnnulled');
    return [ctx.say(text, 'assertive', true)];
  },
  coloursReversedStands: (_e, ctx) => [ctx.say(ctx.t('coloursReversedStands'), 'assertive', false)],
  competitionSet: (e, ctx) => [ctx.say(ctx.t(e.on ? 'competitionOn' : 'competitionOff'), 'assertive', false)],
  scoreWritten: (e, ctx) => [ctx.say(ctx.t('scoreWritten', { moves: e.moves }), 'polite', false)],
  penalized: (e, ctx) => [ctx.say(penaltyWords(e, ctx), 'assertive', false)],
};
