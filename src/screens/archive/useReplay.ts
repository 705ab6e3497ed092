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

/** A move as the replay says it and names it in the move list: "Move 1, White: Pawn …". */
export function describeReplayMove(move: MoveInfo, t: ArchiveTranslate, vocabulary: VocabularyId): string {
  return t('plyStatus', {
    number: Number(move.fenBefore.split(' ')[5] ?? 1),
    color: t(move.color === 'w' ? 'white' : 'black'),
    move: describeMoveInfo(move, { vocabulary }),
  });
}

/**
 * The words for the position after `ply` moves: the move that led there, the computer's verdict on
 * it if any (a sentence of its own), and the result at the end.
 */
export function describePly(
  record: GameRecord,
  moves: readonly MoveInfo[],
  ply: number,
  t: ArchiveTranslate,
  vocabulary: VocabularyId,
  locale: Locale,
  comment: string | null = null,
): string {
  const move = moves[ply - 1];
  if (ply === 0 || move === undefined) return t('startPosition');
  const sentences = [describeReplayMove(move, t, vocabulary)];
  if (comment) sentences.push(comment);
  if (ply === moves.length) sentences.push(t('atEnd', { result: resultText(record, locale) }));
  return sentences.join('. ');
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
  const moves = useMemo(() => moveHistory(record.game), [record]);
  const fens = useMemo(() => positions(record.game), [record]);
  const words = useCallback(
    (ply: number) =>
      describePly(record, moves, ply, t, vocabulary, locale, ply > 0 ? (comment?.(ply) ?? null) : null),
    [record, moves, t, vocabulary, locale, comment],
  );
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
      say(words(next));
    },
    [moves, ply, record, say, t, locale, words],
  );

  return {
    ply,
    fen: fens[ply] ?? record.game.startFen,
    moves,
    status: words(ply),
    go,
    back: () => go(ply - 1),
    forward: () => go(ply + 1),
    first: () => go(0),
    last: () => go(moves.length),
  };
}
