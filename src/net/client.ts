/**
 * The WebSocket client transport (the adapter behind src/ports/transport.ts). It owns the
 * connection life cycle: enter (create / join / resume), reconnect with exponential backoff,
 * resume from the last sequence number it holds, and a queue of intents that survives a dropped
 * connection. Intents go one at a time (stop-and-wait), numbered `n` = the seat's last accepted
 * counter + 1, so a frame the server already accepted is never applied twice. A refusal by a rate
 * limit says how long to wait: the client waits that long and tries again by itself (entering the
 * room, or the intent in flight), so a screen never stays "Connecting…" for good.
 */
import { makeEmitter } from '../ports/emitter.ts';
import type {
  Entry,
  InvitedSeat,
  Session,
  Transport,
  TransportEvent,
  TransportStatus,
} from '../ports/transport.ts';
import {
  encodeMessage,
  parseServerMessage,
  type ClientMessage,
  type LogEntry,
  type ServerMessage,
  type WireIntent,
} from './protocol.ts';

/** The part of a WebSocket the client uses (the browser's, or `ws` in Node). */
export interface SocketLike {
  readonly readyState: number;
  send(text: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

export interface ClientOptions {
  /** ws:// or wss:// URL of the /ws endpoint. */
  readonly url: string;
  readonly createSocket?: (url: string) => SocketLike;
  /** First reconnect delay and the cap, in milliseconds. */
  readonly initialDelayMs?: number;
  readonly maxDelayMs?: number;
  /** Jitter source in [0, 1). */
  readonly random?: () => number;
  /** A connection silent for this long is considered dead and replaced. */
  readonly idleTimeoutMs?: number;
}

const OPEN = 1;

/** The URL of the server's /ws endpoint for a page served by it. */
export function socketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** The options with their defaults filled in. */
interface Settings {
  readonly url: string;
  readonly createSocket: (url: string) => SocketLike;
  readonly initialDelay: number;
  readonly maxDelay: number;
  readonly random: () => number;
  readonly idleTimeout: number;
}

/** Makes a transport; nothing happens until `start`. */
export function createClientTransport(options: ClientOptions): Transport {
  return new ClientTransport({
    url: options.url,
    createSocket: options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike),
    initialDelay: options.initialDelayMs ?? 200,
    maxDelay: options.maxDelayMs ?? 2000,
    random: options.random ?? Math.random,
    idleTimeout: options.idleTimeoutMs ?? 30_000,
  });
}

type ServerFrame<T extends ServerMessage['t']> = Extract<ServerMessage, { readonly t: T }>;

/** The refusals that end entering for good while not online: the room or the seat is not there. */
const REFUSED_ENTRY: readonly string[] = [
  'noSuchRoom',
  'badToken',
  'seatTaken',
  'seatRefused',
  'inviteNeeded',
  'badConfig',
];

/**
 * One transport's connection, queue and timers. The members of the Transport port are bound, so
 * a screen may pass them on alone.
 */
class ClientTransport implements Transport {
  private readonly events = makeEmitter<TransportEvent>();
  private entry: Entry | null = null;
  private session: Session | null = null;
  private socket: SocketLike | null = null;
  private currentStatus: TransportStatus = 'offline';
  /** The last sequence number received in order. */
  private receivedSeq = 0;
  /** The seat's last accepted intent counter, known after a welcome. */
  private lastN: number | null = null;
  /** The intents not yet accepted, oldest first; the head is the one sent. */
  private readonly queue: WireIntent[] = [];
  /** The counter `n` the head was sent with, until it is answered. */
  private inFlight: number | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Set while a rate limit holds intents back. */
  private holdTimer: ReturnType<typeof setTimeout> | null = null;
  /** The server's last `retryAfterMs`: the next reconnect waits at least this long. */
  private notBefore = 0;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastHeard = 0;
  private closed = false;

  constructor(private readonly settings: Settings) {}

  // ---- The port. ----

  start = (e: Entry): void => {
    this.entry = e;
    if ('resume' in e) this.session = e.resume;
    this.closed = false;
    if (!this.pingTimer) this.pingTimer = setInterval(() => this.keepAlive(), this.settings.idleTimeout / 3);
    this.connect();
  };

  send = (intent: WireIntent): void => {
    this.queue.push(intent);
    this.pump();
  };

