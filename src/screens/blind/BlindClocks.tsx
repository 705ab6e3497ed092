/**
 * Both clocks beside the blind player's board, for a player who sees a large board (low vision,
 * issue 28): large digits, the running clock marked by a thick border and a word, a fallen flag in
 * words. Plain text, never a live region (a ticking time would be read every second); the time is
 * heard on request (the clocks key). Only this part re-renders as the clock runs.
 */
import { useId } from 'react';
import { formatClock, type Color } from '../../core/index.ts';
import type { MatchState } from '../../match/types.ts';
import type { Clock } from '../../ports/clock.ts';
import type { Translate } from '../../speech/blindMessages.ts';
import { clockAt } from '../sighted/paired.ts';
import { useNow } from '../sighted/PairedParts.tsx';

/** The two clocks, the opponent's first (as they stand across the board), the player's own second. */
export function BlindClocks(props: {
  readonly state: MatchState;
  readonly myColor: Color;
  readonly clock: Clock;
  readonly tr: Translate;
}) {
  const { state, myColor, tr } = props;
  const headingId = useId();
  const now = useNow(props.clock, 500, state.clock.running !== null);
  const times = clockAt(state.clock, now);
  const one = (c: Color) => {
    const running = state.clock.running === c;
    const flag = state.flagged[c] || times[c] <= 0;
    const who = tr(c === myColor ? 'clockYou' : 'clockOpponent');
    return (
      <div
        key={c}
        role="group"
        aria-labelledby={`${headingId}-${c}`}
        className={`blind-clock${running ? ' running' : ''}${flag ? ' flag' : ''}`}
        data-testid={`blind-clock-${c}`}
      >
        <span className="blind-clock-name" id={`${headingId}-${c}`}>
          {tr(c === 'w' ? 'clockWhite' : 'clockBlack', { who })}
        </span>
        <span className="blind-clock-time">{formatClock(times[c], 'display')}</span>
        <span className="blind-clock-mark">
          {[running ? tr('clockRunningMark') : '', flag ? tr('clockFlagMark') : ''].filter(Boolean).join(' ')}
        </span>
      </div>
    );
  };
  const opponent: Color = myColor === 'w' ? 'b' : 'w';
  return (
    <section className="blind-clocks" aria-labelledby={headingId}>
      <h3 id={headingId} className="visually-hidden">
        {tr('clocksHeading')}
      </h3>
      {one(opponent)}
      {one(myColor)}
    </section>
  );
}
