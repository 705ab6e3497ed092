// Issue 28, "slow by keyboard", headless on the blind player's screen model and a real match
// session: one key each for the pieces, whose move, a draw offer, accepting and declining one, the
// three claims and resigning; each key that a slip would cost the game with asks first (the screen's
// question, self-voicing saying it with its keys) and acts only on "yes"; the same actions typed
// and spoken, in English and German; a rebound key works; `h` is short with nothing in hand;
// "p knight" is where the knights are; a typed line while a question is pending.
import { afterEach, describe, expect, it } from 'vitest';
import { BlindDriver, DEFAULT_BLIND_PREFS } from '../../src/controllers/blind/driver.ts';
import { DEFAULT_KEYMAP, rebind } from '../../src/input/keymap.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startMemorySession } from '../../src/session/store.ts';
import type { MatchOptions } from '../../src/match/setup.ts';

const drivers: BlindDriver[] = [];
afterEach(() => drivers.splice(0).forEach((d) => d.dispose()));

function screen(options: Partial<MatchOptions> = {}, prefs = DEFAULT_BLIND_PREFS, keymap = DEFAULT_KEYMAP) {
  const d = new BlindDriver(
    startMemorySession({ blindColor: 'w', ...options }, manualClock(0)),
    prefs,
    keymap,
  );
  drivers.push(d);
  return d;
}

const GERMAN = { ...DEFAULT_BLIND_PREFS, locale: 'de', vocabulary: 'fide2018-de' } as const;
const SCREEN_READER = { ...DEFAULT_BLIND_PREFS, selfVoicing: false };

const START_PIECES =
  'White: king Evan one; queen David one; rook Anna one, Hector one; bishop Cesar one, Felix one; ' +
  'knight Bella one, Gustav one; pawn Anna two, Bella two, Cesar two, David two, Evan two, Felix two, ' +
  'Gustav two, Hector two. Black: king Evan eight; queen David eight; rook Anna eight, Hector eight; ' +
  'bishop Cesar eight, Felix eight; knight Bella eight, Gustav eight; pawn Anna seven, Bella seven, ' +
  'Cesar seven, David seven, Evan seven, Felix seven, Gustav seven, Hector seven.';

describe('reading keys: the pieces and whose move', () => {
  it('Shift+L lists every piece, as the typed "pieces" and the spoken "list pieces" do', () => {
    const d = screen();
    d.key('Shift+l');
    expect(d.texts).toEqual([START_PIECES]);
    d.clear().type('pieces');
    expect(d.texts).toEqual([START_PIECES]);
    d.clear().hear('list pieces');
    expect(d.texts).toEqual([START_PIECES]);
  });

  it('Shift+W says whose move it is, then the other side after a move, and the result at the end', () => {
    const d = screen();
    d.key('Shift+w');
    expect(d.texts).toEqual(['White to move']);
    d.playMove('e2', 'e4').clear().key('Shift+w');
    expect(d.texts).toEqual(['Black to move']);
    d.clear().type('turn');
    expect(d.texts).toEqual(['Black to move']);
    d.clear().hear('whose turn');
    expect(d.texts).toEqual(['Black to move']);
    d.opponentMoves('e7e5').key('Shift+g').step({ kind: 'confirm', confirmed: true });
    d.clear().key('Shift+w');
    expect(d.texts).toEqual(['Game over: Black wins, resignation']);
  });

  it('in German, by key and by the German words', () => {
    const d = screen({}, GERMAN);
    d.key('Shift+w');
    expect(d.texts).toEqual(['Weiß am Zug']);
    d.clear().hear('wer ist am zug');
    expect(d.texts).toEqual(['Weiß am Zug']);
    d.clear().hear('liste figuren');
    expect(d.last).toMatch(/^Weiß: Koenig Eva eins; Dame David eins; .* Schwarz: Koenig Eva acht; /);
  });
});

