/**
 * The computer's review of a finished game in the archive (issue 15): loads the engine on request,
 * reviews every move (src/engine/review.ts), says when it starts and the summary when it ends, and
 * gives the replay the verdict for each move. Never offered for a game in progress.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Game } from '../../core/index.ts';
import type { Engine } from '../../ports/engine.ts';
import type { Locale } from '../../i18n/index.ts';
import type { OutputRouter } from '../../speech/speaker/outputRouter.ts';
import { describeReviewSummary, describeVerdict, type ReviewedMove } from '../../speech/review.ts';
import type { VocabularyId } from '../../speech/index.ts';
import { reviewGame } from '../../engine/review.ts';
import { loadWorkerEngine } from '../../engine/load.ts';
import { reviewTranslator } from './reviewMessages.ts';

/** How deep the review looks at each position (a few seconds for a whole game). */
const REVIEW_DEPTH = 10;

export type ReviewState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running'; readonly done: number; readonly total: number }
  | { readonly kind: 'done'; readonly moves: readonly ReviewedMove[]; readonly summary: string }
  | { readonly kind: 'failed'; readonly reason: string };

export interface Review {
  readonly state: ReviewState;
  start(): void;
  /** The verdict words for the move that led to `ply` (1-based), once reviewed. */
  verdictOf(ply: number): string | null;
  readonly withEvaluation: boolean;
  setWithEvaluation(on: boolean): void;
}

export function useReview(
  game: Game,
  options: {
    readonly output: OutputRouter;
    readonly locale: Locale;
    readonly vocabulary: VocabularyId;
    /** The engine (default: Stockfish in a Web Worker); tests give the Node one. */
    readonly loadEngine?: () => Promise<Engine>;
    readonly depth?: number;
  },
): Review {
  const { output, locale, vocabulary, loadEngine = loadWorkerEngine, depth = REVIEW_DEPTH } = options;
  const [state, setState] = useState<ReviewState>({ kind: 'idle' });
  const [withEvaluation, setWithEvaluation] = useState(false);
  const left = useRef(false);
  useEffect(() => {
    left.current = false;
    return () => void (left.current = true);
  }, []);

  const say = useCallback(
    (text: string, politeness: 'polite' | 'assertive' = 'polite') =>
      output.deliver([{ text, lang: locale, politeness, interrupt: true }]),
    [output, locale],
  );

  const start = useCallback(() => {
    if (state.kind === 'running') return;
    const t = reviewTranslator(locale);
    setState({ kind: 'running', done: 0, total: game.moves.length + 1 });
    say(t('started'));
    let engine: Engine | null = null;
    loadEngine()
      .then((loaded) => {
        engine = loaded;
        return reviewGame(loaded, game, {
          depth,
          cancelled: () => left.current,
          onProgress: (done, total) => {
            if (!left.current) setState({ kind: 'running', done, total });
          },
        });
      })
      .then((moves) => {
        if (!moves || left.current) return;
        const summary = describeReviewSummary(moves, locale);
        setState({ kind: 'done', moves, summary });
        say(t('done', { summary }));
      })
      .catch((e: unknown) => {
        const reason = e instanceof Error ? e.message : String(e);
        if (!left.current) setState({ kind: 'failed', reason });
        say(t('failed', { reason }), 'assertive');
      })
      .finally(() => (engine as Engine | null)?.dispose());
  }, [state.kind, locale, game, say, loadEngine, depth]);

  const verdictOf = useCallback(
    (ply: number) => {
      if (state.kind !== 'done') return null;
      const move = state.moves[ply - 1];
      return move ? describeVerdict(move, { vocabulary, locale, withEvaluation, sentence: true }) : null;
    },
    [state, vocabulary, locale, withEvaluation],
  );

  return { state, start, verdictOf, withEvaluation, setWithEvaluation };
}
