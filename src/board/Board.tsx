/** The accessible board: a WAI-ARIA grid, 8 rows of 8 cells, named by describeSquare. */
import { FILES, RANKS, pieceAt, squareColor, type Square } from '../core/index.ts';
import { describeSquare } from '../speech/describe.ts';

const GLYPHS = {
  w: { k: '♔', q: '♕', r: '♖', b: '♗', n: '♘', p: '♙' },
  b: { k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' },
} as const;

export function Board({ fen }: { fen: string }) {
  const ranks = [...RANKS].reverse();
  return (
    <div role="grid" aria-label="Board" className="board">
      {ranks.map((rank) => (
        <div role="row" key={rank}>
          {FILES.map((file, i) => {
            const square = `${file}${rank}` as Square;
            const piece = pieceAt(fen, square);
            return (
              <div
                role="gridcell"
                key={square}
                tabIndex={square === 'a1' || (i === 0 && rank === '1') ? 0 : -1}
                aria-label={describeSquare(fen, square)}
                className={`square ${squareColor(square)}`}
              >
                <span aria-hidden="true">{piece ? GLYPHS[piece.color][piece.type] : ''}</span>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
