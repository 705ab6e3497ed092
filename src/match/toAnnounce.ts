/**
 * The bridge from match events to the speech layer: `toAnnounceEvents(events, role)` keeps what the
 * role should hear (the event's audience) and maps it onto the speech layer's `AnnounceEvent`, so
 * `announce(toAnnounceEvents(events, role), prefs)` gives that role's utterances.
 */
import type { Square } from '../core/index.ts';
import type { AnnounceEvent } from '../speech/index.ts';
import { isFor, type MatchEvent } from './events.ts';
import type { Role } from './types.ts';

/** The events `role` should hear, as the speech layer's announce events. */
export function toAnnounceEvents(events: readonly MatchEvent[], role: Role): AnnounceEvent[] {
  return events.filter((e) => isFor(e, role)).flatMap((e) => mapOne(e));
}

function mapOne(e: MatchEvent): AnnounceEvent[] {
  switch (e.type) {
    case 'lifted':
      // Lifting an opponent's piece is the capture step; `captureRemoved` follows and says it.
      if (!e.own) return [];
      return [
        {
          type: 'lifted',
          color: e.color,
          square: e.square,
          piece: e.piece.type,
          adjusting: e.exempt,
          mustMove: e.obligation?.kind === 'move' && e.obligation.square === e.square,
        },
      ];
    case 'placedBack':
      return [
        {
          type: 'putBack',
          color: e.color,
          square: e.square,
          piece: e.piece.type,
          mustMove: e.obligation !== null,
          ...(e.obligation?.kind === 'move'
            ? { bound: { square: e.obligation.square, piece: e.obligation.piece.type } }
            : {}),
        },
      ];
    case 'captureRemoved':
      return [{ type: 'captureRemoved', color: e.color, square: e.square, piece: e.piece.type }];
    case 'placed':
      return [{ type: 'placed', color: e.color, from: e.from, to: e.to, piece: e.piece.type }];
    case 'promotionPending':
      return [{ type: 'promotionRequested', color: e.color, square: e.square }];
    case 'promotionChosen':
      return [{ type: 'promotionChosen', color: e.color, square: e.square, piece: e.piece }];
    case 'jAdoubeDeclared':
      return [{ type: 'adjustDeclared', color: e.color }];
    case 'announced':
      return [{ type: 'announced', color: e.color, fen: e.fen, uci: e.uci }];
    case 'announcementCorrected':
      return [{ type: 'announcementCorrected', color: e.color, fen: e.fen, uci: e.uci }];
    case 'clockPressed':
      return [{ type: 'clockPressed', color: e.color }];
    case 'repeated':
      return [{ type: 'repeated', color: e.color, fen: e.fen, uci: e.uci, matches: e.matches }];
    case 'discrepancy':
      return [
        {
          type: 'discrepancy',
          differences: e.discrepancy.differences,
          rule: e.discrepancy.rule,
          boards: e.discrepancy.boardsToReset,
          ...(e.announced ? { announced: e.announced } : {}),
        },
      ];
    case 'correctionApplied':
      return [{ type: 'correctionApplied', plies: e.takenBack, rule: e.rule, boardsReset: e.boardsReset }];
    case 'settingOverridden':
      return e.override.setting === 'relay' ? [{ type: 'relayChanged', relay: e.override.value }] : [];
    case 'takenBack':
      return [{ type: 'takenBack', plies: e.plies, toMove: e.toMove }];
    case 'drawOffered':
      return [{ type: 'drawOffered', color: e.color }];
    case 'drawDeclined':
      return [{ type: 'drawDeclined', color: e.color }];
    case 'claimed':
      return [{ type: 'claimed', color: e.color, claim: e.claim }];
    case 'claimDecided':
      return [{ type: 'claimDecided', claim: e.claim, upheld: e.upheld }];
    // §2.13: an adjournment is heard as the clocks stopping; the sealed move is never in it.
    case 'adjourned':
    case 'clocksStopped':
      return [{ type: 'clocksStopped' }];
    case 'clocksResumed':
      return [{ type: 'clocksResumed' }];
    case 'flagFell':
      return [{ type: 'flagFell', color: e.color }];
    case 'answered':
      // BL-31: the answers are the only time words a player hears, and only because he asked.
      if (e.answer.topic === 'movesMade')
        return [{ type: 'movesMade', moves: e.answer.moves, requested: true }];
      if (e.answer.topic === 'timeUsed')
        return [
          { type: 'timeUsed', usedMs: e.answer.usedMs, remainingMs: e.answer.remainingMs, requested: true },
        ];
      if (e.answer.topic === 'lastMove' && e.answer.move)
        return [
          {
            type: 'announced',
            color: e.answer.move.color,
            fen: e.answer.move.fenBefore,
            uci: e.answer.move.uci,
          },
        ];
      return [];
    case 'refused':
      return [
        {
          type: 'refused',
          code: e.refusal.code,
          message: e.refusal.message,
          ...(e.refusal.reason ? { reason: e.refusal.reason } : {}),
          ...(e.refusal.piece ? { piece: e.refusal.piece.type } : {}),
        },
      ];
    case 'gameEnded':
      return [{ type: 'gameEnded', score: e.score, reason: e.result.reason }];
    case 'touchEnforced':
      return [
        {
          type: 'touchEnforced',
          color: e.color,
          square: e.square as Square,
          ...(e.captures === undefined ? {} : { captures: e.captures as Square }),
          takenBack: e.takenBack,
        },
      ];
    case 'touchNamingAsked':
      return [{ type: 'touchNamingAsked', color: e.color }];
    case 'positionReinstated':
      return [{ type: 'positionReinstated', ply: e.ply, color: e.color, square: e.square as Square }];
    case 'gameAnnulled':
      return [{ type: 'gameAnnulled', coloursReversed: e.reason === 'coloursReversed' }];
    case 'coloursReversedStands':
      return [{ type: 'coloursReversedStands' }];
    case 'bothFlagsFell':
      return [{ type: 'bothFlagsFell' }];
    case 'competitionSet':
      return [{ type: 'competitionSet', on: e.on }];
    case 'scoreWritten':
      return [{ type: 'scoreWritten', moves: e.moves }];
    default:
      // Setup, logistics and evidence events (joins, executions, adjustments) have no words of
      // their own in the speech layer; screens show them.
      return [];
  }
}
