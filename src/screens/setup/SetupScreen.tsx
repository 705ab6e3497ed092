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
import { useId, type FormEvent } from 'react';
import type { Locale } from '../../i18n/index.ts';
import type { KeyValueStore } from '../../ports/storage.ts';
import type { Session, Transport } from '../../ports/transport.ts';
import { normalizeCode } from '../../net/protocol.ts';
import { tSetup, type SetupKey } from './messages.ts';
import { configOf } from './setupChoices.ts';
import { useSetupForm } from './useSetupForm.ts';
import { useSetupConnection } from './useSetupConnection.ts';
import { useSetupVoice } from './useSetupVoice.ts';
import { CreatedPanel, CreateForm, JoinForm } from './SetupForms.tsx';
import '../sighted/paired.css';

export { TIME_CONTROLS, configOf, type SetupChoices } from './setupChoices.ts';

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
  const { locale, speak, confirm, talk } = props;
  const t = (k: SetupKey, p?: Record<string, string>) => tSetup(locale, k, p);
  const id = useId();
  const form = useSetupForm(props.joinCode);
  const connection = useSetupConnection({
    locale,
    makeTransport: props.makeTransport,
    store: props.store,
    t,
    speak,
    statusHeard: props.statusHeard,
    onEnter: props.onEnter,
  });
  useSetupVoice({ locale, t, form, connection, confirm, speak, talk });
  const { message, created, busy } = connection;

  function onCreate(e: FormEvent) {
    e.preventDefault();
    connection.enter({ create: { role: form.role, config: configOf(form.choices) } }, true);
  }

  function onJoin(e: FormEvent) {
    e.preventDefault();
    connection.enter(form.joinEntry(normalizeCode(form.code)), false);
  }

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
        <CreatedPanel id={id} t={t} created={created} connection={connection} speak={speak} />
      ) : null}
      <CreateForm id={id} t={t} locale={locale} form={form} busy={busy} onSubmit={onCreate} />
      <JoinForm id={id} t={t} form={form} busy={busy} onSubmit={onJoin} />
    </div>
  );
}
