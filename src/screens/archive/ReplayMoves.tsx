/**
 * The replay's move list as one Tab stop (WAI-ARIA listbox, single selection following the focus):
 * the start position and every move, each named in the player's words, the one shown selected.
 * Tab enters on the move shown and leaves the list; Up/Left and Down/Right step back and forward,
 * Home and End go to the start and the end, and a click shows that move. While the focus is in the
 * list it stays on the move shown, so the screen reader reads along (issue 28: a Tab stop per ply
 * made the list a wall of stops).
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { VocabularyId } from '../../speech/index.ts';
import { describeReplayMove, type Replay } from './useReplay.ts';
import type { ArchiveTranslate } from './messages.ts';

export interface ReplayMovesProps {
  readonly replay: Replay;
  readonly t: ArchiveTranslate;
  readonly vocabulary: VocabularyId;
  /** The computer's verdict on each move (1-based ply), shown once the game is reviewed. */
  readonly verdictOf?: ((ply: number) => string | null) | undefined;
  /** The id of the text that says the keys. */
  readonly helpId: string;
}

export function ReplayMoves({ replay, t, vocabulary, verdictOf, helpId }: ReplayMovesProps) {
  const listRef = useRef<HTMLOListElement>(null);

  // Stepping with the focus in the list keeps it on the move now shown, so the list reads along.
  useEffect(() => {
    const list = listRef.current;
    if (!list || !list.contains(document.activeElement)) return;
    list.querySelectorAll<HTMLElement>('[role="option"]')[replay.ply]?.focus();
  }, [replay.ply]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: replay.back,
      ArrowUp: replay.back,
      ArrowRight: replay.forward,
      ArrowDown: replay.forward,
      Home: replay.first,
      End: replay.last,
    };
    const action = actions[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    action();
  };

  const option = (ply: number, content: ReactNode) => (
    <li
      key={ply}
      role="option"
      aria-selected={replay.ply === ply}
      tabIndex={replay.ply === ply ? 0 : -1}
      onClick={() => replay.go(ply)}
    >
      {content}
    </li>
  );

  return (
    <>
      <h4 id="replay-moves-heading">{t('movesLabel')}</h4>
      <ol
        ref={listRef}
        role="listbox"
        className="replay-moves"
        aria-labelledby="replay-moves-heading"
        aria-describedby={helpId}
        onKeyDown={onKeyDown}
      >
        {option(0, t('startPosition'))}
        {replay.moves.map((m, i) =>
          option(
            i + 1,
            <>
              {/* The SAN for sighted readers; the option names the move in the player's words. */}
              <span aria-hidden="true" className="replay-san">
                {`${m.fenBefore.split(' ')[5]}${m.color === 'w' ? '.' : '...'} ${m.san}`}
              </span>{' '}
              {describeReplayMove(m, t, vocabulary)}
              {verdictOf?.(i + 1) ? <span className="replay-verdict"> {verdictOf(i + 1)}</span> : null}
            </>,
          ),
        )}
      </ol>
    </>
  );
}
