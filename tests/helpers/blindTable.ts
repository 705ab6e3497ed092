// Real-browser test helper for the sighted, assistant's and arbiter's screens: the blind player at
// his own device as a client of the real server (the room created over the WebSocket protocol),
// and invited officials' seats handed to a browser page.
import type { Page } from 'playwright-core';
import type { Transport, TransportEvent } from '../../src/ports/transport.ts';
import type { WireIntent } from '../../src/net/protocol.ts';
import { nodeTransport, until, when } from './pairedGame.ts';
import type { RunningServer } from './appServer.ts';

const seated = (e: TransportEvent): e is Extract<TransportEvent, { kind: 'seated' }> => e.kind === 'seated';
const invitation = (e: TransportEvent): e is Extract<TransportEvent, { kind: 'invitation' }> =>
  e.kind === 'invitation';

export interface BlindTable {
  readonly blind: Transport;
  /** The pairing code as said (words separated by spaces). */
  readonly code: string;
  /** Sends intents and waits until the server has logged each. */
  send(intents: readonly WireIntent[]): Promise<void>;
  /**
   * Seats an invited official (the creator's invitation code, taken over the protocol) and hands
   * the seat to the page as a saved session, which the room route resumes.
   */
  seat(p: Page, role: 'blindAssistant' | 'arbiter'): Promise<void>;
}

/** A room created by the blind player on `server` with the given game configuration. */
export async function blindAtTable(
  server: RunningServer,
  config: Record<string, unknown> = {},
): Promise<BlindTable> {
  const ws = `ws://127.0.0.1:${server.port}/ws`;
  const blind = nodeTransport(ws);
  let seq = 0;
  blind.subscribe((e) => {
    if (e.kind === 'entries') seq = Math.max(seq, ...e.entries.map((x) => x.seq));
  });
  blind.start({ create: { role: 'blind', config: config as never } });
  const { session } = await when(blind, seated);
  const code = session.code.split('-').join(' ');
  return {
    blind,
    code,
    async send(intents) {
      for (const intent of intents) {
        const before = seq;
        blind.send(intent);
        await until(() => seq > before, 5000, `the server logs ${intent.kind}`);
      }
    },
    async seat(p, role) {
      const asked = when(blind, invitation);
      blind.invite(role);
      const { invite } = await asked;
      const official = nodeTransport(ws);
      official.start({ join: { code: session.code, role, invite } });
      const { session: held } = await when(official, seated);
      official.close();
      await p.goto(server.url);
      await p.evaluate((s) => localStorage.setItem(`twinboard.session.${s.code}`, JSON.stringify(s)), held);
      await p.goto(`${server.url}#/room/${held.code}`);
      await p.getByRole('grid').first().waitFor();
    },
  };
}