  invite = (role: InvitedSeat): void => {
    this.transmit({ t: 'invite', role });
  };

  removeSeat = (seatId: number): void => {
    this.transmit({ t: 'removeSeat', seat: seatId });
  };

  subscribe = this.events.subscribe;

  get lastSeq(): number {
    return this.receivedSeq;
  }

  get status(): TransportStatus {
    return this.currentStatus;
  }

  get pending(): number {
    return this.queue.length;
  }

  close = (): void => {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.holdTimer) clearTimeout(this.holdTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.holdTimer = null;
    this.pingTimer = null;
    this.socket?.close();
    this.socket = null;
    this.setStatus('closed');
  };

  // ---- Sending. ----

  private emit(event: TransportEvent): void {
    this.events.emit(event);
  }

  private setStatus(s: TransportStatus): void {
    if (s === this.currentStatus) return;
    this.currentStatus = s;
    this.emit({ kind: 'status', status: s });
  }

  private transmit(m: ClientMessage): void {
    if (this.socket && this.socket.readyState === OPEN) this.socket.send(encodeMessage(m));
  }

  /** Sends the head of the queue, numbered after the last accepted one, unless one is in flight. */
  private pump(): void {
    if (this.inFlight !== null || this.lastN === null || this.currentStatus !== 'online' || this.holdTimer)
      return;
    const head = this.queue[0];
    if (!head) return;
    this.inFlight = this.lastN + 1;
    this.transmit({ t: 'intent', n: this.inFlight, intent: head });
  }

  /** The intent in flight was answered: it leaves the queue and the next one goes. */
  private settleHead(accepted: boolean): void {
    if (this.inFlight === null) return;
    if (accepted) this.lastN = this.inFlight;
    this.queue.shift();
    this.inFlight = null;
    this.emit({ kind: 'pending', count: this.queue.length });
    this.pump();
  }

  /** Every third of the idle timeout: a connection silent too long is replaced, a live one pinged. */
  private keepAlive(): void {
    if (this.currentStatus !== 'online' || !this.socket) return;
    if (Date.now() - this.lastHeard > this.settings.idleTimeout) this.socket.close();
    else this.transmit({ t: 'ping' });
  }

  // ---- Receiving. ----

  /** Passes on the entries that follow what we hold, in order, each once. */
  private receiveEntries(list: readonly LogEntry[], replay: boolean): void {
    const fresh = list.filter((e) => e.seq > this.receivedSeq).sort((a, b) => a.seq - b.seq);
    const accepted: LogEntry[] = [];
    for (const e of fresh) {
      if (e.seq !== this.receivedSeq + 1) {
        // A gap means a frame was lost: ask for everything after what we hold.
        const session = this.session;
        if (session)
          this.transmit({ t: 'resume', code: session.code, token: session.token, after: this.receivedSeq });
        break;
      }
      accepted.push(e);
      this.receivedSeq = e.seq;
    }
    if (accepted.length > 0) this.emit({ kind: 'entries', entries: accepted, replay });
  }

  /** One frame from the server. */
  private receive(m: ServerMessage): void {
    switch (m.t) {
      case 'seated':
        this.session = { code: m.code, token: m.token, role: m.role };
        this.entry = { resume: this.session };
        this.emit({ kind: 'seated', session: this.session });
        return;
      case 'welcome':
        return this.welcomed(m);
      case 'entry':
        this.receiveEntries([m.entry], false);
        return;
      case 'ack':
        if (m.n === this.inFlight) this.settleHead(true);
        return;
      case 'presence':
        this.emit({ kind: 'presence', online: m.online });
        return;
      case 'seats':
        this.emit({ kind: 'seats', seats: m.seats });
        return;
      case 'invitation':
        this.emit({ kind: 'invitation', role: m.role, invite: m.invite });
        return;
      case 'takeover':
        // Another screen holds the seat now; reconnecting would take it back and forth.
        if (!m.here) this.stop();
        this.emit({ kind: 'takeover', role: m.role, here: m.here });
        return;
      case 'error':
        return this.refused(m);
      case 'pong':
        return;
    }
  }