describe('a draw offer: D, then yes', () => {
  it('asks first, says the question with its keys, and offers only on yes', () => {
    const d = screen();
    d.playMove('e2', 'e4').clear().key('d');
    expect(d.texts).toEqual(['Offer a draw? Y: yes. N or Escape: no.']);
    expect(d.view.dialog).toBe('offerDraw');
    expect(d.state.drawOffer).toBeNull();
    d.clear().step({ kind: 'confirm', confirmed: true });
    expect(d.texts).toEqual(['You offered a draw']);
    expect(d.state.drawOffer).toMatchObject({ by: 'w' });
    expect(d.view.dialog).toBe('none');
    expect(d.focus).toBe('board');
  });

  it('no leaves nothing offered and says so', () => {
    const d = screen();
    d.key('d').clear().step({ kind: 'confirm', confirmed: false });
    expect(d.texts).toEqual(['No draw offered.']);
    expect(d.state.drawOffer).toBeNull();
    expect(d.focus).toBe('board');
  });

  it('with a screen reader the dialog says the question as it takes the focus: nothing is said twice', () => {
    const d = screen({}, SCREEN_READER);
    d.clear().key('d');
    expect(d.texts).toEqual([]);
    expect(d.view.dialog).toBe('offerDraw');
  });

  it('typed "draw" and spoken "offer a draw" ask aloud and offer on yes; German too', () => {
    const typed = screen();
    typed.type('draw');
    expect(typed.texts).toEqual(['Offer a draw? Say yes or no.']);
    typed.clear().type('y');
    expect(typed.texts).toEqual(['You offered a draw']);
    const spoken = screen();
    spoken.hear('offer a draw').hear('yes');
    expect(spoken.state.drawOffer).toMatchObject({ by: 'w' });
    const german = screen({}, GERMAN);
    german.hear('remis anbieten');
    expect(german.texts).toEqual(['Remis anbieten? Sagen Sie ja oder nein.']);
    german.clear().hear('ja');
    expect(german.texts).toEqual(['Sie haben Remis angeboten']);
  });
});

describe("answering the opponent's offer: one key each", () => {
  function offered() {
    const d = screen();
    d.playMove('e2', 'e4').opponentMoves('e7e5').as('sighted', { kind: 'offerDraw' });
    return d.clear();
  }

  it('Shift+D asks, and yes ends the game drawn', () => {
    const d = offered();
    d.key('Shift+d');
    expect(d.texts).toEqual(['Accept the draw? Y: yes. N or Escape: no.']);
    expect(d.state.result).toBeNull();
    d.clear().step({ kind: 'confirm', confirmed: true });
    expect(d.state.result).toEqual({ winner: null, reason: 'agreement' });
    expect(d.last).toBe('Game over: draw, by agreement');
  });

  it('Shift+D then no keeps the offer open', () => {
    const d = offered();
    d.key('Shift+d').clear().step({ kind: 'confirm', confirmed: false });
    expect(d.texts).toEqual(['Draw not accepted; the offer is still open.']);
    expect(d.state.drawOffer).toMatchObject({ by: 'b' });
  });

  it('Shift+X declines at once (declining costs nothing)', () => {
    const d = offered();
    d.key('Shift+x');
    expect(d.texts).toEqual(['You declined the draw']);
    expect(d.state.drawOffer).toBeNull();
    expect(d.view.dialog).toBe('none');
  });

  it('typed "accept" and "decline", and the German words', () => {
    const typed = offered();
    typed.type('decline');
    expect(typed.texts).toEqual(['You declined the draw']);
    const german = screen({}, GERMAN);
    german.playMove('e2', 'e4').opponentMoves('e7e5').as('sighted', { kind: 'offerDraw' }).clear();
    german.hear('remis annehmen').hear('ja');
    expect(german.state.result).toEqual({ winner: null, reason: 'agreement' });
    const accepted = offered();
    accepted.type('accept');
    expect(accepted.texts).toEqual(['Accept the draw? Say yes or no.']);
    accepted.type('y');
    expect(accepted.state.result).toEqual({ winner: null, reason: 'agreement' });
  });

  it('with no offer to answer, the keys say so at once and ask nothing', () => {
    const d = screen();
    d.key('Shift+d');
    expect(d.texts).toEqual(['There is no draw offer']);
    expect(d.view.dialog).toBe('none');
    d.clear().key('Shift+x');
    expect(d.texts).toEqual(['There is no draw offer']);
  });
});

