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
import type { Entry, Session, Transport, TransportEvent, TransportStatus } from '../ports/transport.ts';
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

/** Makes a transport; nothing happens until `start`. */
export function createClientTransport(options: ClientOptions): Transport {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const initialDelay = options.initialDelayMs ?? 200;
  const maxDelay = options.maxDelayMs ?? 2000;
  const random = options.random ?? Math.random;
  const idleTimeout = options.idleTimeoutMs ?? 30_000;

  const events = makeEmitter<TransportEvent>();
  let entry: Entry | null = null;
  let session: Session | null = null;
  let socket: SocketLike | null = null;
  let status: TransportStatus = 'offline';
  let lastSeq = 0;
  /** The seat's last accepted intent counter, known after a welcome. */
  let lastN: number | null = null;
  const queue: WireIntent[] = [];
  let inFlight: number | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Set while a rate limit holds intents back. */
  let holdTimer: ReturnType<typeof setTimeout> | null = null;
  /** The server's last `retryAfterMs`: the next reconnect waits at least this long. */
  let notBefore = 0;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let lastHeard = 0;
  let closed = false;

  const emit = events.emit;
  const setStatus = (s: TransportStatus) => {
    if (s === status) return;
    status = s;
    emit({ kind: 'status', status: s });
  };
  const transmit = (m: ClientMessage) => {
    if (socket && socket.readyState === OPEN) socket.send(encodeMessage(m));
  };

  function pump(): void {
    if (inFlight !== null || lastN === null || status !== 'online' || holdTimer) return;
    const head = queue[0];
    if (!head) return;
    inFlight = lastN + 1;
    transmit({ t: 'intent', n: inFlight, intent: head });
  }

  function settleHead(accepted: boolean): void {
    if (inFlight === null) return;
    if (accepted) lastN = inFlight;
    queue.shift();
    inFlight = null;
    emit({ kind: 'pending', count: queue.length });
    pump();
  }

  function receiveEntries(list: readonly LogEntry[], replay: boolean): void {
    const fresh = list.filter((e) => e.seq > lastSeq).sort((a, b) => a.seq - b.seq);
    const accepted: LogEntry[] = [];
    for (const e of fresh) {
      if (e.seq !== lastSeq + 1) {
        // A gap means a frame was lost: ask for everything after what we hold.
        if (session) transmit({ t: 'resume', code: session.code, token: session.token, after: lastSeq });
        break;
      }
      accepted.push(e);
      lastSeq = e.seq;
    }
    if (accepted.length > 0) emit({ kind: 'entries', entries: accepted, replay });
  }

  function onMessage(m: ServerMessage): void {
    switch (m.t) {
      case 'seated':
        session = { code: m.code, token: m.token, role: m.role };
        entry = { resume: session };
        emit({ kind: 'seated', session });
        return;
      case 'welcome':
        attempt = 0;
        lastN = m.n;
        // A head intent sent before the drop and accepted by the server is done.
        if (inFlight !== null && inFlight <= m.n) queue.shift();
        inFlight = null;
        setStatus('online');
        emit({ kind: 'room', code: m.code, role: m.role, config: m.config, createdAt: m.createdAt });
        receiveEntries(m.entries, true);
        pump();
        return;
      case 'entry':
        receiveEntries([m.entry], false);
        return;
      case 'ack':
        if (m.n === inFlight) settleHead(true);
        return;
      case 'presence':
        emit({ kind: 'presence', online: m.online });
        return;
      case 'seats':
        emit({ kind: 'seats', seats: m.seats });
        return;
      case 'invitation':
        emit({ kind: 'invitation', role: m.role, invite: m.invite });
        return;
      case 'takeover':
        if (!m.here) {
          // Another screen holds the seat now; reconnecting would take it back and forth.
          closed = true;
          setStatus('closed');
          socket?.close();
        }
        emit({ kind: 'takeover', role: m.role, here: m.here });
        return;
      case 'error': {
        const refusal = { code: m.code, message: m.message, ...(m.reason ? { reason: m.reason } : {}) };
        if (m.code === 'rateLimited') return waitAndRetry(m.retryAfterMs ?? maxDelay, refusal);
        if (m.n !== undefined && m.n === inFlight) {
          const intent = queue[0];
          // `replayed` means the server already holds it (the ack was lost with the connection).
          if (m.code === 'replayed') return settleHead(true);
          settleHead(false);
          emit({ kind: 'refused', ...refusal, ...(intent ? { intent } : {}) });
          return;
        }
        emit({ kind: 'refused', ...refusal });
        // Entering failed for good: the room or the seat is gone, stop retrying.
        if (
          m.code === 'seatRemoved' ||
          (['noSuchRoom', 'badToken', 'seatTaken', 'seatRefused', 'inviteNeeded', 'badConfig'].includes(
            m.code,
          ) &&
            status !== 'online')
        ) {
          closed = true;
          setStatus('closed');
          socket?.close();
        }
        return;
      }
      case 'pong':
        return;
    }
  }

  /**
   * A rate limit refused our last frame: say so, and send it again after `ms` (the entry message
   * while entering, the intent in flight once online; a closed connection reconnects no sooner).
   */
  function waitAndRetry(ms: number, refusal: { readonly message: string; readonly reason?: string }): void {
    emit({ kind: 'refused', ...refusal, code: 'rateLimited', retryAfterMs: ms });
    notBefore = Date.now() + ms;
    if (status === 'online') {
      if (holdTimer) clearTimeout(holdTimer);
      inFlight = null;
      holdTimer = setTimeout(() => {
        holdTimer = null;
        pump();
      }, ms);
      return;
    }
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (socket && socket.readyState === OPEN) enterRoom();
      else connect();
    }, ms);
  }

  function enterRoom(): void {
    const e = entry;
    if (!e) return;
    if ('resume' in e) transmit({ t: 'resume', code: e.resume.code, token: e.resume.token, after: lastSeq });
    else if ('join' in e)
      transmit({
        t: 'join',
        code: e.join.code,
        role: e.join.role,
        ...(e.join.invite ? { invite: e.join.invite } : {}),
      });
    else transmit({ t: 'create', role: e.create.role, config: e.create.config });
  }

  function scheduleReconnect(): void {
    if (closed || retryTimer) return;
    const backoff = Math.min(maxDelay, initialDelay * 2 ** attempt) * (0.75 + random() * 0.5);
    const delay = Math.max(backoff, notBefore - Date.now());
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, delay);
  }

  function connect(): void {
    if (closed || !entry) return;
    setStatus('connecting');
    let s: SocketLike;
    try {
      s = createSocket(options.url);
    } catch {
      setStatus('offline');
      scheduleReconnect();
      return;
    }
    socket = s;
    s.onopen = () => {
      lastHeard = Date.now();
      enterRoom();
    };
    s.onmessage = (ev) => {
      if (socket !== s) return;
      lastHeard = Date.now();
      const parsed = parseServerMessage(typeof ev.data === 'string' ? ev.data : String(ev.data));
      if (parsed.ok) onMessage(parsed.value);
    };
    s.onclose = () => {
      if (socket !== s) return;
      socket = null;
      inFlight = null;
      if (closed) return;
      setStatus('offline');
      scheduleReconnect();
    };
    s.onerror = () => {
      // The close event follows; reconnecting is handled there.
    };
  }

  return {
    start(e) {
      entry = e;
      if ('resume' in e) session = e.resume;
      closed = false;
      if (!pingTimer)
        pingTimer = setInterval(() => {
          if (status !== 'online' || !socket) return;
          if (Date.now() - lastHeard > idleTimeout) socket.close();
          else transmit({ t: 'ping' });
        }, idleTimeout / 3);
      connect();
    },
    send(intent) {
      queue.push(intent);
      pump();
    },
    invite(role) {
      transmit({ t: 'invite', role });
    },
    removeSeat(seatId) {
      transmit({ t: 'removeSeat', seat: seatId });
    },
    subscribe: events.subscribe,
    get lastSeq() {
      return lastSeq;
    },
    get status() {
      return status;
    },
    get pending() {
      return queue.length;
    },
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (holdTimer) clearTimeout(holdTimer);
      if (pingTimer) clearInterval(pingTimer);
      retryTimer = null;
      holdTimer = null;
      pingTimer = null;
      socket?.close();
      socket = null;
      setStatus('closed');
    },
  };
}
