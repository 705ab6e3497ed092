/**
 * One WebSocket connection as a member of a room, the refusals it is sent, and the commit of each
 * turn of the event loop: every connection written to during a commit is corked until it is over,
 * so that it gets its frames of that commit in one write (one system call).
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { encodeMessage, type ProtocolError, type ServerMessage } from '../net/protocol.ts';
import type { TokenBucket } from './limits.ts';
import type { Member, Room } from './rooms.ts';
import type { SeatRow } from './store.ts';

/** Close codes: the seat moved to another connection, or the creator removed it. */
export const CLOSE_TAKEN_OVER = 4001;
export const CLOSE_REMOVED = 4002;
export const CLOSE_TOO_MANY = 4003;
/** The standard close code for a server fault; the client reconnects and resumes. */
const CLOSE_SERVER_ERROR = 1011;

/** Connections written to during a commit: corked until it is over, so each gets one write. */
interface Corks {
  held: Set<Connection> | null;
}

export class Connection implements Member {
  room: Room<unknown> | null = null;
  seat: SeatRow | null = null;
  /** Until then, frames beyond the rate are dropped unanswered (the client was told when to retry). */
  quietUntil = 0;
  /** Frames dropped since the client was told to wait; too many and it is cut off. */
  dropped = 0;

  constructor(
    readonly socket: WebSocket,
    /** The TCP socket under the WebSocket (the upgrade request's). */
    readonly tcp: Socket,
    readonly ip: string,
    readonly bucket: TokenBucket,
    private readonly corks: Corks,
  ) {}

  get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  send(message: ServerMessage): void {
    this.deliver(encodeMessage(message));
  }

  deliver(frame: string): void {
    if (!this.open) return;
    const held = this.corks.held;
    if (held && !held.has(this)) {
      this.tcp.cork();
      held.add(this);
    }
    this.socket.send(frame);
  }

  drop(): void {
    this.room = null;
    this.seat = null;
    this.socket.close(CLOSE_SERVER_ERROR, 'resume from the log');
  }
}

/** A refusal as its code (and case) for the client to word; the message is for the log. */
export function refuse(c: Connection, failure: ProtocolError, n?: number): void {
  c.send({ t: 'error', ...failure, ...(n === undefined ? {} : { n }) });
}

/** A refusal that tells the client when it may try again. */
export function rateLimited(c: Connection, failure: ProtocolError, retryAfterMs: number): void {
  c.send({ t: 'error', ...failure, retryAfterMs: Math.max(1, Math.ceil(retryAfterMs)) });
}

/**
 * The commit of what each turn of the event loop accepted, queued right after the turn; each
 * connection written to meanwhile gets its frames of the commit in one write.
 */
export class TurnCommits {
  /** Handed to every connection: where a commit in progress collects the corked ones. */
  readonly corks: Corks = { held: null };
  private queued = false;

  /** `commit` appends what was accepted and tells the rooms (Rooms.commit). */
  constructor(private readonly commit: () => void) {}

  /** Queues the commit for right after this turn of the event loop (once per turn). */
  readonly queue = (): void => {
    if (this.queued) return;
    this.queued = true;
    setImmediate(this.commitNow);
  };

  /** Commits what this turn of the event loop accepted; each connection gets its frames in one write. */
  readonly commitNow = (): void => {
    this.queued = false;
    const held = new Set<Connection>();
    this.corks.held = held;
    try {
      this.commit();
    } finally {
      this.corks.held = null;
      for (const c of held) c.tcp.uncork();
    }
  };
}