describe('claims: one key each, each asking first', () => {
  it('Shift+C after the start position came back a third time: the draw by repetition', () => {
    const d = screen();
    for (let i = 0; i < 2; i++)
      d.playMove('g1', 'f3').opponentMoves('g8f6').playMove('f3', 'g1').opponentMoves('f6g8');
    d.clear().key('Shift+c');
    expect(d.texts).toEqual(['Claim a draw by repetition? Y: yes. N or Escape: no.']);
    expect(d.state.claim).toBeNull();
    d.clear().step({ kind: 'confirm', confirmed: true });
    expect(d.texts[0]).toBe('White claims a draw by repetition');
    expect(d.state.result).toEqual({ winner: null, reason: 'repetition' });
  });

  it('Shift+F: the fifty-move rule; typed "claim fifty" asks aloud', () => {
    const fen = '4k3/8/8/8/8/8/8/4K2R w - - 100 80';
    const d = screen({ startFen: fen });
    d.key('Shift+f');
    expect(d.texts).toEqual(['Claim a draw by the fifty-move rule? Y: yes. N or Escape: no.']);
    d.step({ kind: 'confirm', confirmed: true });
    expect(d.state.result).toEqual({ winner: null, reason: 'fiftyMoves' });
    const typed = screen({ startFen: fen });
    typed.type('claim fifty');
    expect(typed.texts).toEqual(['Claim a draw by the fifty-move rule? Say yes or no.']);
  });

  it('F claims on time; no makes no claim, yes makes one (rejected here: no flag has fallen)', () => {
    const d = screen();
    d.key('f');
    expect(d.texts).toEqual(['Claim the game on time? Y: yes. N or Escape: no.']);
    d.clear().step({ kind: 'confirm', confirmed: false });
    expect(d.texts).toEqual(['No claim made.']);
    d.clear().key('f').clear().step({ kind: 'confirm', confirmed: true });
    expect(d.texts).toEqual(['White claims a win on time; the claim is rejected']);
    expect(d.state.result).toBeNull();
  });

  it('spoken in English and German: "claim repetition", "remis durch wiederholung"', () => {
    const d = screen();
    d.hear('claim repetition');
    expect(d.texts).toEqual(['Claim a draw by repetition? Say yes or no.']);
    const german = screen({}, GERMAN);
    german.hear('remis durch wiederholung');
    expect(german.last).toMatch(/\? Sagen Sie ja oder nein\.$/);
  });
});

describe('resignation: Shift+G, then yes', () => {
  it('asks, plays on after no, resigns after yes', () => {
    const d = screen();
    d.key('Shift+g');
    expect(d.texts).toEqual(['Resign the game? Y: yes. N or Escape: no.']);
    expect(d.view.dialog).toBe('resign');
    d.clear().step({ kind: 'confirm', confirmed: false });
    expect(d.texts).toEqual(['Not resigned. Play on.']);
    expect(d.state.result).toBeNull();
    d.clear().key('Shift+g').step({ kind: 'confirm', confirmed: true });
    expect(d.state.result).toEqual({ winner: 'b', reason: 'resignation' });
  });

  it('typed "resign" and spoken "aufgeben" ask aloud first', () => {
    const d = screen();
    d.type('resign');
    expect(d.texts).toEqual(['Resign? Say yes or no.']);
    expect(d.state.result).toBeNull();
    const german = screen({}, GERMAN);
    german.hear('aufgeben');
    expect(german.texts).toEqual(['Aufgeben? Sagen Sie ja oder nein.']);
    german.hear('ja');
    expect(german.state.result).toEqual({ winner: 'b', reason: 'resignation' });
  });

  it('after the end the key asks nothing: the game is over', () => {
    const d = screen();
    d.key('Shift+g').step({ kind: 'confirm', confirmed: true }).clear();
    d.key('Shift+g');
    expect(d.view.dialog).toBe('none');
    expect(d.last).toMatch(/over/i);
  });
});

