/**
 * The promotion choice (BL-17): a dialog with a radio group of queen, rook, bishop and knight,
 * offered whatever pieces are still on the board (a second queen is allowed). It cannot be
 * dismissed: the pawn stays on the last rank and the clock is blocked until a piece is chosen.
 */
import { useState } from 'react';
import { PROMOTION_PIECES, type PromotionPiece } from '../../core/index.ts';
import { Dialog } from './Dialog.tsx';

export interface PromotionDialogProps {
  readonly title: string;
  readonly choose: string;
  readonly pieceWord: (p: PromotionPiece) => string;
  readonly onChoose: (piece: PromotionPiece) => void;
}

export interface PromotionChoiceProps {
  readonly legend: string;
  /** The radio group's name (unique in the page). */
  readonly name: string;
  readonly value: PromotionPiece;
  readonly pieceWord: (p: PromotionPiece) => string;
  readonly onChange: (piece: PromotionPiece) => void;
  readonly className?: string;
}

/** The promotion pieces as a radio group (used by this dialog and the local opponent's board). */
export function PromotionChoice({
  legend,
  name,
  value,
  pieceWord,
  onChange,
  className,
}: PromotionChoiceProps) {
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      {PROMOTION_PIECES.map((p) => (
        <label key={p}>
          <input type="radio" name={name} value={p} checked={value === p} onChange={() => onChange(p)} />
          {pieceWord(p)}
        </label>
      ))}
    </fieldset>
  );
}

/** Radio buttons (arrow keys move, Enter or the button confirms). */
export function PromotionDialog({ title, choose, pieceWord, onChoose }: PromotionDialogProps) {
  const [piece, setPiece] = useState<PromotionPiece>('q');
  return (
    <Dialog title={title} className="promotion">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onChoose(piece);
        }}
      >
        <PromotionChoice
          legend={title}
          name="promotion"
          value={piece}
          pieceWord={pieceWord}
          onChange={setPiece}
        />
        <button type="submit">{choose}</button>
      </form>
    </Dialog>
  );
}
