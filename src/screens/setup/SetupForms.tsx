/**
 * The setup screen's parts: the created game (its pairing code, the invitations and the seats),
 * the form that creates a game and the form that joins one. Native form controls with labels and
 * fieldsets, so everything is keyboard operable and read by screen readers.
 */
import type { FormEvent } from 'react';
import { PROFILES, PROFILE_IDS, type ProfileId } from '../../core/profiles.ts';
import type { Locale } from '../../i18n/index.ts';
import type { Session } from '../../ports/transport.ts';
import { DUTIES, RELAY_MODES } from '../../match/types.ts';
import { normalizeCode } from '../../net/protocol.ts';
import type { SetupKey } from './messages.ts';
import { EventRules } from './EventRules.tsx';
import { CREATOR_ROLES, JOIN_ROLES, TIME_CONTROLS } from './setupChoices.ts';
import type { SetupForm } from './useSetupForm.ts';
import { spokenCode, type SetupConnection } from './useSetupConnection.ts';

type Words = (k: SetupKey, p?: Record<string, string>) => string;

/** One radio button of a group named `name` (unique to the screen by `id`). */
function radio<T extends string>(
  id: string,
  name: string,
  value: T,
  current: T,
  label: string,
  onPick: (v: T) => void,
) {
  return (
    <label key={value} className="choice">
      <input
        type="radio"
        name={`${id}-${name}`}
        value={value}
        checked={current === value}
        onChange={() => onPick(value)}
      />
      {label}
    </label>
  );
}

