/**
 * The arbiter's clock and penalty controls: stop and restart the clocks, set a side's used time
 * (with the E88/E93 floors warned about, 003/001 Art 12.4/12.6) and impose a penalty (E93 Art
 * 16.5). What he types is read by the arbiter's controller (a reading that is not a time sends
 * nothing).
 */
import { useState, type FormEvent } from 'react';
import { readClock } from '../../core/clock.ts';
import type { Color } from '../../core/index.ts';
import { PENALTIES, type Penalty } from '../../match/intents.ts';
import { ClockPanel } from '../sighted/PairedParts.tsx';
import { arbiterWords, type PartProps } from './ArbiterParts.tsx';

function SideSelect(props: {
  readonly words: ReturnType<typeof arbiterWords>;
  readonly value: Color;
  readonly onChange: (c: Color) => void;
}) {
  const { t, colorName } = props.words;
  return (
    <label>
      {t('side')}{' '}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value as Color)}>
        <option value="w">{colorName('w')}</option>
        <option value="b">{colorName('b')}</option>
      </select>
    </label>
  );
}

/** The clocks: stop or restart, and the used time set by hand. */
export function ClocksSection({ locale, model, screen, now }: PartProps & { readonly now: number }) {
  const words = arbiterWords(locale);
  const { t, colorName } = words;
  const { state } = screen.room;
  const [adjustColor, setAdjustColor] = useState<Color>('w');
  const [usedMinutes, setUsedMinutes] = useState('0');
  const [usedSeconds, setUsedSeconds] = useState('0');
  const last = screen.lastAdjustment;
  function onAdjust(e: FormEvent) {
    e.preventDefault();
    model.input({ kind: 'adjustClock', color: adjustColor, minutes: usedMinutes, seconds: usedSeconds });
  }
  return (
    <section aria-labelledby="arbiter-clocks-heading" className="actions">
      <h2 id="arbiter-clocks-heading">{t('clocks')}</h2>
      <ClockPanel locale={locale} state={state} now={now} />
      {state.phase === 'playing' ? (
        readClock(state.clock, now).running ? (
          <button type="button" onClick={() => model.input({ kind: 'stopClocks' })}>
            {t('stop')}
          </button>
        ) : (
          <button type="button" onClick={() => model.input({ kind: 'resumeClocks' })}>
            {t('resume')}
          </button>
        )
      ) : null}
      <form onSubmit={onAdjust} aria-label={t('adjust')}>
        <SideSelect words={words} value={adjustColor} onChange={setAdjustColor} />{' '}
        <label>
          {t('usedMinutes')}{' '}
          <input
            inputMode="numeric"
            size={4}
            value={usedMinutes}
            onChange={(e) => setUsedMinutes(e.target.value)}
          />
        </label>{' '}
        <label>
          {t('usedSeconds')}{' '}
          <input
            inputMode="numeric"
            size={3}
            value={usedSeconds}
            onChange={(e) => setUsedSeconds(e.target.value)}
          />
        </label>{' '}
        <button type="submit">{t('apply')}</button>
      </form>
      {last
        ? last.warnings.map((w) => (
            <p role="alert" key={w.code}>
              {t('floorWarning', {
                color: colorName(last.color),
                detail:
                  w.code === 'lessThanFloorToControl'
                    ? t('floorControl', { minutes: w.minutes })
                    : t('floorPerMove', { minutes: w.minutesPerMove, moves: w.movesToControl }),
              })}
            </p>
          ))
        : null}
    </section>
  );
}

/** A penalty, with the minutes added for the penalties that add time. */
export function PenaltiesSection({ locale, model }: Omit<PartProps, 'screen'>) {
  const words = arbiterWords(locale);
  const { t } = words;
  const [penaltyColor, setPenaltyColor] = useState<Color>('w');
  const [penalty, setPenalty] = useState<Penalty>('warning');
  const [penaltyMinutes, setPenaltyMinutes] = useState('2');
  function onPenalize(e: FormEvent) {
    e.preventDefault();
    model.input({ kind: 'penalize', color: penaltyColor, penalty, minutes: penaltyMinutes });
  }
  return (
    <section aria-labelledby="penalties-heading" className="actions">
      <h2 id="penalties-heading">{t('penalties')}</h2>
      <form onSubmit={onPenalize}>
        <SideSelect words={words} value={penaltyColor} onChange={setPenaltyColor} />{' '}
        <label>
          {t('penalty')}{' '}
          <select value={penalty} onChange={(e) => setPenalty(e.target.value as Penalty)}>
            {PENALTIES.map((p) => (
              <option key={p} value={p}>
                {t(`penalty_${p}`)}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          {t('minutes')}{' '}
          <input
            inputMode="numeric"
            size={3}
            value={penaltyMinutes}
            onChange={(e) => setPenaltyMinutes(e.target.value)}
          />
        </label>{' '}
        <button type="submit">{t('impose')}</button>
      </form>
    </section>
  );
}
