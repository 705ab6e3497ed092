// Golden tables for describeMove: every vocabulary, both forms, every kind of move (issue 3).
import { describe, expect, test } from 'vitest';
import { legalMoves, START_FEN } from '../../src/core/index.ts';
import {
  describeMove,
  describeMoveResult,
  VOCABULARY_IDS,
  type VocabularyId,
} from '../../src/speech/index.ts';

interface GoldenMove {
  kind: string;
  fen: string;
  uci: string;
  /** [long form, short form] per vocabulary */
  words: Record<VocabularyId, [string, string]>;
}

const GOLDEN: GoldenMove[] = [
  {
    kind: 'quiet piece',
    fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    uci: 'g1f3',
    words: {
      ibca1985: ['Knight Gustav one to Felix three', 'Knight Felix three'],
      'fide2018-de': ['Springer Gustav eins nach Felix drei', 'Springer Felix drei'],
      nato: ['Knight golf one to foxtrot three', 'Knight foxtrot three'],
      letters: ['Knight g one to f three', 'Knight f three'],
    },
  },
  {
    kind: 'quiet pawn',
    fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    uci: 'e2e4',
    words: {
      ibca1985: ['Pawn Evan two to Evan four', 'Evan four'],
      'fide2018-de': ['Bauer Eva zwei nach Eva vier', 'Eva vier'],
      nato: ['Pawn echo two to echo four', 'Echo four'],
      letters: ['Pawn e two to e four', 'E four'],
    },
  },
  {
    kind: 'pawn capture',
    fen: 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2',
    uci: 'e4d5',
    words: {
      ibca1985: ['Pawn Evan four takes David five', 'Evan takes David five'],
      'fide2018-de': ['Bauer Eva vier schlägt David fünf', 'Eva schlägt David fünf'],
      nato: ['Pawn echo four takes delta five', 'Echo takes delta five'],
      letters: ['Pawn e four takes d five', 'E takes d five'],
    },
  },
  {
    kind: 'piece capture',
    fen: 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4',
    uci: 'b5c6',
    words: {
      ibca1985: ['Bishop Bella five takes Cesar six', 'Bishop takes Cesar six'],
      'fide2018-de': ['Laeufer Bella fünf schlägt Cesar sechs', 'Laeufer schlägt Cesar sechs'],
      nato: ['Bishop bravo five takes charlie six', 'Bishop takes charlie six'],
      letters: ['Bishop b five takes c six', 'Bishop takes c six'],
    },
  },
  {
    kind: 'check',
    fen: 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2',
    uci: 'f1b5',
    words: {
      ibca1985: ['Bishop Felix one to Bella five, check', 'Bishop Bella five, check'],
      'fide2018-de': ['Laeufer Felix eins nach Bella fünf, Schach', 'Laeufer Bella fünf, Schach'],
      nato: ['Bishop foxtrot one to bravo five, check', 'Bishop bravo five, check'],
      letters: ['Bishop f one to b five, check', 'Bishop b five, check'],
    },
  },
  {
    kind: 'mate',
    fen: 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2',
    uci: 'd8h4',
    words: {
      ibca1985: ['Queen David eight to Hector four, mate', 'Queen Hector four, mate'],
      'fide2018-de': ['Dame David acht nach Hector vier, Matt', 'Dame Hector vier, Matt'],
      nato: ['Queen delta eight to hotel four, mate', 'Queen hotel four, mate'],
      letters: ['Queen d eight to h four, mate', 'Queen h four, mate'],
    },
  },
  {
    kind: 'kingside castling',
    fen: 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
    uci: 'e1g1',
    words: {
      ibca1985: ['Kurze Rochade', 'Kurze Rochade'],
      'fide2018-de': ['Kurze Rochade', 'Kurze Rochade'],
      nato: ['Kurze Rochade', 'Kurze Rochade'],
      letters: ['Kurze Rochade', 'Kurze Rochade'],
    },
  },
  {
    kind: 'queenside castling',
    fen: 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
    uci: 'e1c1',
    words: {
      ibca1985: ['Lange Rochade', 'Lange Rochade'],
      'fide2018-de': ['Lange Rochade', 'Lange Rochade'],
      nato: ['Lange Rochade', 'Lange Rochade'],
      letters: ['Lange Rochade', 'Lange Rochade'],
    },
  },
  {
    kind: 'black kingside castling',
    fen: 'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1',
    uci: 'e8g8',
    words: {
      ibca1985: ['Kurze Rochade', 'Kurze Rochade'],
      'fide2018-de': ['Kurze Rochade', 'Kurze Rochade'],
      nato: ['Kurze Rochade', 'Kurze Rochade'],
      letters: ['Kurze Rochade', 'Kurze Rochade'],
    },
  },
  {
    kind: 'en passant',
    fen: 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
    uci: 'e5f6',
    words: {
      ibca1985: ['Pawn Evan five takes Felix six en passant', 'Evan takes Felix six en passant'],
      'fide2018-de': ['Bauer Eva fünf schlägt Felix sechs en passant', 'Eva schlägt Felix sechs en passant'],
      nato: ['Pawn echo five takes foxtrot six en passant', 'Echo takes foxtrot six en passant'],
      letters: ['Pawn e five takes f six en passant', 'E takes f six en passant'],
    },
  },
  {
    kind: 'promotion queen',
    fen: '3r4/4P2k/8/8/8/8/8/K7 w - - 0 1',
    uci: 'e7e8q',
    words: {
      ibca1985: ['Pawn Evan seven to Evan eight promotes to queen', 'Evan eight promotes to queen'],
      'fide2018-de': ['Bauer Eva sieben nach Eva acht wird Dame', 'Eva acht wird Dame'],
      nato: ['Pawn echo seven to echo eight promotes to queen', 'Echo eight promotes to queen'],
      letters: ['Pawn e seven to e eight promotes to queen', 'E eight promotes to queen'],
    },
  },
  {
    kind: 'promotion rook',
    fen: '3r4/4P2k/8/8/8/8/8/K7 w - - 0 1',
    uci: 'e7e8r',
    words: {
      ibca1985: ['Pawn Evan seven to Evan eight promotes to rook', 'Evan eight promotes to rook'],
      'fide2018-de': ['Bauer Eva sieben nach Eva acht wird Turm', 'Eva acht wird Turm'],
      nato: ['Pawn echo seven to echo eight promotes to rook', 'Echo eight promotes to rook'],
      letters: ['Pawn e seven to e eight promotes to rook', 'E eight promotes to rook'],
    },
  },
  {
    kind: 'promotion bishop',
    fen: '3r4/4P2k/8/8/8/8/8/K7 w - - 0 1',
    uci: 'e7e8b',
    words: {
      ibca1985: ['Pawn Evan seven to Evan eight promotes to bishop', 'Evan eight promotes to bishop'],
      'fide2018-de': ['Bauer Eva sieben nach Eva acht wird Laeufer', 'Eva acht wird Laeufer'],
      nato: ['Pawn echo seven to echo eight promotes to bishop', 'Echo eight promotes to bishop'],
      letters: ['Pawn e seven to e eight promotes to bishop', 'E eight promotes to bishop'],
    },
  },
  {
    kind: 'promotion knight',
    fen: '3r4/4P2k/8/8/8/8/8/K7 w - - 0 1',
    uci: 'e7e8n',
    words: {
      ibca1985: ['Pawn Evan seven to Evan eight promotes to knight', 'Evan eight promotes to knight'],
      'fide2018-de': ['Bauer Eva sieben nach Eva acht wird Springer', 'Eva acht wird Springer'],
      nato: ['Pawn echo seven to echo eight promotes to knight', 'Echo eight promotes to knight'],
      letters: ['Pawn e seven to e eight promotes to knight', 'E eight promotes to knight'],
    },
  },
  {
    kind: 'capture promotion',
    fen: '3r4/4P2k/8/8/8/8/8/K7 w - - 0 1',
    uci: 'e7d8n',
    words: {
      ibca1985: [
        'Pawn Evan seven takes David eight promotes to knight',
        'Evan takes David eight promotes to knight',
      ],
      'fide2018-de': [
        'Bauer Eva sieben schlägt David acht wird Springer',
        'Eva schlägt David acht wird Springer',
      ],
      nato: [
        'Pawn echo seven takes delta eight promotes to knight',
        'Echo takes delta eight promotes to knight',
      ],
      letters: ['Pawn e seven takes d eight promotes to knight', 'E takes d eight promotes to knight'],
    },
  },
  {
    kind: 'file disambiguation',
    fen: '4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1',
    uci: 'b1d2',
    words: {
      ibca1985: ['Knight Bella one to David two', 'Knight Bella to David two'],
      'fide2018-de': ['Springer Bella eins nach David zwei', 'Springer Bella nach David zwei'],
      nato: ['Knight bravo one to delta two', 'Knight bravo to delta two'],
      letters: ['Knight b one to d two', 'Knight b to d two'],
    },
  },
  {
    kind: 'rank disambiguation',
    fen: '4k3/8/8/R7/8/8/8/R3K3 w - - 0 1',
    uci: 'a1a3',
    words: {
      ibca1985: ['Rook Anna one to Anna three', 'Rook one to Anna three'],
      'fide2018-de': ['Turm Anna eins nach Anna drei', 'Turm eins nach Anna drei'],
      nato: ['Rook alpha one to alpha three', 'Rook one to alpha three'],
      letters: ['Rook a one to a three', 'Rook one to a three'],
    },
  },
  {
    kind: 'square disambiguation',
    fen: '1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1',
    uci: 'h4e1',
    words: {
      ibca1985: ['Queen Hector four to Evan one', 'Queen Hector four to Evan one'],
      'fide2018-de': ['Dame Hector vier nach Eva eins', 'Dame Hector vier nach Eva eins'],
      nato: ['Queen hotel four to echo one', 'Queen hotel four to echo one'],
      letters: ['Queen h four to e one', 'Queen h four to e one'],
    },
  },
];

