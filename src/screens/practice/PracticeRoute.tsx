/**
 * The practice route (#/practice): the player's choices (colour, strength, time control, relay)
 * and "Keep practice available offline", then the game. The game is kept on the device as it is
 * played: the route opens the running practice game when there is one (a reload comes back to it),
 * and #/practice/<id> resumes an unfinished one from the archive. "New practice game" leaves the
 * running one (it stays in the archive) and comes back to the choices, which are kept.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { RouteContext } from '../routeContext.ts';
import { LEVELS, isLevel } from '../../engine/levels.ts';
import {
  DEFAULT_PRACTICE,
  PRACTICE_TIME_CONTROLS,
  resumeStoredPractice,
  runningPractice,
  startStoredPractice,
  type OpenedPractice,
  type PracticeChoices,
} from '../../practice/session.ts';
import { createSessionStore, type SessionStore } from '../../session/store.ts';
import { makeGameId } from '../../session/gameIds.ts';
import type { Clock } from '../../ports/clock.ts';
import type { Locale } from '../../i18n/index.ts';
import { PracticeGame } from './PracticeGame.tsx';
import { KeepPracticeOffline } from './KeepPracticeOffline.tsx';
import { practiceTranslator, type PracticeMessageKey } from './messages.ts';

type ColorChoice = 'w' | 'b' | 'random';

/** The game the route opens with: the one asked for (#/practice/<id>), else the running one, if any. */
function openedGame(store: SessionStore, clock: Clock, wanted: string | undefined): OpenedPractice | null {
  return wanted ? resumeStoredPractice(store, wanted, clock) : runningPractice(store, clock);
}

/** Changes the address without a new route: a reload resumes the running game, not the link. */
const replaceRoute = (hash: string) => window.history.replaceState(window.history.state, '', hash);

export function PracticeRoute({ ctx }: { readonly ctx: RouteContext }): ReactNode {
  const [store] = useState(() => createSessionStore(ctx.store, 'practice'));
  const [form, setForm] = useState<{ choices: PracticeChoices; color: ColorChoice }>({
    choices: DEFAULT_PRACTICE,
    color: 'w',
  });
  const [game, setGame] = useState<{ readonly n: number; readonly opened: OpenedPractice } | null>(() => {
    const opened = openedGame(store, ctx.clock, ctx.param);
    return opened ? { n: 0, opened } : null;
  });
  const [link] = useState(ctx.param);
  useEffect(() => {
    if (link !== undefined) replaceRoute('#/practice');
  }, [link]);
  if (game)
    return (
      <PracticeGame
        key={game.n}
        settings={ctx.settings}
        onSettingChange={ctx.onSettingChange}
        output={ctx.outputs.router}
        clock={ctx.clock}
        game={game.opened}
        store={ctx.store}
        onNewGame={() => {
          // The game left stays in the archive, where it can be resumed; a reload now opens the choices.
          store.setCurrent(null);
          setGame(null);
        }}
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
          const id = makeGameId(ctx.clock.now(), Math.random());
          const opened = startStoredPractice(store, id, ctx.settings, { ...form.choices, color }, ctx.clock);
          setGame((g) => ({ n: (g?.n ?? 0) + 1, opened }));
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
