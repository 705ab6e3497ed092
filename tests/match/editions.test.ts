// The spec's edition table (§3) as a test table: one row per difference, one column per edition
// (six), each cell a behaviour observed through the match's intents or the core's rules — not a
// profile value read back.
import { describe, expect, it } from 'vitest';
import { colourReversalDecision, PROFILES, readClock, type ProfileId } from '../../src/core/index.ts';
import { judgeSealedMove } from '../../src/match/concerns/adjournment.ts';
import { MatchDriver } from '../../src/match/index.ts';

const MIN = 60_000;
type Row = Readonly<Record<ProfileId, unknown>>;
const row = (e72: unknown, e77: unknown, e80: unknown, e88: unknown, e93: unknown, e2018: unknown): Row => ({
  fide1972: e72,
  fide1977: e77,
  fide1980: e80,
  'fide1988-ibca1985': e88,
  'fide1993-ibca1985': e93,
  fide2018: e2018,
});

const CASTLE = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
const BISHOP_TAKES_LAST_PAWN = '4k3/8/8/8/8/p7/8/2B1K3 w - - 0 1';
// Black to move and about to overstep with only a king left (bare king, §3 row 20).
const BARE_KING = '4k3/8/8/8/8/8/4P3/4K3 b - - 0 1';

/** Each row: what happens in a game under the edition, observed through intents. */
const ROWS: readonly [string, (id: ProfileId) => unknown, Row][] = [
  [
    '1: two boards are obligatory (S72/S80) or on demand (S85)',
    (id) => MatchDriver.create({ profileId: id, twinBoards: false }).state.setup.twinBoards,
    row(true, true, true, false, false, false),
  ],
  [
    '6: rook touched first, then castling',
    (id) => {
      const d = MatchDriver.started({ profileId: id, startFen: CASTLE });
      d.as('blind').lift('h1');
      d.as('blind').place('h1');
      d.as('blind').lift('e1');
      d.as('blind').place('g1');
      return d.refusal ? 'refused' : d.all('warning').length > 0 ? 'valid with warning' : 'valid';
    },
    row('valid with warning', 'valid with warning', 'valid with warning', 'refused', 'refused', 'refused'),
  ],
  [
    '8: enemy pawn touched, then an own knight: which move is owed',
    (id) => {
      const d = MatchDriver.started({ profileId: id });
      d.play('e2e4').play('d7d5').play('b1c3');
      d.as('sighted').touch('e4');
      d.as('sighted').move('g8f6');
      return d.refusal?.code ?? 'free';
    },
    row(
      'touchObligation',
      'touchObligation',
      'touchObligation',
      'touchObligation',
      'touchObligation',
      'touchObligation',
    ),
  ],
  [
    '12: colours reversed, found after 10 minutes of a 150-minute control',
    (id) =>
      colourReversalDecision(
        { usedMs: { w: 5 * MIN, b: 5 * MIN }, firstControlMs: 150 * MIN, plies: 30 },
        PROFILES[id],
      ),
    row('annul', 'annul', 'annul', 'arbiterMayRestart', 'arbiterMayRestart', 'continue'),
  ],
  [
    '12 in play: colours reversed after two moves and 10 minutes; the arbiter would rather play on',
    (id) => {
      const d = MatchDriver.started({ profileId: id, roles: ['blind', 'sighted', 'arbiter'] });
      d.tick(5 * MIN).play('e2e4');
      d.tick(5 * MIN).play('e7e5');
      d.as('arbiter').judgeColoursReversed(false);
      return d.lastOf('gameAnnulled') ? `new game, blind plays ${d.state.setup.blindColor}` : 'stands';
    },
    row(
      'new game, blind plays b',
      'new game, blind plays b',
      'new game, blind plays b',
      'stands',
      'stands',
      'new game, blind plays b',
    ),
  ],
  [
    '16: the claimant’s used time after a wrong repetition claim made at 10 s',
    (id) => {
      const d = MatchDriver.started({ profileId: id });
      for (const uci of ['g1f3', 'g8f6', 'f3g1']) d.play(uci);
      d.tick(10_000).as('sighted').claim('repetition', 'f6g8');
      return readClock(d.state.clock, d.now).sides.b.usedMs;
    },
    // E72 runs on (no charge), E77 exactly five minutes, E80+ five minutes if wrong, 2018 none to him.
    row(10_000, 10_000 + 5 * MIN, 10_000 + 5 * MIN, 10_000 + 5 * MIN, 10_000 + 5 * MIN, 10_000),
  ],
  [
    '19: K+B v K after the capture',
    (id) => {
      const d = MatchDriver.started({ profileId: id, startFen: BISHOP_TAKES_LAST_PAWN });
      d.play('c1a3');
      return d.state.result?.reason ?? 'plays on';
    },
    row(
      'plays on',
      'plays on',
      'plays on',
      'insufficientMaterial',
      'insufficientMaterial',
      'insufficientMaterial',
    ),
  ],
  [
    '20: the opponent of a bare king oversteps',
    (id) => {
      const d = MatchDriver.started({
        profileId: id,
        startFen: BARE_KING,
        blindColor: 'b',
        roles: ['blind', 'sighted', 'arbiter'],
      });
      d.play('e8d8');
      d.tick(1000 * MIN);
      return d.state.result;
    },
    row(
      { winner: 'b', reason: 'flag' },
      { winner: 'b', reason: 'flag' },
      { winner: 'b', reason: 'flag' },
      { winner: null, reason: 'flagVsBareKing' },
      { winner: null, reason: 'flagVsBareKing' },
      { winner: null, reason: 'flagVsBareKing' },
    ),
  ],
  [
    '22: a clear but illegal sealed move',
    (id) =>
      judgeSealedMove(
        'rnbqkb1r/pppp1ppp/5n2/4p3/4P3/3P1N2/PPP2PPP/RNBQKB1R w KQkq - 0 4',
        { kind: 'text', text: 'Qd8' },
        PROFILES[id],
      ).kind,
    row('arbiterDecides', 'arbiterDecides', 'arbiterDecides', 'loss', 'loss', 'loss'),
  ],
  [
    '24: adjourned 30 minutes before the end of the session: time added to the sealer',
    (id) => {
      const d = MatchDriver.started({ profileId: id });
      d.play('e2e4').play('e7e5');
      d.as('blind').sealMove('g1f3');
      const before = d.state.clock.sides.w.usedMs;
      d.as('blind').do({ kind: 'adjourn', sessionEndsAt: d.now + 30 * MIN });
      return d.state.clock.sides.w.usedMs - before;
    },
    row(0, 0, 0, 0, 30 * MIN, 0),
  ],
  [
    '27: both flags fallen, Black claims on time (arbiter present)',
    (id) => {
      const d = MatchDriver.started({ profileId: id, roles: ['blind', 'sighted', 'arbiter'] });
      d.play('e2e4');
      // Both flags down with the order unknown: the arbiter set both clocks past the control.
      d.as('arbiter').adjustClock('w', 151 * MIN);
      d.as('arbiter').adjustClock('b', 151 * MIN);
      d.as('sighted').claim('time');
      return d.state.claim?.kind === 'time' ? 'arbiter judges' : (d.state.result?.reason ?? 'continues');
    },
    row('arbiter judges', 'arbiter judges', 'arbiter judges', 'continues', 'continues', 'continues'),
  ],
];

describe('spec §3: the edition table, one behaviour per cell', () => {
  for (const [name, probe, expected] of ROWS)
    describe(name, () => {
      for (const id of Object.keys(expected) as ProfileId[])
        it(id, () => {
          expect(probe(id)).toEqual(expected[id]);
        });
    });
});