describe('the keys are the player’s to change', () => {
  it('a rebound key asks as the default did, and the old key does nothing', () => {
    const r = rebind(DEFAULT_KEYMAP, 'resign', ['F9']);
    if (!r.ok) throw new Error(r.error.detail);
    const d = screen({}, DEFAULT_BLIND_PREFS, r.value);
    d.key('F9');
    expect(d.view.dialog).toBe('resign');
    expect(() => d.key('Shift+g')).toThrow(/No action is bound/);
  });
});

describe('h and p', () => {
  it('h with nothing in hand is short; with a piece placed it says what is missing', () => {
    const d = screen();
    d.key('h');
    expect(d.texts).toEqual(['Nothing in hand']);
    d.goTo('e2').key('Enter').goTo('e4').key('Enter').clear().key('h');
    expect(d.texts).toEqual(['placed: Pawn Evan two to Evan four; the move is not announced']);
  });

  it('"p knight" says where the knights are, as "p N" does, not pawn moves', () => {
    const d = screen();
    d.type('p knight');
    expect(d.texts).toEqual(['white knight: Bella one, Gustav one; black knight: Bella eight, Gustav eight']);
    d.clear().type('p N');
    expect(d.texts).toEqual(['white knight: Bella one, Gustav one; black knight: Bella eight, Gustav eight']);
    d.clear().type('p white knights');
    expect(d.texts).toEqual(['white knight: Bella one, Gustav one']);
    const german = screen({}, GERMAN);
    german.type('p Springer');
    expect(german.last).toMatch(/Bella eins, Gustav eins/);
  });
});

describe('a typed line while a question is pending', () => {
  /** White's knights on b1 and f3 can both go to d2. */
  const TWO_KNIGHTS = '4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1';

  it('"n" answers it; a clear move is no answer to a choice: played, the choice dropped', () => {
    const d = screen();
    d.type('resign').clear().type('n');
    expect(d.texts).toEqual(['Cancelled.']);
    expect(d.state.result).toBeNull();
    // Both knights can go to d2: which one is asked; a clear move instead is no answer to it.
    const c = screen({ startFen: TWO_KNIGHTS });
    c.type('Nd2');
    expect(c.last).toMatch(/^Did you mean one: .*; two: .*\? Say the number, or no\.$/);
    c.clear().type('Ne5');
    expect(c.texts[0]).toBe('Question dropped.');
    expect(c.state.boards.blind.aperture.placements).toMatchObject([{ from: 'f3', to: 'e5' }]);
  });

  it('a command is not an answer: it runs, and the question is dropped, said once, in one sentence', () => {
    const d = screen();
    d.type('resign').clear().type('turn');
    expect(d.texts).toEqual(['Question dropped. White to move']);
    expect(d.view.dialogue).toEqual({ kind: 'idle' });
    // The dropped question is gone: a "y" now confirms nothing.
    d.clear().type('y');
    expect(d.texts).toEqual(['There is nothing to confirm.']);
    expect(d.state.result).toBeNull();
  });

  it('a move typed while "Resign?" waits is played, not taken for an answer', () => {
    const d = screen();
    d.type('resign').clear().type('e4');
    expect(d.texts[0]).toBe('Question dropped.');
    expect(d.state.boards.blind.aperture.placements).toHaveLength(1);
    expect(d.state.result).toBeNull();
  });

  it('the move offered, typed, is the answer', () => {
    const d = screen({ startFen: TWO_KNIGHTS });
    d.type('Nd2');
    d.clear().type('2');
    expect(d.texts.join(' ')).not.toMatch(/Question dropped/);
    expect(d.state.boards.blind.aperture.placements).toHaveLength(1);
    expect(d.state.boards.blind.aperture.placements[0]?.to).toBe('d2');
  });
});
