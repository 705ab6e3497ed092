/**
 * The setup screen's connection to the server: a transport per attempt to create or join, what it
 * answers said in the status region (and the pairing code spoken), the created game's seats and
 * invitations over the connection kept open until the creator enters the game (issue 14).
 */
import { useEffect, useRef, useState } from 'react';
import type { KeyValueStore } from '../../ports/storage.ts';
import type { Session, Transport, TransportEvent } from '../../ports/transport.ts';
import { INVITED_SEATS, type InvitedSeat, type SeatInfo } from '../../net/protocol.ts';
import { saveSession } from '../useRoom.ts';
import type { Locale } from '../../i18n/index.ts';
import { describeRefusal } from '../../speech/refusals.ts';
import type { SetupKey } from './messages.ts';

type Entry = Parameters<Transport['start']>[0];
type Words = (k: SetupKey, p?: Record<string, string>) => string;

/** The pairing code as said: its words apart. */
export const spokenCode = (c: string) => c.split('-').join(' ');

export interface SetupConnectionOptions {
  readonly locale: Locale;
  readonly makeTransport: () => Transport;
  readonly store: KeyValueStore;
  readonly t: Words;
  readonly speak?: ((text: string) => void) | undefined;
  readonly statusHeard?: (() => boolean) | undefined;
  readonly onEnter: (session: Session) => void;
}

export function useSetupConnection(options: SetupConnectionOptions) {
  const { t } = options;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; serial: number } | null>(null);
  const [created, setCreated] = useState<Session | null>(null);
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

  /** The creator's seat: invitations for the assistants and the arbiter chosen, and the code said. */
  function seatedCreator(session: Session, roles: unknown) {
    setInvitable(
      INVITED_SEATS.filter((r) => r !== session.role && Array.isArray(roles) && roles.includes(r)),
    );
    const text = t('created', { code: spokenCode(session.code) });
    say(text);
    // Said once: by Twinboard's voice only when the status region is not already heard.
    if (!options.statusHeard?.()) options.speak?.(text);
    setCreated(session);
  }

  function refused(transport: Transport, e: Extract<TransportEvent, { kind: 'refused' }>, seated: boolean) {
    // A rate limit is waited out by the transport itself; the screen says how long.
    if (e.code === 'rateLimited')
      return say(t('error_rateLimited', { seconds: String(Math.ceil((e.retryAfterMs ?? 1000) / 1000)) }));
    // The server names the case; its words are the player's language's (speech/refusals.ts).
    const message = describeRefusal(options.locale, { code: e.reason ?? e.code, message: e.message });
    // Once seated, a refusal (an invitation asked too often) changes nothing of the seat.
    if (seated) return say(t('error_other', { message }));
    transport.close();
    setBusy(false);
    if (e.code === 'noSuchRoom') say(t('error_noSuchRoom'));
    else if (e.code === 'seatRefused' || e.code === 'seatTaken') say(t('error_seatRefused', { message }));
    else if (e.code === 'inviteNeeded') say(t('error_inviteNeeded', { message }));
    else say(t('error_other', { message }));
  }

  function enter(entry: Entry, creating: boolean) {
    transportRef.current?.close();
    const transport = options.makeTransport();
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
        options.speak?.(text);
      } else if (e.kind === 'seated') {
        seated = true;
        saveSession(options.store, e.session);
        // The creator's connection stays open for invitations and the seat list until he enters.
        if (!creating) transport.close();
        setBusy(false);
        if (creating) seatedCreator(e.session, roles);
        else {
          say(t('joined', { code: spokenCode(e.session.code), role: t(`role_${e.session.role}`) }));
          options.onEnter(e.session);
        }
      } else if (e.kind === 'refused') refused(transport, e, seated);
      else if (e.kind === 'status' && e.status === 'offline') say(t('offline'));
    });
    transport.start(entry);
  }

  /** Enters the created game: the setup connection closes first, so the room's is no takeover. */
  function enterCreated(session: Session) {
    transportRef.current?.close();
    transportRef.current = null;
    options.onEnter(session);
  }

  return {
    busy,
    message,
    say,
    created,
    seats,
    invitations,
    invitable,
    goRef,
    enter,
    enterCreated,
    invite: (role: InvitedSeat) => transportRef.current?.invite(role),
    removeSeat: (id: number) => transportRef.current?.removeSeat(id),
  };
}

export type SetupConnection = ReturnType<typeof useSetupConnection>;
