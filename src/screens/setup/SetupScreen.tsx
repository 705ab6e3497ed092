/**
 * The setup screen: create a paired game (my role, players, colours, rules edition, time control,
 * relay mode, assistant and duties, arbiter) or join one by its pairing code. Built from native
 * form controls with labels and fieldsets so it is fully keyboard operable and read by screen
 * readers; results are announced in a live region and the pairing code is also spoken aloud, since
 * the blind player tells it to the opponent (issue 6). Every main choice can also be spoken
 * (voiceSetup.ts): the recogniser's transcripts arrive through `onHeard` while this screen is shown,
 * and each choice is confirmed aloud through the app's output router.
 *
 * Seats (issue 14): the pairing code lets in the opponent; after creating, the creator makes an
 * invitation code for each assistant and the arbiter chosen, and sees (and may remove) who is
 * seated, over the connection kept open until he enters the game. Joining as an assistant or
 * arbiter asks for the invitation code.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { CLOCK_PRESETS, fischer, type TimeControl } from '../../core/clock.ts';
import { PROFILES, PROFILE_IDS, DEFAULT_PROFILE_ID, type ProfileId } from '../../core/profiles.ts';
import type { Locale } from '../../i18n/index.ts';
import type { KeyValueStore } from '../../ports/storage.ts';
import type { Session, Transport } from '../../ports/transport.ts';
import {
  DUTIES,
  RELAY_MODES,
  ROLES,
  type Duty,
  type Pairing,
  type RelayMode,
  type Role,
} from '../../match/types.ts';
import {
  INVITED_SEATS,
  normalizeCode,
  type InvitedSeat,
  type Json,
  type SeatInfo,
} from '../../net/protocol.ts';
import { LATE_ARRIVAL_DEFAULT_MS } from '../../match/setup.ts';
import { saveSession } from '../useRoom.ts';
import { describeRefusal } from '../../speech/refusals.ts';
import { tSetup, type SetupKey } from './messages.ts';
import { EventRules } from './EventRules.tsx';
import { onHeard } from '../blind/heard.ts';
import { parseSetupHeard, SETUP_VOICE_EXAMPLES, type SetupCommand } from './voiceSetup.ts';
import '../sighted/paired.css';

const MINUTE = 60_000;

/** Time controls offered at setup (checklist 43 presets and two common ones). */
export const TIME_CONTROLS: readonly TimeControl[] = [
  CLOCK_PRESETS.skopje1972,
  CLOCK_PRESETS.fortyIn2hThen20In1h,
  CLOCK_PRESETS.fiftyIn150Then20PerHour,
  { label: '90 min', periods: [{ moves: null, timeMs: 90 * MINUTE }], repeatLast: false },
  fischer(15, 10),
  { label: '5 min', periods: [{ moves: null, timeMs: 5 * MINUTE }], repeatLast: false },
];

const CREATOR_ROLES: readonly Role[] = ['blind', 'sighted', 'arbiter'];
// Anyone may join a room, in any role (BL-04).
const JOIN_ROLES: readonly Role[] = ROLES;
type AssistantChoice = 'none' | 'blind' | 'sighted';

/** The room configuration sent with `create` (MatchOptions as JSON). */
export interface SetupChoices {
  readonly profileId: ProfileId;
  readonly pairing: Pairing;
  readonly blindColor: 'w' | 'b';
  readonly timeControl: number;
  readonly relay: RelayMode;
  readonly assistant: AssistantChoice;
  readonly duties: readonly Duty[];
  readonly arbiter: boolean;
  readonly requireRepetition: boolean;
  /** No aids on any screen from the start (checklist 84); the arbiter may switch it in play. */
  readonly competition: boolean;
  /** `typed`: the blind player's own typed score is his scoresheet for rules 7 and 8. */
  readonly blindScore: 'automatic' | 'typed';
  /** The event's default time for a late arrival, in minutes. */
  readonly lateArrivalMinutes: number;
}

