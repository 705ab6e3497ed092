/**
 * Announcements as a pure function: `announce(events, role, prefs)` turns what happened — the
 * match's events as the reducer reports them, and a screen's own (`ScreenEvent`) — into the
 * utterances `role` should hear, with their words, language, politeness, interruption and earcon
 * (DESIGN.md principle 6). Each kind of event has its handler (announceBoard, announcePlay,
 * announceProcedures, announceScreen); chess words come from describe.ts, the rest from the
 * catalogues. Where the words go (speaker or live region) is decided later.
 */
import { isFor } from '../match/events.ts';
import type { Role } from '../match/types.ts';
import { AnnounceContext, silent, type Handler, type Handlers } from './announceContext.ts';
import type { Announceable, AnnouncePrefs, Utterance } from './announceEvents.ts';
import { BOARD_WORDS } from './announceBoard.ts';
import { chargeWords, PLAY_WORDS, withClause } from './announcePlay.ts';
import { PROCEDURE_WORDS } from './announceProcedures.ts';
import { SCREEN_WORDS } from './announceScreen.ts';

export * from './announceEvents.ts';
export { describeRefusal } from './refusals.ts';

/** Setup, logistics and evidence events have no words of their own: screens show them. */
const SILENT_WORDS = {
  gameStarted: silent,
  joined: silent,
  left: silent,
  twinBoardsSet: silent,
  relayLifted: silent,
  relayPutBack: silent,
  relayRemoved: silent,
  captureReturned: silent,
  castlingStarted: silent,
  warning: silent,
  touchObligationIgnored: silent,
  moveCompleted: silent,
  executed: silent,
  correctionAgreed: silent,
  touchReported: silent,
  clockAdjusted: silent,
  clocksAdjusted: silent,
  sealingBegun: silent,
  sealedMoveWritten: silent,
  sealedMoveRecorded: silent,
  resumeAsked: silent,
  sealedMoveOpened: silent,
} satisfies Partial<Handlers>;

/** Every kind of event, with its words (the type makes sure none is forgotten). */
export const HANDLERS: Handlers = {
  ...BOARD_WORDS,
  ...PLAY_WORDS,
  ...PROCEDURE_WORDS,
  ...SCREEN_WORDS,
  ...SILENT_WORDS,
};

/** A screen's own events carry no audience: they are the listener's. */
const heardBy = (e: Announceable, role: Role): boolean => !('audience' in e) || isFor(e, role);

/** The utterances `role` should hear for a batch of events, in order; some events give none. */
export function announce(
  events: readonly Announceable[],
  role: Role,
  prefs: AnnouncePrefs = {},
): Utterance[] {
  const ctx = new AnnounceContext(role, prefs);
  const heard = events.filter((e) => heardBy(e, role));
  const out: Utterance[] = [];
  for (let i = 0; i < heard.length; i++) {
    const e = heard[i]!;
    const next = heard[i + 1];
    // A claim decided at once (no arbiter) is one sentence: said as two, the decision would cut
    // the claim off (it interrupts the speaker, and replaces the live region's text).
    if (e.type === 'claimed' && next?.type === 'claimDecided' && next.claim === e.claim) {
      const key = next.upheld ? 'claimedUpheld' : 'claimedRejected';
      const params = { color: ctx.colorName(e.color), claim: ctx.t(`claim.${e.claim}`) };
      out.push(ctx.say(withClause(ctx.t(key, params), chargeWords(next, ctx)), 'assertive', true));
      i++;
      continue;
    }
    out.push(...(HANDLERS[e.type] as Handler<Announceable>)(e, ctx));
  }
  return out;
}
