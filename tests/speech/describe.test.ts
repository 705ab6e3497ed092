// Words for squares, pieces, positions and clocks (describe.ts), in English and German.
import { expect, test } from 'vitest';
import { START_FEN } from '../../src/core/index.ts';
import {
  describeClock,
  describeDuration,
  describeFile,
  describeMove,
  describePiece,
  describePieces,
  describePosition,
  describeRank,
  describeSquare,
  describeSquareName,
  isPrescribed,
} from '../../src/speech/index.ts';

const KINGS_AND_ROOK = '4k3/8/8/8/8/8/8/R3K3 w - - 0 1';

test('a board cell says square, square colour and piece with its colour', () => {
  expect(describeSquare(START_FEN, 'e1')).toBe('Evan one, dark square, white king');
  expect(describeSquare(START_FEN, 'd8')).toBe('David eight, dark square, black queen');
  expect(describeSquare(START_FEN, 'e4')).toBe('Evan four, light square, empty');
  expect(describeSquare(START_FEN, 'g1', { vocabulary: 'nato' })).toBe('golf one, dark square, white knight');
});

test('German cells inflect the colour with the piece', () => {
  expect(describeSquare(START_FEN, 'd8', { vocabulary: 'fide2018-de' })).toBe(
    'David acht, dunkles Feld, schwarze Dame',
  );
  expect(describeSquare(START_FEN, 'e1', { vocabulary: 'fide2018-de' })).toBe(
    'Eva eins, dunkles Feld, weißer Koenig',
  );
  expect(describeSquare(START_FEN, 'e4', { vocabulary: 'fide2018-de' })).toBe('Eva vier, helles Feld, leer');
  expect(describePiece({ color: 'b', type: 'n' }, { vocabulary: 'fide2018-de' })).toBe('schwarzer Springer');
});

test('square names follow the vocabulary', () => {
  expect(describeSquareName('h8')).toBe('Hector eight');
  expect(describeSquareName('e5', { vocabulary: 'fide2018-de' })).toBe('Eva fünf');
  expect(describeSquareName('c3', { vocabulary: 'letters' })).toBe('c three');
});

test('the piece list names each side, king first, squares in board order', () => {
  expect(describePosition(KINGS_AND_ROOK, 'pieces')).toBe(
    'White: king Evan one; rook Anna one. Black: king Evan eight.',
  );
  expect(describePieces(START_FEN, 'w')).toBe(
    'White: king Evan one; queen David one; rook Anna one, Hector one; bishop Cesar one, Felix one; ' +
      'knight Bella one, Gustav one; pawn Anna two, Bella two, Cesar two, David two, Evan two, Felix two, ' +
      'Gustav two, Hector two.',
  );
  expect(describePosition(KINGS_AND_ROOK, 'pieces', { perspective: 'b', vocabulary: 'fide2018-de' })).toBe(
    'Schwarz: Koenig Eva acht. Weiß: Koenig Eva eins; Turm Anna eins.',
  );
});

test('a rank is read from Anna to Hector with runs of empty squares said once', () => {
  expect(describeRank(KINGS_AND_ROOK, '1')).toBe(
    'Rank one: Anna one, white rook; Bella one to David one empty; Evan one, white king; Felix one to Hector one empty.',
  );
  expect(describeRank(KINGS_AND_ROOK, '4', { vocabulary: 'fide2018-de' })).toBe(
    'Reihe vier: Anna vier bis Hector vier leer.',
  );
  const byRank = describePosition(KINGS_AND_ROOK, 'rank');
  expect(byRank.startsWith('Rank eight: Anna eight to David eight empty; Evan eight, black king;')).toBe(
    true,
  );
  expect(byRank.endsWith('Felix one to Hector one empty.')).toBe(true);
  expect(describePosition(KINGS_AND_ROOK, 'rank', { perspective: 'b' }).startsWith('Rank one:')).toBe(true);
});

test('a file is read from rank one to eight; a single empty square is named alone', () => {
  expect(describeFile('4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', 'e')).toBe(
    'File Evan: Evan one, white king; Evan two, white pawn; Evan three to Evan seven empty; Evan eight, black king.',
  );
  expect(describeFile('4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1', 'e')).toContain('Evan three to Evan six empty');
  expect(describeFile('8/8/8/8/8/8/1k6/K1q5 w - - 0 1', 'b')).toBe(
    'File Bella: Bella one empty; Bella two, black king; Bella three to Bella eight empty.',
  );
  expect(describePosition(KINGS_AND_ROOK, 'file').split('. ')).toHaveLength(8);
});

test('a bad position is said, not thrown', () => {
  expect(describePosition('nonsense', 'pieces')).toBe('Not a valid position');
});

test('clock readings: hours and minutes above an hour, minutes and seconds below', () => {
  expect(describeDuration(3_900_000)).toBe('1 hour 5 minutes');
  expect(describeDuration(7_200_000)).toBe('2 hours');
  expect(describeDuration(250_000)).toBe('4 minutes 10 seconds');
  expect(describeDuration(60_000)).toBe('1 minute');
  expect(describeDuration(1_999)).toBe('1 second');
  expect(describeDuration(-5)).toBe('0 seconds');
  expect(describeClock({ w: 3_900_000, b: 250_000 })).toBe(
    'White 1 hour 5 minutes, Black 4 minutes 10 seconds',
  );
  expect(describeClock({ w: 3_600_000, b: 30_000 }, { locale: 'de' })).toBe(
    'Weiß 1 Stunde, Schwarz 30 Sekunden',
  );
  expect(describeClock({ w: 61_000, b: 120_000 }, { vocabulary: 'fide2018-de' })).toBe(
    'Weiß 1 Minute 1 Sekunde, Schwarz 2 Minuten',
  );
});

test('saying check is a setting (Art 9.3); mate is always said', () => {
  const checkFen = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2';
  expect(describeMove(checkFen, 'f1b5', { announceCheck: false })).toBe('Bishop Felix one to Bella five');
  const fool = 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2';
  expect(describeMove(fool, 'd8h4', { announceCheck: false })).toBe('Queen David eight to Hector four, mate');
});

test('a player lexicon replaces the open words but never the prescribed files or Rochade', () => {
  const lexicon = { pieces: { n: 'horse' }, takes: 'captures', check: 'chess', to: '' };
  const checkFen = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2';
  expect(describeMove(START_FEN, 'g1f3', { lexicon })).toBe('Horse Gustav one to Felix three');
  expect(describeMove(checkFen, 'e4d5', { lexicon })).toBe('Pawn Evan four captures David five');
  expect(describeMove(checkFen, 'f1b5', { lexicon })).toBe('Bishop Felix one to Bella five, chess');
  expect(describeMove('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1g1', { lexicon })).toBe('Kurze Rochade');
  expect(isPrescribed('ibca1985', 'files')).toBe(true);
  expect(isPrescribed('ibca1985', 'kingsideCastle')).toBe(true);
  expect(isPrescribed('ibca1985', 'takes')).toBe(false);
  expect(isPrescribed('nato', 'files')).toBe(false);
});
