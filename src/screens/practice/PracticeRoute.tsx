/**
 * The practice route (#/practice): the player's choices (colour, strength, time control, relay)
 * and "Keep practice available offline", then the game. A new game comes back to the choices,
 * which are kept.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { RouteContext } from '../routeContext.ts';
import { LEVELS, isLevel } from '../../engine/levels.ts';
import { DEFAULT_PRACTICE, PRACTICE_TIME_CONTROLS, type PracticeChoices } from '../../practice/session.ts';
import type { Locale } from '../../i18n/index.ts';
import { PracticeGame } from './PracticeGame.tsx';
import { KeepPracticeOffline } from './KeepPracticeOffline.tsx';
import { practiceTranslator, type PracticeMessageKey } from './messages.ts';

type ColorChoice = 'w' | 'b' | 'random';

export function PracticeRoute({ ctx }: { readonly ctx: RouteContext }): ReactNode {
  const [form, setForm] = useState<{ choices: PracticeChoices; color: ColorChoice }>({
    choices: DEFAULT_PRACTICE,
    color: 'w',
  });
  const [game, setGame] = useState<{ readonly n: number; readonly choices: PracticeChoices } | null>(null);
  if (game)
    return (
      <PracticeGame
        key={game.n}
        settings={ctx.settings}
        onSettingChange={ctx.onSettingChange}
        output={ctx.outputs.router}
        clock={ctx.clock}
        choices={game.choices}
        onNewGame={() => setGame(null)}
        voices={ctx.outputs.speaker.voices().map((v) => v.name)}
        pushToTalk={ctx.pushToTalk}
        talk={ctx.talk}
      />
    );
  const locale = ctx.settings.locale;
  return (
    <>
      <PracticeSetup
        locale={locale}
        form={form}
        onChange={setForm}
        onStart={() => {
          const color = form.color === 'random' ? (Math.random() < 0.5 ? 'w' : 'b') : form.color;
          setGame((g) => ({ n: (g?.n ?? 0) + 1, choices: { ...form.choices, color } }));
        }}
      />
      <KeepPracticeOffline
        locale={locale}
        offline={ctx.practiceOffline}
        say={(text, politeness) =>
          ctx.outputs.router.deliver([{ text, lang: locale, politeness, interrupt: true }])
        }
      />
    </>
  );
}

interface PracticeSetupProps {
  readonly locale: Locale;
  readonly form: { readonly choices: PracticeChoices; readonly color: ColorChoice };
  readonly onChange: (form: { choices: PracticeChoices; color: ColorChoice }) => void;
  readonly onStart: () => void;
}

/** The choices before a practice game, as a native form. */
export function PracticeSetup({ locale, form, onChange, onStart }: PracticeSetupProps): ReactNode {
  const t = practiceTranslator(locale);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const set = (choices: Partial<PracticeChoices>) =>
    onChange({ ...form, choices: { ...form.choices, ...choices } });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onStart();
  };
  return (
    <form className="practice-setup" aria-labelledby="practice-heading" onSubmit={submit}>
      <h2 id="practice-heading" ref={heading} tabIndex={-1}>
        {t('heading')}
      </h2>
      <p>{t('intro')}</p>
      <fieldset>
        <legend>{t('color')}</legend>
        {(['w', 'b', 'random'] as const).map((c) => (
          <label key={c}>
            <input
              type="radio"
              name="practice-color"
              checked={form.color === c}
              onChange={() => onChange({ ...form, color: c })}
            />{' '}
            {t(`color.${c}`)}
          </label>
        ))}
      </fieldset>
      <label>
        {t('level')}{' '}
        <select
          value={form.choices.level}
          onChange={(e) => {
            const level = Number(e.target.value);
            if (isLevel(level)) set({ level });
          }}
        >
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {t(`level.${l}` as PracticeMessageKey)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('timeControl')}{' '}
        <select
          value={form.choices.timeControl}
          onChange={(e) => set({ timeControl: Number(e.target.value) })}
        >
          {PRACTICE_TIME_CONTROLS.map((tc, i) => (
            <option key={tc.label} value={i}>
              {tc.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{t('relay')}</legend>
        {(['automatic', 'manual'] as const).map((r) => (
          <label key={r}>
            <input
              type="radio"
              name="practice-relay"
              checked={form.choices.relay === r}
              onChange={() => set({ relay: r })}
            />{' '}
            {t(`relay.${r}`)}
          </label>
        ))}
      </fieldset>
      <button type="submit">{t('start')}</button>
    </form>
  );
}
