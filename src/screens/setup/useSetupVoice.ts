/**
 * Setup by voice (voiceSetup.ts parses): while the setup screen is shown the recogniser's
 * transcripts come here (one screen listens at a time), each spoken choice is carried out on the
 * form and confirmed aloud, and the V key opens the microphone as on the board.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { PROFILES } from '../../core/profiles.ts';
import type { Locale } from '../../i18n/index.ts';
import { CREATOR_ROLES, TIME_CONTROLS, configOf } from './setupChoices.ts';
import type { SetupForm } from './useSetupForm.ts';
import { onHeard } from '../blind/heard.ts';
import { parseSetupHeard, SETUP_VOICE_EXAMPLES, type SetupCommand } from './voiceSetup.ts';
import type { SetupKey } from './messages.ts';
import { spokenCode, type SetupConnection } from './useSetupConnection.ts';

type Words = (k: SetupKey, p?: Record<string, string>) => string;

export interface SetupVoiceContext {
  readonly locale: Locale;
  readonly t: Words;
  readonly form: SetupForm;
  readonly connection: SetupConnection;
  readonly confirm?: ((text: string) => void) | undefined;
  readonly speak?: ((text: string) => void) | undefined;
  readonly talk?: (() => void) | undefined;
}

/** Everything chosen so far, read back in one text. */
function readBack(ctx: SetupVoiceContext): string {
  const { t } = ctx;
  const { choices, role } = ctx.form;
  return [
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
  ].join('. ');
}

/** A spoken switch of the form: set, and said. */
function toggle(ctx: SetupVoiceContext, command: Extract<SetupCommand, { on: boolean }>) {
  const { t, form } = ctx;
  const tell = (text: string) => (ctx.confirm ? ctx.confirm(text) : ctx.connection.say(text));
  switch (command.kind) {
    case 'arbiter':
      form.set('arbiter', command.on);
      return tell(t(command.on ? 'voiceArbiterOn' : 'voiceArbiterOff'));
    case 'repetition':
      form.set('requireRepetition', command.on);
      return tell(t(command.on ? 'voiceRepetitionOn' : 'voiceRepetitionOff'));
    case 'competition':
      form.set('competition', command.on);
      return tell(t(command.on ? 'voiceCompetitionOn' : 'voiceCompetitionOff'));
    case 'typedScore':
      form.set('blindScore', command.on ? 'typed' : 'automatic');
      return tell(t(command.on ? 'voiceTypedScoreOn' : 'voiceTypedScoreOff'));
  }
}

/** Carries out one spoken setup command and confirms it aloud. */
function runVoice(ctx: SetupVoiceContext, command: SetupCommand) {
  const { t, form, connection } = ctx;
  const { role, choices } = form;
  const tell = (text: string) => (ctx.confirm ? ctx.confirm(text) : connection.say(text));
  const created = connection.created;
  switch (command.kind) {
    case 'create':
      tell(t('voiceCreating', { role: t(`role_${role}`) }));
      return connection.enter({ create: { role, config: configOf(choices) } }, true);
    case 'join': {
      const wanted = command.code ?? form.codeValue();
      if (wanted === '') return tell(t('voiceNoCode'));
      form.setCode(wanted.split('-').join(' '));
      tell(t('voiceJoining', { code: spokenCode(wanted), role: t(`role_${form.joinRole}`) }));
      return connection.enter(form.joinEntry(wanted), false);
    }
    case 'code':
      form.setCode(command.code.split('-').join(' '));
      return tell(t('voiceCode', { code: spokenCode(command.code) }));
    case 'role':
      if (CREATOR_ROLES.includes(command.role)) form.setRole(command.role);
      form.setJoinRole(command.role);
      return tell(t('voiceRole', { role: t(`role_${command.role}`) }));
    case 'color': {
      // "I play white" from the sighted player gives the blind player black.
      const mine = command.whose === 'me' && role === 'sighted';
      const blindColor = mine ? (command.color === 'w' ? 'b' : 'w') : command.color;
      form.set('blindColor', blindColor);
      return tell(t('voiceColor', { color: t(blindColor === 'w' ? 'white' : 'black') }));
    }
    case 'edition':
      form.set('profileId', command.profileId);
      return tell(t('voiceEdition', { edition: PROFILES[command.profileId].label }));
    case 'timeControl':
      form.set('timeControl', command.index);
      return tell(t('voiceTime', { time: TIME_CONTROLS[command.index]?.label ?? '' }));
    case 'relay':
      form.set('relay', command.relay);
      return tell(t('voiceRelay', { relay: t(`relay_${command.relay}`) }));
    case 'assistant':
      form.set('assistant', command.assistant);
      return tell(t(`assistant_${command.assistant}`));
    case 'arbiter':
    case 'repetition':
    case 'competition':
    case 'typedScore':
      return toggle(ctx, command);
    case 'read':
      return tell(readBack(ctx));
    case 'sayCode':
      if (!created) return tell(t('voiceNoGame'));
      return ctx.speak ? ctx.speak(spokenCode(created.code)) : tell(spokenCode(created.code));
    case 'enter':
      if (!created) return tell(t('voiceNoGame'));
      return connection.enterCreated(created);
    case 'help':
      return tell(t('voiceHelp', { examples: SETUP_VOICE_EXAMPLES[ctx.locale].join('; ') }));
  }
}

export function useSetupVoice(ctx: SetupVoiceContext) {
  // The recogniser's results come here while the setup screen is shown (one screen listens at a time).
  const hearRef = useRef<(heard: string | readonly string[]) => void>(() => undefined);
  useLayoutEffect(() => {
    hearRef.current = (heard) => {
      const r = parseSetupHeard(heard);
      if (r.ok) return runVoice(ctx, r.value);
      const text = ctx.t('voiceNotUnderstood', {
        heard: typeof heard === 'string' ? heard : (heard[0] ?? ''),
      });
      if (ctx.confirm) ctx.confirm(text);
      else ctx.connection.say(text);
    };
  });
  useLayoutEffect(() => onHeard((heard) => hearRef.current(heard)), []);
  // The V key opens the microphone, as on the board (not while typing the code).
  const { talk } = ctx;
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
}