describe.each(GOLDEN)('$kind ($uci)', ({ fen, uci, words }) => {
  test.each(VOCABULARY_IDS)('%s says the exact long and short forms', (vocabulary) => {
    expect(describeMove(fen, uci, { vocabulary, form: 'long' })).toBe(words[vocabulary][0]);
    expect(describeMove(fen, uci, { vocabulary, form: 'short' })).toBe(words[vocabulary][1]);
  });
});

test('the long form is the default and ibca1985 the default vocabulary', () => {
  expect(describeMove(START_FEN, 'g1f3')).toBe('Knight Gustav one to Felix three');
  expect(describeMove(START_FEN, 'e2e4')).toBe('Pawn Evan two to Evan four');
});

test('every kind of move in the golden table has a case (no kind forgotten)', () => {
  const kinds = GOLDEN.map((g) => g.kind);
  for (const kind of [
    'quiet piece',
    'quiet pawn',
    'pawn capture',
    'piece capture',
    'check',
    'mate',
    'kingside castling',
    'queenside castling',
    'en passant',
    'promotion queen',
    'promotion rook',
    'promotion bishop',
    'promotion knight',
    'file disambiguation',
    'rank disambiguation',
  ])
    expect(kinds).toContain(kind);
});

describe('bad input gives words, never an exception', () => {
  test('an illegal move names the move', () => {
    expect(describeMove(START_FEN, 'e2e5')).toBe('Not a legal move: e2e5');
    expect(describeMove(START_FEN, 'e2e5', { vocabulary: 'fide2018-de' })).toBe('Kein legaler Zug: e2e5');
  });
  test('a bad position says so', () => {
    expect(describeMove('not a fen', 'e2e4')).toBe('Not a valid position');
    expect(describeMove('', 'e2e4', { vocabulary: 'fide2018-de' })).toBe('Keine gültige Stellung');
  });
  test('the Result variant carries the core error code', () => {
    expect(describeMoveResult(START_FEN, 'e2e5')).toMatchObject({
      ok: false,
      error: { code: 'illegalMove' },
    });
    expect(describeMoveResult(START_FEN, 'zz')).toMatchObject({ ok: false, error: { code: 'badUci' } });
    expect(describeMoveResult('8/8/8 w', 'e2e4')).toMatchObject({ ok: false, error: { code: 'invalidFen' } });
    expect(describeMoveResult(START_FEN, 'E2E4')).toEqual({ ok: true, value: 'Pawn Evan two to Evan four' });
  });
});

test('no two legal moves of a busy position share words in any vocabulary or form', () => {
  // Voice input matches a closed set of these phrases (issue 4), so they must be distinct.
  // Kiwipete (castling both ways, many captures) and a perft position full of promotions.
  const positions = [
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1',
  ];
  expect(positions.map((fen) => legalMoves(fen).length)).toEqual([48, 24]);
  for (const fen of positions)
    for (const vocabulary of VOCABULARY_IDS)
      for (const form of ['long', 'short'] as const) {
        const texts = legalMoves(fen).map((m) => describeMove(fen, m.uci, { vocabulary, form }));
        expect(new Set(texts).size).toBe(texts.length);
      }
});
