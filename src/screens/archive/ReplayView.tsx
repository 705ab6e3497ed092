/**
 * The replay of a finished game: the board at the chosen move (H7's accessible board), step
 * buttons, and the move list (ReplayMoves.tsx: one Tab stop), each move named in the player's
 * words. Shift+A / Shift+D step from anywhere in the game's view (the screen wraps it in
 * `replayStepKeys`); on the move list the arrow keys, Home and End step too, while on the board the
 * arrows move the cursor as usual.
 */
import type { KeyboardEvent } from 'react';
import { Board } from '../../board/Board.tsx';
import { useBoardCursor } from '../../board/useBoardCursor.ts';
import { describeSquare, type VocabularyId } from '../../speech/index.ts';
import type { Replay } from './useReplay.ts';
import { ReplayMoves } from './ReplayMoves.tsx';
import type { ArchiveTranslate } from './messages.ts';

export interface ReplayViewProps {
  readonly replay: Replay;
  readonly t: ArchiveTranslate;
  readonly vocabulary: VocabularyId;
  readonly orientation?: 'w' | 'b';
  readonly highContrast?: boolean;
  readonly large?: boolean;
  /** The computer's verdict on each move (1-based ply), shown in the move list once reviewed. */
  readonly verdictOf?: (ply: number) => string | null;
}

/** Shift+A / Shift+D, whatever the keyboard layout reports for the shifted letter. */
function stepOf(event: KeyboardEvent<HTMLElement>): 'back' | 'forward' | null {
  if (!event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'a' || event.code === 'KeyA') return 'back';
  if (key === 'd' || event.code === 'KeyD') return 'forward';
  return null;
}

/**
 * The keydown handler for the area around a replay: Shift+A steps back and Shift+D forward, from
 * any element inside it (a text field keeps its letters).
 */
export function replayStepKeys(replay: Replay): (event: KeyboardEvent<HTMLElement>) => void {
  return (event) => {
    const step = stepOf(event);
    const target = event.target as HTMLElement;
    if (step === null || target.closest('input:not([type=checkbox]):not([type=radio]), textarea, select'))
      return;
    event.preventDefault();
    event.stopPropagation();
    if (step === 'back') replay.back();
    else replay.forward();
  };
}

export function ReplayView({
  replay,
  t,
  vocabulary,
  orientation = 'w',
  highContrast,
  large,
  verdictOf,
}: ReplayViewProps) {
  const {
    cursor,
    setCursor,
    onKeyDown: onBoardKey,
  } = useBoardCursor(orientation, orientation === 'w' ? 'a1' : 'h8');
  const lastMove = replay.moves[replay.ply - 1];
  const marks = lastMove ? { [lastMove.from]: 'last' as const, [lastMove.to]: 'last' as const } : {};

  return (
    <section aria-labelledby="replay-heading" className="archive-replay">
      <h3 id="replay-heading">{t('replayHeading')}</h3>
      <p id="replay-help">{t('replayHelp')}</p>
      <p className="replay-status">{replay.status}</p>
      <div role="group" aria-label={t('steps')} className="replay-steps">
        <button type="button" onClick={replay.first} aria-keyshortcuts="Home">
          {t('first')}
        </button>
        <button type="button" onClick={replay.back} aria-keyshortcuts="Shift+A">
          {t('previous')}
        </button>
        <button type="button" onClick={replay.forward} aria-keyshortcuts="Shift+D">
          {t('next')}
        </button>
        <button type="button" onClick={replay.last} aria-keyshortcuts="End">
          {t('last')}
        </button>
      </div>
      <Board
        fen={replay.fen}
        label={t('boardLabel')}
        describe={(square) => describeSquare(replay.fen, square, { vocabulary })}
        orientation={orientation}
        cursor={cursor}
        marks={marks}
        highContrast={highContrast}
        large={large}
        onKeyDown={onBoardKey}
        onCellClick={setCursor}
        onCellFocus={setCursor}
      />
      <ReplayMoves replay={replay} t={t} vocabulary={vocabulary} verdictOf={verdictOf} helpId="replay-help" />
    </section>
  );
}