/** Turns the form's choices into the match options the server validates. */
export function configOf(choices: SetupChoices): { readonly [key: string]: Json } {
  const roles: Role[] = ['blind', 'sighted'];
  if (choices.assistant === 'blind') roles.push('blindAssistant');
  if (choices.assistant === 'sighted') roles.push('sightedAssistant');
  if (choices.arbiter) roles.push('arbiter');
  const tc = TIME_CONTROLS[choices.timeControl] ?? CLOCK_PRESETS.skopje1972;
  return {
    profileId: choices.profileId,
    pairing: choices.pairing,
    blindColor: choices.blindColor,
    relay: choices.relay,
    assistantDuties: [...choices.duties],
    timeControl: JSON.parse(JSON.stringify(tc)) as Json,
    requireRepetition: choices.requireRepetition,
    competition: choices.competition,
    blindScore: choices.blindScore,
    lateArrivalMs: choices.lateArrivalMinutes * MINUTE,
    roles,
  };
}

export interface SetupScreenProps {
  readonly locale: Locale;
  readonly makeTransport: () => Transport;
  readonly store: KeyValueStore;
  /** Speaks a sentence aloud (the pairing code); the live region carries it for screen readers too. */
  readonly speak?: (text: string) => void;
  /** Whether the player's screen reader reads the status region (then `speak` does not repeat it). */
  readonly statusHeard?: () => boolean;
  /** Opens the room once a seat is held. */
  readonly onEnter: (session: Session) => void;
  /** A code to prefill the join form with (from a #/room/CODE link). */
  readonly joinCode?: string;
  /**
   * Says a confirmation of a spoken choice through the app's output router (Speaker or live
   * region, as the player's settings say); without it the screen's own status region says it.
   */
  readonly confirm?: (text: string) => void;
  /** Opens or closes the microphone (the Talk button and the V key). */
  readonly talk?: () => void;
}

