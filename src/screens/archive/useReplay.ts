/**
 * Replaying a finished game: which ply is shown, the steps back and forward (Shift+A / Shift+D as
 * on lichess, arrows on the move list, Home / End) and the words for every step, which go through
 * the app's output router (the player's screen reader or self-voicing, never both). The move words
 * come from src/speech describeMoveInfo, so the replay says a move as the game said it.
 */
import { useCallback, useMemo, useState } from 'react';
import { moveHistory, positions, type MoveInfo } from '../../core/index.ts';
import { describeMoveInfo, type Utterance, type VocabularyId } from '../../speech/index.ts';
import type { OutputRouter } from '../../speech/speaker/outputRouter.ts';
import { resultText, type GameRecord } from '../../record/index.ts';
import type { Locale } from '../../i18n/index.ts';
import type { ArchiveTranslate } from './messages.ts';

export interface Replay {
  /** Plies shown: 0 = the start position, `moves.length` = the final position. */
  readonly ply: number;
  readonly fen: string;
  readonly moves: readonly MoveInfo[];
  /** The words for the move that led to `ply` (the start position's words at ply 0). */
  readonly status: string;
  go(ply: number): void;
  back(): void;
  forward(): void;
  first(): void;
  last(): void;
}

/** The words for the position after `ply` moves: the move that led there, and the result at the end. */
export function describePly(
  record: GameRecord,
  moves: readonly MoveInfo[],
  ply: number,
  t: ArchiveTranslate,
  vocabulary: VocabularyId,
  locale: Locale,
): string {
  const move = moves[ply - 1];
  if (ply === 0 || move === undefined) return t('startPosition');
  const number = Number(move.fenBefore.split(' ')[5] ?? 1);
  const text = t('plyStatus', {
    number,
    color: t(move.color === 'w' ? 'white' : 'black'),
    move: describeMoveInfo(move, { vocabulary }),
  });
  return ply === moves.length ? `${text}. ${t('atEnd', { result: resultText(record, locale) })}` : text;
}

/** The replay state and its steps; every step is announced (polite, replacing the previous step). */
export function useReplay(
  record: GameRecord,
  options: {
    readonly output: OutputRouter;
    readonly t: ArchiveTranslate;
    readonly vocabulary: VocabularyId;
    readonly locale: Locale;
    /** Words said after a move's own (the computer's verdict once the game is reviewed). */
    readonly comment?: (ply: number) => string | null;
  },
): Replay {
  const { output, t, vocabulary, locale, comment } = options;
  const withComment = useCallback(
    (ply: number, text: string) => {
      const c = ply > 0 ? comment?.(ply) : null;
      return c ? `${text}. ${c}` : text;
    },
    [comment],
  );
  const moves = useMemo(() => moveHistory(record.game), [record]);
  const fens = useMemo(() => positions(record.game), [record]);
  const [ply, setPly] = useState(0);

  const say = useCallback(
    (text: string) => {
      const u: Utterance = { text, lang: locale, politeness: 'polite', interrupt: true };
      output.deliver([u]);
    },
    [output, locale],
  );

  const go = useCallback(
    (target: number) => {
      const next = Math.max(0, Math.min(moves.length, target));
      if (next === ply) {
        // At either end the key does nothing but say so, so the player knows why nothing moved.
        say(next === 0 ? t('atStart') : t('atEnd', { result: resultText(record, locale) }));
        return;
      }
      setPly(next);
      say(withComment(next, describePly(record, moves, next, t, vocabulary, locale)));
    },
    [moves, ply, record, say, t, vocabulary, locale, withComment],
  );

  return {
    ply,
    fen: fens[ply] ?? record.game.startFen,
    moves,
    status: withComment(ply, describePly(record, moves, ply, t, vocabulary, locale)),
    go,
    back: () => go(ply - 1),
    forward: () => go(ply + 1),
    first: () => go(0),
    last: () => go(moves.length),
  };
}
