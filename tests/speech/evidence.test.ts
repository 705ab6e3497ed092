/**
 * The evidence log in words (issue 13): every intent kind reads as a sentence, never as JSON, and
 * a played move reads in the viewer's vocabulary.
 */
import { describe, expect, it } from 'vitest';
import { START_FEN } from '../../src/core/index.ts';
import { MatchDriver, type IntentBody } from '../../src/match/driver.ts';
import { INTENT_KINDS, type IntentKind } from '../../src/match/intents.ts';
import type { LogEntry } from '../../src/match/types.ts';
import { describeLogEntry, describeLogRefusal } from '../../src/speech/evidence.ts';

/** One intent of every kind; the Record type fails to compile when a kind is missing. */
const SAMPLES: Readonly<Record<IntentKind, IntentBody>> = {
  startGame: { kind: 'startGame' },
  join: { kind: 'join', role: 'arbiter' },
  leave: { kind: 'leave', role: 'spectator' },
  setTwinBoards: { kind: 'setTwinBoards', on: true },
  lift: { kind: 'lift', square: 'g1' },
  removeCaptured: { kind: 'removeCaptured', square: 'd7' },
  returnCaptured: { kind: 'returnCaptured', square: 'd7' },
  place: { kind: 'place', square: 'f3' },
  choosePromotion: { kind: 'choosePromotion', piece: 'n' },
  touch: { kind: 'touch', square: 'b8' },
  move: { kind: 'move', uci: 'e2e4' },
  jAdoube: { kind: 'jAdoube' },
  announce: { kind: 'announce', uci: 'g1f3' },
  correctAnnouncement: { kind: 'correctAnnouncement', uci: 'g1h3' },
  pressClock: { kind: 'pressClock' },
  repeat: { kind: 'repeat', uci: 'g1f3' },
  execute: { kind: 'execute', uci: 'g1f3', board: 'sighted' },
  relayLift: { kind: 'relayLift', square: 'e2' },
  relayRemove: { kind: 'relayRemove', square: 'e7' },
  relayPlace: { kind: 'relayPlace', square: 'e4' },
  offerDraw: { kind: 'offerDraw' },
  acceptDraw: { kind: 'acceptDraw' },
  declineDraw: { kind: 'declineDraw' },
  claim: { kind: 'claim', claim: 'fiftyMoves', move: 'g1f3' },
  reportTouch: { kind: 'reportTouch', square: 'e7' },
  resign: { kind: 'resign' },
  query: { kind: 'query', topic: 'timeUsed' },
  stopClocks: { kind: 'stopClocks' },
  resumeClocks: { kind: 'resumeClocks' },
  confirmCorrection: { kind: 'confirmCorrection' },
  decideClaim: { kind: 'decideClaim', upheld: false },
  adjustClock: { kind: 'adjustClock', color: 'b', usedMs: 65_000 },
  penalize: { kind: 'penalize', color: 'w', penalty: 'timeAddedToOpponent', ms: 120_000 },
  overrideSetting: { kind: 'overrideSetting', override: { setting: 'relay', value: 'manual' } },
  sealMove: { kind: 'sealMove' },
  adjourn: { kind: 'adjourn' },
  resume: { kind: 'resume' },
  takeBack: { kind: 'takeBack' },
  claimTouch: { kind: 'claimTouch' },
  enforceTouch: { kind: 'enforceTouch', color: 'b', square: 'g8' },
  nameTouchedPiece: { kind: 'nameTouchedPiece', square: 'g8' },
  reinstatePosition: { kind: 'reinstatePosition', ply: 3 },
  annulGame: { kind: 'annulGame', reason: 'wrongInitialPosition' },
  judgeColoursReversed: { kind: 'judgeColoursReversed', restart: true },
  forfeitLateArrival: { kind: 'forfeitLateArrival', color: 'b' },
  setCompetition: { kind: 'setCompetition', on: false },
  writeScore: { kind: 'writeScore', text: '1. e4' },
};

const entryOf = (body: IntentBody): LogEntry => ({
  seq: 1,
  at: 0,
  by: 'arbiter',
  what: body.kind,
  detail: JSON.stringify(body),
  refused: false,
  subject: { intent: body, fen: START_FEN, piece: { type: 'n', color: 'w' } },
});

describe('the evidence log in words', () => {
  it.each(INTENT_KINDS.flatMap((kind) => (['en', 'de'] as const).map((locale) => [kind, locale] as const)))(
    '%s (%s) reads as a sentence, not as data',
    (kind, locale) => {
      const sentence = describeLogEntry(locale, entryOf(SAMPLES[kind]));
      expect(sentence).toMatch(/^[\p{Lu}\d]/u);
      expect(sentence).not.toMatch(/[{}[\]"]|undefined|NaN/);
      expect(sentence).not.toContain(kind);
    },
  );

  it('says what a few intents did, in the default vocabulary and in German', () => {
    expect(describeLogEntry('en', entryOf(SAMPLES.adjustClock))).toBe("Set Black's used time to 1:05");
    expect(describeLogEntry('en', entryOf(SAMPLES.claim))).toBe(
      'Claimed a draw under the fifty-move rule, stating the move Knight Felix three',
    );
    expect(describeLogEntry('en', entryOf(SAMPLES.overrideSetting))).toBe('Set the relay mode to manual');
    expect(describeLogEntry('de', entryOf(SAMPLES.lift), { vocabulary: 'fide2018-de' })).toBe(
      'Springer von Gustav eins gehoben',
    );
  });

  it("reads a blind player's move from the match's own log", () => {
    const d = MatchDriver.started();
    d.as('blind').lift('g1').as('blind').place('f3').as('blind').announce();
    d.as('sighted').claim('repetition');
    const lines = d.state.log.map((l) => describeLogEntry('en', l));
    expect(lines).toEqual(
      expect.arrayContaining([
        'Started the game',
        'Lifted the knight from Gustav one',
        'Placed the knight on Felix three',
        'Announced Knight Felix three',
        'Claimed a draw by repetition',
      ]),
    );
    expect(describeLogRefusal('en', d.state.log.at(1)!)).toBeNull();
    d.as('blind').resumeClocks();
    const refused = d.state.log.at(-1)!;
    expect(describeLogEntry('en', refused)).toBe('Restarted the clocks');
    expect(describeLogRefusal('en', refused)).toMatch(/^Refused: \S/);
  });

  it('never holds the sealed move, even in words', () => {
    const entry = entryOf({ kind: 'sealMove', move: 'e2e4' });
    const logged = { ...entry, subject: { ...entry.subject!, intent: { kind: 'sealMove' } } };
    expect(describeLogEntry('en', logged)).toBe('Wrote the sealed move');
  });
});
