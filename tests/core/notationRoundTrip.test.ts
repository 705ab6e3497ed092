// Random play-outs from a seeded generator: in every position reached, EVERY legal move is written
// in every notation and both SAN styles (and with French initials and figurines) and read back to
// the same move; short algebraic output is checked against Supplement No. 1 rule 9 (file first,
// rank if the pieces share the file, both only if needed).
import { describe, expect, test } from 'vitest';
import {
  FIDE1980_SAN,
  FIGURINE_PIECE_LETTERS,
  formatMove,
  FRENCH_PIECE_LETTERS,
  inspect,
  NOTATIONS,
  parseMove,
  PGN_SAN,
  START_FEN,
  type MoveInfo,
} from '../../src/core/index.ts';
import { mulberry32 } from '../helpers/prng.ts';
import { describeNotationError } from '../../src/speech/notationErrors.ts';

/** The disambiguation rule 9 asks for, computed from the legal moves alone. */
function rule9(move: MoveInfo, all: readonly MoveInfo[]): string {
  const rivals = all.filter((m) => m.piece === move.piece && m.to === move.to && m.from !== move.from);
  if (rivals.length === 0) return '';
  if (!rivals.some((m) => m.from[0] === move.from[0])) return move.from[0] ?? '';
  if (!rivals.some((m) => m.from[1] === move.from[1])) return move.from[1] ?? '';
  return move.from;
}

const STARTS = [
  START_FEN,
  // Kiwipete: castling both ways, pins, en passant chances.
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  // Pawns on the seventh ranks with pieces to capture: promotions and capture-promotions.
  'r1n1k2r/1P1P2P1/8/8/8/8/1p1p2p1/R1N1K2R w KQkq - 0 1',
  // Several knights and rooks of one colour: the disambiguation cases of rule 9.
  '4k3/8/2N3N1/8/2N3N1/8/R6R/4K3 w - - 0 1',
];

describe('random play-outs', () => {
  // About 150 000 round trips: seconds on an idle machine, more when the suite runs in parallel.
  test(
    'every legal move of every position reached round-trips in every notation',
    { timeout: 120_000 },
    () => {
      const random = mulberry32(20_260_101);
      let positions = 0;
      let roundTrips = 0;
      let promotions = 0;
      let castles = 0;
      let enPassants = 0;
      // Failures are collected rather than asserted one by one: a quarter of a million expect()
      // calls would cost more than the work they check.
      const failures: string[] = [];
      for (const start of STARTS) {
        for (let game = 0; game < 2; game++) {
          let fen = start;
          for (let ply = 0; ply < 70; ply++) {
            const pos = inspect(fen);
            if (!pos.ok) throw new Error(pos.error.message);
            const moves = pos.value.legalMoves;
            if (moves.length === 0) break;
            positions++;
            for (const move of moves) {
              if (move.promotion) promotions++;
              if (move.castle) castles++;
              if (move.enPassant) enPassants++;
              for (const notation of NOTATIONS)
                for (const style of [FIDE1980_SAN, PGN_SAN]) {
                  const text = formatMove(fen, move.uci, notation, style);
                  // The Uedemann table has no promotion form (checklist 82): refused, not invented.
                  if (notation === 'uedemann' && move.promotion) {
                    if (text.ok || text.error.code !== 'noSeedForm')
                      failures.push(`${fen} ${move.uci}: a Uedemann promotion was written`);
                    continue;
                  }
                  if (!text.ok) {
                    failures.push(`${fen} ${move.uci}: ${describeNotationError('en', text.error)}`);
                    continue;
                  }
                  const back = parseMove(fen, text.value, notation);
                  if (!back.ok || back.value.uci !== move.uci || back.value.san !== move.san)
                    failures.push(`${fen}: ${notation} “${text.value}” read back as ${JSON.stringify(back)}`);
                  roundTrips++;
                }
              for (const pieceLetters of [FRENCH_PIECE_LETTERS, FIGURINE_PIECE_LETTERS])
                for (const notation of ['san', 'long'] as const) {
                  const text = formatMove(fen, move.uci, notation, { ...FIDE1980_SAN, pieceLetters });
                  const back = text.ok ? parseMove(fen, text.value, notation, { pieceLetters }) : text;
                  if (!back.ok || back.value.uci !== move.uci)
                    failures.push(
                      `${fen}: ${notation} ${JSON.stringify(text)} read back as ${JSON.stringify(back)}`,
                    );
                }
              const san = formatMove(fen, move.uci, 'san', PGN_SAN);
              if (!san.ok || san.value !== move.san)
                failures.push(`${fen}: PGN SAN of ${move.uci} is ${JSON.stringify(san)}`);
              if (move.piece !== 'p' && move.piece !== 'k') {
                const written = /^[QRBN]([a-h]?[1-8]?)x?[a-h][1-8]/.exec(move.san)?.[1];
                if (written !== rule9(move, moves)) failures.push(`${fen}: ${move.san} breaks rule 9`);
              }
              if (move.piece === 'p' && move.captured && !move.san.startsWith(`${move.from[0]}x`))
                failures.push(`${fen}: pawn capture ${move.san} lacks its file (rule 8)`);
            }
            const pick = moves[Math.floor(random() * moves.length)] as MoveInfo;
            fen = pick.fenAfter;
          }
        }
      }
      expect(failures).toEqual([]);
      expect(positions).toBeGreaterThan(400);
      expect(roundTrips).toBeGreaterThan(100_000);
      // The play-outs really exercise the special moves.
      expect(promotions).toBeGreaterThan(50);
      expect(castles).toBeGreaterThan(10);
      expect(enPassants).toBeGreaterThan(0);
    },
  );
});
