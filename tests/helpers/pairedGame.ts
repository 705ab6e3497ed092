// Test and benchmark helper: the intents that make one move on a player's own board, and client
// transports over the `ws` package, for driving the real server like the paired screens do.
import WebSocket from 'ws';
import { createClientTransport, type SocketLike } from '../../src/net/client.ts';
import type { Transport, TransportEvent } from '../../src/ports/transport.ts';
import type { WireIntent } from '../../src/net/protocol.ts';
import { findMove, inspect, START_FEN } from '../../src/core/index.ts';

/**
 * The intents of one complete move (to the clock press). The sighted player clicks (touch-move
 * `move`); the blind player lifts, places, chooses a promotion piece, announces and presses
 * (BL-12: all three execution conditions, then the clock).
 */
export function moveIntents(seat: 'blind' | 'sighted', uci: string): WireIntent[] {
  if (seat === 'sighted') return [{ kind: 'move', uci }, { kind: 'pressClock' }];
  const promotion = uci.slice(4);
  return [
    { kind: 'lift', square: uci.slice(0, 2) },
    { kind: 'place', square: uci.slice(2, 4) },
    ...(promotion ? [{ kind: 'choosePromotion', piece: promotion }] : []),
    { kind: 'announce' },
    { kind: 'pressClock' },
  ];
}

/** SAN moves (from a PGN) as UCI, from the start position. */
export function sanToUci(sans: readonly string[], startFen = START_FEN): string[] {
  let fen = startFen;
  return sans.map((san) => {
    const info = inspect(fen);
    if (!info.ok) throw new Error(info.error.message);
    const m = info.value.legalMoves.find((x) => x.san.replace(/[+#]/g, '') === san.replace(/[+#]/g, ''));
    if (!m) throw new Error(`no move ${san} in ${fen}`);
    const found = findMove(fen, m.uci);
    if (!found.ok) throw new Error(found.error.message);
    fen = found.value.fenAfter;
    return m.uci;
  });
}

/** A socket factory for Node (the `ws` package behind the browser WebSocket shape). */
export function nodeSocket(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}

/** A client transport as the screens use it, over `ws`. */
export function nodeTransport(url: string): Transport {
  return createClientTransport({ url, createSocket: nodeSocket, initialDelayMs: 100, maxDelayMs: 1000 });
}

/** Resolves when the transport emits an event that matches. */
export function when<E extends TransportEvent>(
  t: Transport,
  match: (e: TransportEvent) => e is E,
  timeoutMs = 5000,
): Promise<E> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('timed out waiting for a transport event'));
    }, timeoutMs);
    const off = t.subscribe((e) => {
      if (!match(e)) return;
      clearTimeout(timer);
      off();
      resolve(e);
    });
  });
}

/** Re-checks of the `until` calls waiting now, run after every WebSocket event in this process. */
const waiting = new Set<() => void>();
// Client and in-process server sockets are all `ws` sockets: after each of their events (open,
// message, close) has been handled, whatever a test waits for may hold.
const emit = WebSocket.prototype.emit;
WebSocket.prototype.emit = function (this: WebSocket, event: string | symbol, ...args: unknown[]) {
  const handled = emit.call(this, event, ...args);
  recheckWaits();
  return handled;
};

/** Re-checks the waiting `until` calls once the current event is handled (a test's own delayed delivery calls it). */
export function recheckWaits(): void {
  if (waiting.size > 0) setImmediate(() => [...waiting].forEach((recheck) => recheck()));
}

/**
 * Resolves when `check` holds (a check that throws — e.g. no room yet — counts as not yet). It is
 * checked at once and again after every WebSocket event, never on a timer; `timeoutMs` only bounds the wait.
 */
export function until(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const holds = () => {
    try {
      return check();
    } catch {
      return false;
    }
  };
  if (holds()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const recheck = () => {
      if (!holds()) return;
      done();
      resolve();
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      waiting.delete(recheck);
    };
    waiting.add(recheck);
  });
}
