/**
 * The event's rules a room is created with (issue 12): competition mode (no aids on any screen),
 * whether the blind player keeps his own typed score (his scoresheet for rules 7 and 8) and the
 * event's default time for a late arrival. Each control is labelled and carries a description that
 * says what it does; the checkboxes are react-aria checkboxes (Space toggles them).
 */
import { useId, useRef } from 'react';
import { useCheckbox } from 'react-aria';
import type { Locale } from '../../i18n/index.ts';
import { tSetup, type SetupKey } from './messages.ts';

/** Late-arrival default times offered, in minutes; one hour is the rules' own (000 Art 17.2, 001 Art 10.15). */
export const LATE_ARRIVAL_MINUTES: readonly number[] = [15, 30, 45, 60, 90, 120];

export interface EventRulesChoices {
  readonly competition: boolean;
  readonly blindScore: 'automatic' | 'typed';
  readonly lateArrivalMinutes: number;
}

/** A react-aria checkbox with its description read after its name. */
function DescribedCheckbox(props: {
  readonly label: string;
  readonly description: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const descriptionId = useId();
  const { checked, onChange } = props;
  // The form owns the value; the toggle state only reflects it.
  const state = {
    isSelected: checked,
    defaultSelected: false,
    setSelected: onChange,
    toggle: () => onChange(!checked),
  };
  const { inputProps, labelProps } = useCheckbox(
    { children: props.label, isSelected: checked, onChange, 'aria-describedby': descriptionId },
    state,
    ref,
  );
  return (
    <div>
      <label {...labelProps} className="choice">
        <input {...inputProps} ref={ref} />
        {props.label}
      </label>
      <p id={descriptionId} className="hint">
        {props.description}
      </p>
    </div>
  );
}

export function EventRules(props: {
  readonly locale: Locale;
  readonly choices: EventRulesChoices;
  readonly onChange: (choices: EventRulesChoices) => void;
}) {
  const { locale, choices, onChange } = props;
  const t = (k: SetupKey, p?: Record<string, string>) => tSetup(locale, k, p);
  const id = useId();
  return (
    <fieldset>
      <legend>{t('eventRules')}</legend>
      <DescribedCheckbox
        label={t('competition')}
        description={t('competitionHint')}
        checked={choices.competition}
        onChange={(competition) => onChange({ ...choices, competition })}
      />
      <DescribedCheckbox
        label={t('typedScore')}
        description={t('typedScoreHint')}
        checked={choices.blindScore === 'typed'}
        onChange={(typed) => onChange({ ...choices, blindScore: typed ? 'typed' : 'automatic' })}
      />
      <label htmlFor={`${id}-late`}>{t('lateArrival')}</label>{' '}
      <select
        id={`${id}-late`}
        value={choices.lateArrivalMinutes}
        aria-describedby={`${id}-late-hint`}
        onChange={(e) => onChange({ ...choices, lateArrivalMinutes: Number(e.target.value) })}
      >
        {LATE_ARRIVAL_MINUTES.map((m) => (
          <option key={m} value={m}>
            {t(m === 60 ? 'lateArrivalRulesDefault' : 'lateArrivalMinutes', { minutes: String(m) })}
          </option>
        ))}
      </select>
      <p id={`${id}-late-hint`} className="hint">
        {t('lateArrivalHint')}
      </p>
    </fieldset>
  );
}