/** The created game: its code to say, the way in, the invitations and who is seated. */
export function CreatedPanel(props: {
  readonly id: string;
  readonly t: Words;
  readonly created: Session;
  readonly connection: SetupConnection;
  readonly speak?: ((text: string) => void) | undefined;
}) {
  const { id, t, created, connection } = props;
  const { invitable, invitations, seats } = connection;
  return (
    <section aria-labelledby={`${id}-created`} className="created">
      <h2 id={`${id}-created`}>{t('code')}</h2>
      <p className="pairing-code big" data-testid="created-code">
        {spokenCode(created.code)}
      </p>
      <button type="button" onClick={() => props.speak?.(spokenCode(created.code))}>
        {t('sayCode')}
      </button>{' '}
      <button
        type="button"
        ref={connection.goRef}
        className="primary"
        onClick={() => connection.enterCreated(created)}
      >
        {t('resume', { code: spokenCode(created.code), role: t(`role_${created.role}`) })}
      </button>
      {invitable.length > 0 ? (
        <section aria-labelledby={`${id}-invitations`}>
          <h3 id={`${id}-invitations`}>{t('invitationsHeading')}</h3>
          <p className="hint">{t('invitationsHint')}</p>
          {invitable.map((r) => (
            <p key={r}>
              <button type="button" onClick={() => connection.invite(r)}>
                {t('invite', { role: t(`role_${r}`) })}
              </button>{' '}
              {invitations[r] ? (
                <span className="pairing-code" data-testid={`invite-${r}`}>
                  {spokenCode(invitations[r] ?? '')}
                </span>
              ) : null}
            </p>
          ))}
        </section>
      ) : null}
      <section aria-labelledby={`${id}-seats`}>
        <h3 id={`${id}-seats`}>{t('seatsHeading')}</h3>
        <ul data-testid="seats">
          {seats.map((s) => {
            const role = t(`role_${s.role}`);
            return (
              <li key={s.id}>
                {s.creator ? t('seatYou', { role }) : t(s.online ? 'seatOnline' : 'seatOffline', { role })}{' '}
                {s.creator ? null : (
                  <button
                    type="button"
                    onClick={() => {
                      connection.removeSeat(s.id);
                      connection.say(t('seatRemoved', { role }));
                      connection.goRef.current?.focus();
                    }}
                  >
                    {t('removeSeat', { role })}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </section>
  );
}

interface FormProps {
  readonly id: string;
  readonly t: Words;
  readonly locale: Locale;
  readonly form: SetupForm;
  readonly busy: boolean;
  readonly onSubmit: (e: FormEvent) => void;
}

/** Creating a game: my role, the pairing, colours, rules, time, relay, assistant, arbiter. */
export function CreateForm({ id, t, locale, form, busy, onSubmit }: FormProps) {
  const { choices, set } = form;
  const pick =
    <K extends 'pairing' | 'blindColor' | 'relay' | 'assistant'>(key: K) =>
    (v: (typeof choices)[K]) =>
      set(key, v);
  return (
    <form onSubmit={onSubmit} aria-labelledby={`${id}-create`} className="setup-form">
      <h2 id={`${id}-create`}>{t('createHeading')}</h2>
      <fieldset>
        <legend>{t('myRole')}</legend>
        {CREATOR_ROLES.map((r) => radio(id, 'role', r, form.role, t(`role_${r}`), form.setRole))}
      </fieldset>
      <fieldset>
        <legend>{t('pairing')}</legend>
        {(['sightedVsBlind', 'blindVsBlind'] as const).map((p) =>
          radio(id, 'pairing', p, choices.pairing, t(`pairing_${p}`), pick('pairing')),
        )}
      </fieldset>
      <fieldset>
        <legend>{t('blindColor')}</legend>
        {radio(id, 'color', 'w', choices.blindColor, t('white'), pick('blindColor'))}
        {radio(id, 'color', 'b', choices.blindColor, t('black'), pick('blindColor'))}
      </fieldset>
      <label>
        {t('edition')}{' '}
        <select value={choices.profileId} onChange={(e) => set('profileId', e.target.value as ProfileId)}>
          {PROFILE_IDS.map((p) => (
            <option key={p} value={p}>
              {PROFILES[p].label}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('timeControl')}{' '}
        <select value={choices.timeControl} onChange={(e) => set('timeControl', Number(e.target.value))}>
          {TIME_CONTROLS.map((tc, i) => (
            <option key={tc.label} value={i}>
              {tc.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{t('relay')}</legend>
        {RELAY_MODES.map((m) => radio(id, 'relay', m, choices.relay, t(`relay_${m}`), pick('relay')))}
      </fieldset>
      <fieldset>
        <legend>{t('assistant')}</legend>
        {(['none', 'blind', 'sighted'] as const).map((a) =>
          radio(id, 'assistant', a, choices.assistant, t(`assistant_${a}`), pick('assistant')),
        )}
      </fieldset>
      {choices.assistant === 'blind' ? <DutiesField t={t} form={form} /> : null}
      <label className="choice">
        <input type="checkbox" checked={choices.arbiter} onChange={(e) => set('arbiter', e.target.checked)} />
        {t('arbiter')}
      </label>
      <label className="choice">
        <input
          type="checkbox"
          checked={choices.requireRepetition}
          onChange={(e) => set('requireRepetition', e.target.checked)}
        />
        {t('requireRepetition')}
      </label>
      <EventRules
        locale={locale}
        choices={choices}
        onChange={(rules) => form.setChoices((c) => ({ ...c, ...rules }))}
      />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t('working') : t('create')}
      </button>
    </form>
  );
}

/** The assistant's duties (fixed by some editions). */
function DutiesField({ t, form }: { readonly t: Words; readonly form: SetupForm }) {
  const { choices, set } = form;
  const fixedDuties = PROFILES[choices.profileId].assistantDuties === 'fixedList';
  return (
    <fieldset>
      <legend>{t('duties')}</legend>
      {fixedDuties ? <p>{t('dutiesFixed')}</p> : null}
      {DUTIES.map((d) => (
        <label key={d} className="choice">
          <input
            type="checkbox"
            disabled={fixedDuties}
            checked={fixedDuties || choices.duties.includes(d)}
            onChange={(e) =>
              set(
                'duties',
                e.target.checked
                  ? DUTIES.filter((x) => x === d || choices.duties.includes(x))
                  : choices.duties.filter((x) => x !== d),
              )
            }
          />
          {t(`duty_${d}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** Joining a game by its code, in a role; an invitation code for the invited seats. */
export function JoinForm({ id, t, form, busy, onSubmit }: Omit<FormProps, 'locale'>) {
  const codeInput = { type: 'text', autoComplete: 'off', autoCapitalize: 'none', spellCheck: false } as const;
  return (
    <form onSubmit={onSubmit} aria-labelledby={`${id}-join`} className="setup-form">
      <h2 id={`${id}-join`}>{t('joinHeading')}</h2>
      <label>
        {t('code')}{' '}
        <input
          {...codeInput}
          value={form.code}
          aria-describedby={`${id}-hint`}
          onChange={(e) => form.setCode(e.target.value)}
        />
      </label>
      <p id={`${id}-hint`} className="hint">
        {t('codeHint')}
      </p>
      <fieldset>
        <legend>{t('myRole')}</legend>
        {JOIN_ROLES.map((r) => radio(id, 'joinRole', r, form.joinRole, t(`role_${r}`), form.setJoinRole))}
      </fieldset>
      {form.needsInvite ? (
        <>
          <label>
            {t('invitationCode')}{' '}
            <input
              {...codeInput}
              value={form.invite}
              aria-describedby={`${id}-invite-hint`}
              onChange={(e) => form.setInvite(e.target.value)}
            />
          </label>
          <p id={`${id}-invite-hint`} className="hint">
            {t('invitationHint')}
          </p>
        </>
      ) : null}
      <button type="submit" disabled={busy || normalizeCode(form.code) === ''}>
        {busy ? t('working') : t('join')}
      </button>
    </form>
  );
}