  /** In the room: online, the queue resumed after the seat's last accepted intent, the log caught up. */
  private welcomed(m: ServerFrame<'welcome'>): void {
    this.attempt = 0;
    this.lastN = m.n;
    // A head intent sent before the drop and accepted by the server is done.
    if (this.inFlight !== null && this.inFlight <= m.n) this.queue.shift();
    this.inFlight = null;
    this.setStatus('online');
    this.emit({ kind: 'room', code: m.code, role: m.role, config: m.config, createdAt: m.createdAt });
    this.receiveEntries(m.entries, true);
    this.pump();
  }

  /** A refusal: of a rate limit (wait and retry), of the intent in flight, or of the room itself. */
  private refused(m: ServerFrame<'error'>): void {
    const refusal = { code: m.code, message: m.message, ...(m.reason ? { reason: m.reason } : {}) };
    if (m.code === 'rateLimited') return this.waitAndRetry(m.retryAfterMs ?? this.settings.maxDelay, refusal);
    if (m.n !== undefined && m.n === this.inFlight) {
      const intent = this.queue[0];
      // `replayed` means the server already holds it (the ack was lost with the connection).
      if (m.code === 'replayed') return this.settleHead(true);
      this.settleHead(false);
      this.emit({ kind: 'refused', ...refusal, ...(intent ? { intent } : {}) });
      return;
    }
    this.emit({ kind: 'refused', ...refusal });
    // Entering failed for good: the room or the seat is gone, stop retrying.
    if (m.code === 'seatRemoved' || (REFUSED_ENTRY.includes(m.code) && this.currentStatus !== 'online'))
      this.stop();
  }

  /** Closes the connection for good: no reconnecting. */
  private stop(): void {
    this.closed = true;
    this.setStatus('closed');
    this.socket?.close();
  }

  // ---- The connection. ----

  /**
   * A rate limit refused our last frame: say so, and send it again after `ms` (the entry message
   * while entering, the intent in flight once online; a closed connection reconnects no sooner).
   */
  private waitAndRetry(ms: number, refusal: { readonly message: string; readonly reason?: string }): void {
    this.emit({ kind: 'refused', ...refusal, code: 'rateLimited', retryAfterMs: ms });
    this.notBefore = Date.now() + ms;
    if (this.currentStatus === 'online') {
      if (this.holdTimer) clearTimeout(this.holdTimer);
      this.inFlight = null;
      this.holdTimer = setTimeout(() => {
        this.holdTimer = null;
        this.pump();
      }, ms);
      return;
    }
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.socket && this.socket.readyState === OPEN) this.enterRoom();
      else this.connect();
    }, ms);
  }

  /** Asks for the seat: resume it, join the room, or create the room. */
  private enterRoom(): void {
    const e = this.entry;
    if (!e) return;
    if ('resume' in e)
      this.transmit({ t: 'resume', code: e.resume.code, token: e.resume.token, after: this.receivedSeq });
    else if ('join' in e)
      this.transmit({
        t: 'join',
        code: e.join.code,
        role: e.join.role,
        ...(e.join.invite ? { invite: e.join.invite } : {}),
      });
    else this.transmit({ t: 'create', role: e.create.role, config: e.create.config });
  }

  /** Connects again after an exponential, jittered backoff (no sooner than a rate limit said). */
  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const { initialDelay, maxDelay, random } = this.settings;
    const backoff = Math.min(maxDelay, initialDelay * 2 ** this.attempt) * (0.75 + random() * 0.5);
    const delay = Math.max(backoff, this.notBefore - Date.now());
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  /** Opens a socket and enters the room once it is open; a socket replaced since is ignored. */
  private connect(): void {
    if (this.closed || !this.entry) return;
    this.setStatus('connecting');
    let s: SocketLike;
    try {
      s = this.settings.createSocket(this.settings.url);
    } catch {
      this.setStatus('offline');
      this.scheduleReconnect();
      return;
    }
    this.socket = s;
    s.onopen = () => {
      this.lastHeard = Date.now();
      this.enterRoom();
    };
    s.onmessage = (ev) => {
      if (this.socket !== s) return;
      this.lastHeard = Date.now();
      const parsed = parseServerMessage(typeof ev.data === 'string' ? ev.data : String(ev.data));
      if (parsed.ok) this.receive(parsed.value);
    };
    s.onclose = () => {
      if (this.socket !== s) return;
      this.socket = null;
      this.inFlight = null;
      if (this.closed) return;
      this.setStatus('offline');
      this.scheduleReconnect();
    };
    s.onerror = () => {
      // The close event follows; reconnecting is handled there.
    };
  }
}