export function SetupScreen(props: SetupScreenProps) {
  const { locale, makeTransport, store, speak, statusHeard, onEnter, joinCode, confirm, talk } = props;
  const t = (k: SetupKey, p?: Record<string, string>) => tSetup(locale, k, p);
  const id = useId();
  const [choices, setChoices] = useState<SetupChoices>({
    profileId: DEFAULT_PROFILE_ID,
    pairing: 'sightedVsBlind',
    blindColor: 'w',
    timeControl: 0,
    relay: 'automatic',
    assistant: 'none',
    duties: DUTIES,
    arbiter: false,
    requireRepetition: false,
    competition: false,
    blindScore: 'automatic',
    lateArrivalMinutes: LATE_ARRIVAL_DEFAULT_MS / MINUTE,
  });
  const [role, setRole] = useState<Role>('blind');
  const [code, setCode] = useState(joinCode ?? '');
  const [joinRole, setJoinRole] = useState<Role>('sighted');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; serial: number } | null>(null);
  const [created, setCreated] = useState<Session | null>(null);
  const [invite, setInvite] = useState('');
  const [seats, setSeats] = useState<readonly SeatInfo[]>([]);
  const [invitations, setInvitations] = useState<Partial<Record<InvitedSeat, string>>>({});
  /** The assistants and the arbiter the created game was set up with, whom the creator may invite. */
  const [invitable, setInvitable] = useState<readonly InvitedSeat[]>([]);
  const transportRef = useRef<Transport | null>(null);
  const goRef = useRef<HTMLButtonElement | null>(null);

  useEffect(() => () => transportRef.current?.close(), []);
  useEffect(() => {
    if (created) goRef.current?.focus();
  }, [created]);

  const say = (text: string) => setMessage((m) => ({ text, serial: (m?.serial ?? 0) + 1 }));
  const spokenCode = (c: string) => c.split('-').join(' ');
  const fixedDuties = PROFILES[choices.profileId].assistantDuties === 'fixedList';
  const set = <K extends keyof SetupChoices>(key: K, value: SetupChoices[K]) =>
    setChoices((c) => ({ ...c, [key]: value }));

  function enter(entry: Parameters<Transport['start']>[0], creating: boolean) {
    transportRef.current?.close();
    const transport = makeTransport();
    transportRef.current = transport;
    setBusy(true);
    let seated = false;
    const roles = 'create' in entry ? entry.create.config['roles'] : undefined;
    transport.subscribe((e) => {
      if (e.kind === 'seats') setSeats(e.seats);
      else if (e.kind === 'invitation') {
        setInvitations((all) => ({ ...all, [e.role]: e.invite }));
        const text = t('invited', { role: t(`role_${e.role}`), code: spokenCode(e.invite) });
        say(text);
        speak?.(text);
      } else if (e.kind === 'seated') {
        seated = true;
        saveSession(store, e.session);
        // The creator's connection stays open for invitations and the seat list until he enters.
        if (!creating) transport.close();
        setBusy(false);
        if (creating) {
          setInvitable(
            INVITED_SEATS.filter((r) => r !== e.session.role && Array.isArray(roles) && roles.includes(r)),
          );
          const text = t('created', { code: spokenCode(e.session.code) });
          say(text);
          // Said once: by Twinboard's voice only when the status region is not already heard.
          if (!statusHeard?.()) speak?.(text);
          setCreated(e.session);
        } else {
          say(t('joined', { code: spokenCode(e.session.code), role: t(`role_${e.session.role}`) }));
          onEnter(e.session);
        }
      } else if (e.kind === 'refused') {
        // A rate limit is waited out by the transport itself; the screen says how long.
        if (e.code === 'rateLimited')
          return say(t('error_rateLimited', { seconds: String(Math.ceil((e.retryAfterMs ?? 1000) / 1000)) }));
        // The server names the case; its words are the player's language's (speech/refusals.ts).
        const message = describeRefusal(locale, { code: e.reason ?? e.code, message: e.message });
        // Once seated, a refusal (an invitation asked too often) changes nothing of the seat.
        if (seated) return say(t('error_other', { message }));
        transport.close();
        setBusy(false);
        if (e.code === 'noSuchRoom') say(t('error_noSuchRoom'));
        else if (e.code === 'seatRefused' || e.code === 'seatTaken') say(t('error_seatRefused', { message }));
        else if (e.code === 'inviteNeeded') say(t('error_inviteNeeded', { message }));
        else say(t('error_other', { message }));
      } else if (e.kind === 'status' && e.status === 'offline') {
        say(t('offline'));
      }
    });
    transport.start(entry);
  }

  function onCreate(e: FormEvent) {
    e.preventDefault();
    enter({ create: { role, config: configOf(choices) } }, true);
  }

  const needsInvite = (INVITED_SEATS as readonly Role[]).includes(joinRole);
  const joinEntry = (wanted: string) => ({
    join: {
      code: wanted,
      role: joinRole,
      ...(needsInvite && normalizeCode(invite) !== '' ? { invite: normalizeCode(invite) } : {}),
    },
  });

  function onJoin(e: FormEvent) {
    e.preventDefault();
    enter(joinEntry(normalizeCode(code)), false);
  }

  /** Enters the created game: the setup connection closes first, so the room's is no takeover. */
  function enterCreated(session: Session) {
    transportRef.current?.close();
    transportRef.current = null;
    onEnter(session);
  }

  /** Carries out one spoken setup command and confirms it aloud. */
  function runVoice(command: SetupCommand) {
    const tell = (text: string) => (confirm ? confirm(text) : say(text));
    switch (command.kind) {
      case 'create':
        tell(t('voiceCreating', { role: t(`role_${role}`) }));
        return enter({ create: { role, config: configOf(choices) } }, true);
      case 'join': {
        const wanted = command.code ?? normalizeCode(code);
        if (wanted === '') return tell(t('voiceNoCode'));
        setCode(wanted.split('-').join(' '));
        tell(t('voiceJoining', { code: spokenCode(wanted), role: t(`role_${joinRole}`) }));
        return enter(joinEntry(wanted), false);
      }
      case 'code':
        setCode(command.code.split('-').join(' '));
        return tell(t('voiceCode', { code: spokenCode(command.code) }));
      case 'role':
        if (CREATOR_ROLES.includes(command.role)) setRole(command.role);
        setJoinRole(command.role);
        return tell(t('voiceRole', { role: t(`role_${command.role}`) }));
      case 'color': {
        // "I play white" from the sighted player gives the blind player black.
        const mine = command.whose === 'me' && role === 'sighted';
        const blindColor = mine ? (command.color === 'w' ? 'b' : 'w') : command.color;
        set('blindColor', blindColor);
        return tell(t('voiceColor', { color: t(blindColor === 'w' ? 'white' : 'black') }));
      }
      case 'edition':
        set('profileId', command.profileId);
        return tell(t('voiceEdition', { edition: PROFILES[command.profileId].label }));
      case 'timeControl':
        set('timeControl', command.index);
        return tell(t('voiceTime', { time: TIME_CONTROLS[command.index]?.label ?? '' }));
      case 'relay':
        set('relay', command.relay);
        return tell(t('voiceRelay', { relay: t(`relay_${command.relay}`) }));
      case 'assistant':
        set('assistant', command.assistant);
        return tell(t(`assistant_${command.assistant}`));
      case 'arbiter':
        set('arbiter', command.on);
        return tell(t(command.on ? 'voiceArbiterOn' : 'voiceArbiterOff'));
      case 'repetition':
        set('requireRepetition', command.on);
        return tell(t(command.on ? 'voiceRepetitionOn' : 'voiceRepetitionOff'));
      case 'competition':
        set('competition', command.on);
        return tell(t(command.on ? 'voiceCompetitionOn' : 'voiceCompetitionOff'));
      case 'typedScore':
        set('blindScore', command.on ? 'typed' : 'automatic');
        return tell(t(command.on ? 'voiceTypedScoreOn' : 'voiceTypedScoreOff'));
      case 'read':
        return tell(
          [
            t('voiceRole', { role: t(`role_${role}`) }),
            t('voiceColor', { color: t(choices.blindColor === 'w' ? 'white' : 'black') }),
            t('voiceEdition', { edition: PROFILES[choices.profileId].label }),
            t('voiceTime', { time: TIME_CONTROLS[choices.timeControl]?.label ?? '' }),
            t('voiceRelay', { relay: t(`relay_${choices.relay}`) }),
            t(`assistant_${choices.assistant}`),
            t(choices.arbiter ? 'voiceArbiterOn' : 'voiceArbiterOff'),
            t(choices.competition ? 'voiceCompetitionOn' : 'voiceCompetitionOff'),
            t(choices.blindScore === 'typed' ? 'voiceTypedScoreOn' : 'voiceTypedScoreOff'),
            t('voiceLateArrival', { minutes: String(choices.lateArrivalMinutes) }),
          ].join('. '),
        );
      case 'sayCode':
        if (!created) return tell(t('voiceNoGame'));
        return speak ? speak(spokenCode(created.code)) : tell(spokenCode(created.code));
      case 'enter':
        if (!created) return tell(t('voiceNoGame'));
        return enterCreated(created);
      case 'help':
        return tell(t('voiceHelp', { examples: SETUP_VOICE_EXAMPLES[locale].join('; ') }));
    }
  }

  // The recogniser's results come here while the setup screen is shown (one screen listens at a time).
  const hearRef = useRef<(heard: string | readonly string[]) => void>(() => undefined);
  useLayoutEffect(() => {
    hearRef.current = (heard) => {
      const r = parseSetupHeard(heard);
      if (r.ok) runVoice(r.value);
      else {
        const text = t('voiceNotUnderstood', { heard: typeof heard === 'string' ? heard : (heard[0] ?? '') });
        if (confirm) confirm(text);
        else say(text);
      }
    };
  });
  useLayoutEffect(() => onHeard((heard) => hearRef.current(heard)), []);
  // The V key opens the microphone, as on the board (not while typing the code).
  useEffect(() => {
    if (!talk) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing =
        target instanceof HTMLInputElement ? target.type === 'text' : target instanceof HTMLTextAreaElement;
      if (e.key.toLowerCase() !== 'v' || e.ctrlKey || e.metaKey || e.altKey || typing || e.repeat) return;
      e.preventDefault();
      talk();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [talk]);

  const radio = <T extends string>(
    name: string,
    value: T,
    current: T,
    label: string,
    onPick: (v: T) => void,
  ) => (
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

  return (
    <div className="setup">
      <h1>{t('title')}</h1>
      {talk ? (
        <button type="button" onClick={talk}>
          {t('talk')}
        </button>
      ) : null}
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="setup-status"
        data-testid="setup-status"
      >
        {message ? (message.serial % 2 === 0 ? message.text : `${message.text}\u00a0`) : ''}
      </div>
      {created ? (
        <section aria-labelledby={`${id}-created`} className="created">
          <h2 id={`${id}-created`}>{t('code')}</h2>
          <p className="pairing-code big" data-testid="created-code">
            {spokenCode(created.code)}
          </p>
          <button type="button" onClick={() => speak?.(spokenCode(created.code))}>
            {t('sayCode')}
          </button>{' '}
          <button type="button" ref={goRef} className="primary" onClick={() => enterCreated(created)}>
            {t('resume', { code: spokenCode(created.code), role: t(`role_${created.role}`) })}
          </button>
          {invitable.length > 0 ? (
            <section aria-labelledby={`${id}-invitations`}>
              <h3 id={`${id}-invitations`}>{t('invitationsHeading')}</h3>
              <p className="hint">{t('invitationsHint')}</p>
              {invitable.map((r) => (
                <p key={r}>
                  <button type="button" onClick={() => transportRef.current?.invite(r)}>
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
                    {s.creator
                      ? t('seatYou', { role })
                      : t(s.online ? 'seatOnline' : 'seatOffline', { role })}{' '}
                    {s.creator ? null : (
                      <button
                        type="button"
                        onClick={() => {
                          transportRef.current?.removeSeat(s.id);
                          say(t('seatRemoved', { role }));
                          goRef.current?.focus();
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
      ) : null}
      <form onSubmit={onCreate} aria-labelledby={`${id}-create`} className="setup-form">
        <h2 id={`${id}-create`}>{t('createHeading')}</h2>
        <fieldset>
          <legend>{t('myRole')}</legend>
          {CREATOR_ROLES.map((r) => radio('role', r, role, t(`role_${r}`), setRole))}
        </fieldset>
        <fieldset>
          <legend>{t('pairing')}</legend>
          {(['sightedVsBlind', 'blindVsBlind'] as const).map((p) =>
            radio('pairing', p, choices.pairing, t(`pairing_${p}`), (v) => set('pairing', v)),
          )}
        </fieldset>
        <fieldset>
          <legend>{t('blindColor')}</legend>
          {radio('color', 'w', choices.blindColor, t('white'), (v) => set('blindColor', v))}
          {radio('color', 'b', choices.blindColor, t('black'), (v) => set('blindColor', v))}
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
          {RELAY_MODES.map((m) => radio('relay', m, choices.relay, t(`relay_${m}`), (v) => set('relay', v)))}
        </fieldset>
        <fieldset>
          <legend>{t('assistant')}</legend>
          {(['none', 'blind', 'sighted'] as const).map((a) =>
            radio('assistant', a, choices.assistant, t(`assistant_${a}`), (v) => set('assistant', v)),
          )}
        </fieldset>
        {choices.assistant === 'blind' ? (
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
        ) : null}
        <label className="choice">
          <input
            type="checkbox"
            checked={choices.arbiter}
            onChange={(e) => set('arbiter', e.target.checked)}
          />
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
          onChange={(rules) => setChoices((c) => ({ ...c, ...rules }))}
        />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('working') : t('create')}
        </button>
      </form>
      <form onSubmit={onJoin} aria-labelledby={`${id}-join`} className="setup-form">
        <h2 id={`${id}-join`}>{t('joinHeading')}</h2>
        <label>
          {t('code')}{' '}
          <input
            type="text"
            value={code}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setCode(e.target.value)}
          />
        </label>
        <p id={`${id}-hint`} className="hint">
          {t('codeHint')}
        </p>
        <fieldset>
          <legend>{t('myRole')}</legend>
          {JOIN_ROLES.map((r) => radio('joinRole', r, joinRole, t(`role_${r}`), setJoinRole))}
        </fieldset>
        {needsInvite ? (
          <>
            <label>
              {t('invitationCode')}{' '}
              <input
                type="text"
                value={invite}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                aria-describedby={`${id}-invite-hint`}
                onChange={(e) => setInvite(e.target.value)}
              />
            </label>
            <p id={`${id}-invite-hint`} className="hint">
              {t('invitationHint')}
            </p>
          </>
        ) : null}
        <button type="submit" disabled={busy || normalizeCode(code) === ''}>
          {busy ? t('working') : t('join')}
        </button>
      </form>
    </div>
  );
}
