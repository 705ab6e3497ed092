/**
 * The local opponent: the sighted player's visual board on the same device, beside the blind
 * player's board, so a whole game can be played here. Ordinary rules (BL-11): clicking a piece
 * selects it and is a touch, clicking a square (or dragging the piece there) moves it, then the
 * sighted player presses the clock. Every action is an intent through the same match session.
 */
import { useState, useSyncExternalStore, type DragEvent, type KeyboardEvent } from 'react';
import { legalMoves, pieceAt, type PromotionPiece, type Square } from '../../core/index.ts';
import { describePieceType, describeSquare, type DescribeOptions } from '../../speech/index.ts';
import { Board } from '../../board/Board.tsx';
import { step, type Orientation } from '../../board/navigation.ts';
import { ownBoardFen } from '../../controllers/blind/boardView.ts';
import { colorOf } from '../../match/setup.ts';
import type { Translate } from '../../speech/blindMessages.ts';
import { PromotionChoice } from '../blind/PromotionDialog.tsx';
import type { MatchSession } from '../../session/local.ts';

export interface LocalOpponentProps {
  readonly session: MatchSession;
  readonly tr: Translate;
  readonly words: DescribeOptions;
}

const ROLE = 'sighted' as const;

/** The sighted opponent's board and clock button. */
export function LocalOpponent({ session, tr, words }: LocalOpponentProps) {
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const color = colorOf(state.setup, ROLE);
  const orientation: Orientation = color;
  const fen = ownBoardFen(state, ROLE);
  const aperture = state.boards[ROLE].aperture;
  const [cursor, setCursor] = useState<Square>(color === 'w' ? 'e2' : 'e7');
  const [promotion, setPromotion] = useState<PromotionPiece>('q');
  const selected = aperture.hand?.from;
  const myTurn = aperture.fen.split(' ')[1] === color && state.phase === 'playing';
  const placed = aperture.placements.length > 0;

  const moveTo = (from: Square, to: Square) => {
    const candidates = legalMoves(aperture.fen).filter((m) => m.from === from && m.to === to);
    const move = candidates.find((m) => !m.promotion || m.promotion === promotion) ?? candidates[0];
    session.dispatch({ kind: 'move', uci: move ? move.uci : `${from}${to}`, by: ROLE });
  };

  const click = (square: Square) => {
    setCursor(square);
    const piece = pieceAt(fen, square);
    if (!selected) {
      if (piece && piece.color === color) session.dispatch({ kind: 'touch', square, by: ROLE });
      return;
    }
    if (square === selected) return;
    moveTo(selected, square);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const dirs = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' } as const;
    if (e.key in dirs) {
      e.preventDefault();
      e.stopPropagation();
      setCursor(step(cursor, dirs[e.key as keyof typeof dirs], orientation).square);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      click(cursor);
    }
  };

  const marks: Partial<Record<Square, 'hand' | 'last'>> = {};
  const last = aperture.lastCompleted?.uci;
  if (last) {
    marks[last.slice(0, 2) as Square] = 'last';
    marks[last.slice(2, 4) as Square] = 'last';
  }
  if (selected) marks[selected] = 'hand';

  return (
    <section className="local-opponent" aria-labelledby="opponent-heading">
      <h2 id="opponent-heading">{tr('opponentHeading')}</h2>
      <p>{myTurn ? tr('opponentTurn') : tr('opponentWaiting')}</p>
      <p id="opponent-help">{tr('opponentBoardHelp')}</p>
      <div
        onDragStart={(e: DragEvent<HTMLElement>) => {
          const sq = (e.target as HTMLElement)
            .closest('[data-square]')
            ?.getAttribute('data-square') as Square | null;
          if (sq && pieceAt(fen, sq)?.color === color && !selected)
            session.dispatch({ kind: 'touch', square: sq, by: ROLE });
        }}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e: DragEvent<HTMLElement>) => {
          e.preventDefault();
          const sq = (e.target as HTMLElement)
            .closest('[data-square]')
            ?.getAttribute('data-square') as Square | null;
          const from = session.getState().boards[ROLE].aperture.hand?.from;
          if (sq && from && sq !== from) moveTo(from, sq);
        }}
      >
        <Board
          fen={fen}
          label={tr('opponentBoardLabel')}
          describe={(sq) => describeSquare(fen, sq, words)}
          orientation={orientation}
          cursor={cursor}
          marks={marks}
          onKeyDown={onKeyDown}
          onCellClick={click}
          draggable
          id="opponent-board"
        />
      </div>
      <PromotionChoice
        className="promotion-choice"
        legend={tr('promotionChoose')}
        name="opponent-promotion"
        value={promotion}
        pieceWord={(p) => describePieceType(p, words)}
        onChange={setPromotion}
      />
      <button
        type="button"
        disabled={!myTurn || !placed}
        onClick={() => session.dispatch({ kind: 'pressClock', by: ROLE })}
      >
        {tr('opponentPressClock')}
      </button>
      {state.phase === 'playing' ? (
        <div className="opponent-actions">
          {state.drawOffer && state.drawOffer.by !== color ? (
            <>
              <button type="button" onClick={() => session.dispatch({ kind: 'acceptDraw', by: ROLE })}>
                {tr('opponentAcceptDraw')}
              </button>
              <button type="button" onClick={() => session.dispatch({ kind: 'declineDraw', by: ROLE })}>
                {tr('opponentDeclineDraw')}
              </button>
            </>
          ) : (
            <button type="button" onClick={() => session.dispatch({ kind: 'offerDraw', by: ROLE })}>
              {tr('opponentOfferDraw')}
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}
