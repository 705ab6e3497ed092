/**
 * The review panel of a finished game: the button that starts the computer's review, its progress
 * (a native progress bar, not spoken while it moves), the summary once done, and the choice to
 * hear the evaluation in numbers too.
 */
import type { Locale } from '../../i18n/index.ts';
import type { Review } from './useReview.ts';
import { reviewTranslator } from './reviewMessages.ts';

export function ReviewPanel({ review, locale }: { readonly review: Review; readonly locale: Locale }) {
  const t = reviewTranslator(locale);
  const { state } = review;
  return (
    <section aria-labelledby="review-heading" className="archive-review">
      <h3 id="review-heading">{t('heading')}</h3>
      <p>{t('intro')}</p>
      {/* Not `disabled` while running: the focus stays on the button instead of falling to the page. */}
      <button type="button" onClick={review.start} aria-disabled={state.kind === 'running' || undefined}>
        {t('start')}
      </button>{' '}
      <label>
        <input
          type="checkbox"
          checked={review.withEvaluation}
          onChange={(e) => review.setWithEvaluation(e.target.checked)}
        />{' '}
        {t('withEvaluation')}
      </label>
      {state.kind === 'running' ? (
        <p>
          <label>
            {t('progress')}{' '}
            <progress max={state.total} value={state.done}>
              {state.done}/{state.total}
            </progress>
          </label>
        </p>
      ) : null}
      {state.kind === 'done' ? (
        <>
          <h4>{t('summary')}</h4>
          <p className="review-summary">{state.summary}</p>
        </>
      ) : null}
      {state.kind === 'failed' ? <p>{t('failed', { reason: state.reason })}</p> : null}
    </section>
  );
}
