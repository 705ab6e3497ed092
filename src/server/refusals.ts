/**
 * The server's own refusals, one table: each is the protocol code and, where the code has several
 * cases, the case (`reason`) the client words in its player's language (speech/refusals.ts); the
 * English `message` is for the log and for developers, never shown to a player.
 */
import type { ProtocolError, ServerReason } from '../net/protocol.ts';

type Refusal = ProtocolError & { readonly reason?: ServerReason };

export const REFUSALS = {
  roomFull: { code: 'seatRefused', reason: 'roomFull', message: 'This room is full.' },
  noPairingCode: {
    code: 'serverError',
    reason: 'noPairingCode',
    message: 'Could not allocate a pairing code.',
  },
  noSuchRoom: { code: 'noSuchRoom', message: 'There is no game with that code.' },
  badToken: { code: 'badToken', message: 'That token does not belong to this game.' },
  notSeated: { code: 'notSeated', message: 'Join or resume a game first.' },
  notManager: {
    code: 'forbidden',
    reason: 'notManager',
    message: 'Only the creator of the game or the arbiter can invite.',
  },
  notCreator: {
    code: 'forbidden',
    reason: 'notCreator',
    message: 'Only the creator of the game can remove a seat.',
  },
  ownSeat: { code: 'refused', reason: 'ownSeat', message: 'The creator’s own seat cannot be removed.' },
  inviteNeeded: {
    code: 'inviteNeeded',
    message: 'This role needs an invitation code from the creator or the arbiter.',
  },
  inviteInvalid: {
    code: 'inviteNeeded',
    reason: 'inviteInvalid',
    message: 'That invitation code is not valid for this role.',
  },
  notSaved: { code: 'serverError', reason: 'notSaved', message: 'The server could not save that.' },
  seatRemoved: { code: 'seatRemoved', message: 'The creator of the game removed this seat.' },
  binary: { code: 'badMessage', message: 'Messages are text.' },
  serverError: { code: 'serverError', message: 'The server could not handle that message.' },
  tooManyRooms: {
    code: 'rateLimited',
    reason: 'tooManyRooms',
    message: 'Too many games created from this address; wait a while.',
  },
  tooManyFailures: {
    code: 'rateLimited',
    reason: 'tooManyFailures',
    message: 'Too many failed attempts; wait a minute.',
  },
  tooManyConnections: {
    code: 'rateLimited',
    reason: 'tooManyConnections',
    message: 'Too many connections from this address.',
  },
  tooManyMessages: {
    code: 'rateLimited',
    reason: 'tooManyMessages',
    message: 'Too many messages; slow down.',
  },
} as const satisfies Readonly<Record<string, Refusal>>;
