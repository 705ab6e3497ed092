/**
 * The accessible board: a WAI-ARIA grid of 8 rows × 8 cells (or the same grid as a real table
 * with rank and file headers), one tab stop with roving focus, drawn from the player's side.
 * It holds no chess logic and never changes a piece: it shows a position, names each cell with
 * the words it is given (describeSquare) and hands key strokes to its owner (spec BL-06).
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { pieceAt, squareColor, type Square } from '../core/index.ts';
import { viewRows, type Orientation } from '../core/navigation.ts';

// Both colours are drawn with the solid figurines and coloured by CSS: the outline glyphs of the
// white set vanish on dark squares (GR-100: pieces clearly distinguishable). U+FE0E asks for
// text, not emoji, presentation.
const GLYPHS = {
  k: '♚\uFE0E',
  q: '♛\uFE0E',
  r: '♜\uFE0E',
  b: '♝\uFE0E',
  n: '♞\uFE0E',
  p: '♟\uFE0E',
} as const;

/** A square's visual mark; each is drawn as a ring of its own colour and width (≥ 3:1 on both squares). */
export type BoardMark = 'hand' | 'last' | 'target' | 'check';

export interface BoardProps {
  /** The position shown (the player's own board, with a lifted piece already out of its square). */
  readonly fen: string;
  /** The accessible name of the grid. */
  readonly label: string;
  /** Each cell's accessible name (from describeSquare, so the board and the voice agree). */
  readonly describe: (square: Square) => string;
  readonly orientation?: Orientation;
  /** The focused square (the one tab stop). */
  readonly cursor?: Square;
  /** Squares to mark visually: the lifted piece's home, the last move, the king in check. */
  readonly marks?: Readonly<Partial<Record<Square, BoardMark>>>;
  /** Squares the selected piece may go to (a dot, or a ring round a piece it would capture). */
  readonly hints?: ReadonlySet<Square>;
  /**
   * File letters and rank numbers, drawn, not read (each cell already says its square): `true`
   * inside the edge squares, `'outside'` large beside the left edge and under the bottom edge (the
   * blind player's board for low vision, issue 28). The table layout has its own headers instead.
   */
  readonly coordinates?: boolean | 'outside';
  /** The board fills the width of its container (a square of 8 × 8 equal cells). */
  readonly fill?: boolean;
  readonly layout?: 'grid' | 'table';
  readonly highContrast?: boolean;
  readonly large?: boolean;
  /** Moves focus to the cursor cell when it changes (only while the board already has focus). */
  readonly followFocus?: boolean;
  readonly onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  /** A pointer click on a cell: moves the cursor there (never lifts: BL-06). */
  readonly onCellClick?: (square: Square) => void;
  readonly onCellFocus?: (square: Square) => void;
  /** Pieces can be dragged (the sighted opponent's visual board). */
  readonly draggable?: boolean;
  readonly id?: string;
}

/** The accessible board. */
export function Board({
  fen,
  label,
  describe,
  orientation = 'w',
  cursor = orientation === 'w' ? 'a1' : 'h8',
  marks = {},
  hints,
  coordinates = false,
  fill = false,
  layout = 'grid',
  highContrast = false,
  large = false,
  followFocus = true,
  onKeyDown,
  onCellClick,
  onCellFocus,
  draggable = false,
  id,
}: BoardProps) {
  const rootRef = useRef<HTMLElement | null>(null);
  const rows = viewRows(orientation);

  useEffect(() => {
    const root = rootRef.current;
    if (!followFocus || !root || !root.contains(document.activeElement)) return;
    const cell = root.querySelector<HTMLElement>(`[data-square="${cursor}"]`);
    if (cell && cell !== document.activeElement) cell.focus();
  }, [cursor, followFocus]);

  const className = [
    'board',
    highContrast ? 'high-contrast' : '',
    large ? 'large' : '',
    fill ? 'fill' : '',
    `layout-${layout}`,
  ]
    .filter(Boolean)
    .join(' ');

  const bottomRank = rows[7]?.[0]?.[1];
  const leftFile = rows[0]?.[0]?.[0];
  const cellProps = (square: Square) => {
    const piece = pieceAt(fen, square);
    const mark = marks[square];
    const hint = hints?.has(square) ? (piece ? ' hint hint-capture' : ' hint') : '';
    return {
      role: 'gridcell',
      key: square,
      'data-square': square,
      tabIndex: square === cursor ? 0 : -1,
      'aria-label': describe(square),
      'aria-selected': mark === 'hand' ? true : undefined,
      className: `square ${squareColor(square)}${mark ? ` mark-${mark}` : ''}${hint}`,
      onClick: onCellClick ? () => onCellClick(square) : undefined,
      onFocus: onCellFocus ? () => onCellFocus(square) : undefined,
      draggable: draggable && piece !== undefined ? true : undefined,
      children: (
        <>
          <span
            aria-hidden="true"
            className={piece ? `piece ${piece.color === 'w' ? 'white' : 'black'}` : undefined}
          >
            {piece ? GLYPHS[piece.type] : ''}
          </span>
          {/* Drawn by CSS from the attribute, so a cell's text stays its piece. */}
          {coordinates === true && square[1] === bottomRank ? (
            <span aria-hidden="true" className="coord coord-file" data-coord={square[0]} />
          ) : null}
          {coordinates === true && square[0] === leftFile ? (
            <span aria-hidden="true" className="coord coord-rank" data-coord={square[1]} />
          ) : null}
        </>
      ),
    } as const;
  };

  // One row's cells, as table cells or grid divs: the same roles, names and handlers in both layouts.
  const cells = (row: readonly Square[], Cell: 'td' | 'div') =>
    row.map((square) => {
      const { key, children, ...rest } = cellProps(square);
      return (
        <Cell key={key} {...rest}>
          {children}
        </Cell>
      );
    });

  // The grid itself, the same in both layouts.
  const gridProps = {
    role: 'grid',
    'aria-label': label,
    className,
    id,
    ref: (el: HTMLElement | null) => void (rootRef.current = el),
    onKeyDown,
  } as const;

  if (layout === 'table') {
    const files = rows[0]?.map((s) => s[0]) ?? [];
    return (
      <table {...gridProps}>
        <thead>
          <tr>
            <td />
            {files.map((f) => (
              <th key={f} scope="col" role="columnheader">
                {f}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]?.[1]}>
              <th scope="row" role="rowheader">
                {row[0]?.[1]}
              </th>
              {cells(row, 'td')}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  const grid = (
    <div {...gridProps}>
      {rows.map((row) => (
        <div role="row" key={row[0]?.[1]}>
          {cells(row, 'div')}
        </div>
      ))}
    </div>
  );
  return coordinates === 'outside' ? <CoordinatesFrame rows={rows}>{grid}</CoordinatesFrame> : grid;
}

/**
 * Rank numbers beside the grid and file letters under it, not in it: the grid keeps its rows of
 * cells only (the ARIA grid pattern), and the labels are hidden from screen readers, which hear
 * the square in each cell's name.
 */
function CoordinatesFrame({
  rows,
  children,
}: {
  readonly rows: readonly (readonly Square[])[];
  readonly children: ReactNode;
}) {
  return (
    <div className="board-frame">
      <div aria-hidden="true" className="board-ranks">
        {rows.map((row) => (
          <span key={row[0]?.[1]}>{row[0]?.[1]}</span>
        ))}
      </div>
      {children}
      <div aria-hidden="true" className="board-files">
        {(rows[0] ?? []).map((square) => (
          <span key={square[0]}>{square[0]}</span>
        ))}
      </div>
    </div>
  );
}
