// The connection is announced only when it is lost and when it is back, and a takeover of the
// seat on both screens; the queue's comings and goings say nothing.
import { expect, test } from 'vitest';
import { connectionNews, type ConnectionFacts } from '../../src/controllers/room.ts';
import { speechText } from '../../src/speech/messages.ts';

const at = (status: ConnectionFacts['status'], takeover: ConnectionFacts['takeover'] = null) => ({
  status,
  takeover,
});

test('lost and back, not the first connection nor the reconnect attempts', () => {
  expect(connectionNews(at('connecting'), at('online'), false)).toBeNull();
  expect(connectionNews(at('online'), at('online'), true)).toBeNull();
  expect(connectionNews(at('online'), at('offline'), true)).toBe('connectionLost');
  expect(connectionNews(at('offline'), at('connecting'), true)).toBeNull();
  expect(connectionNews(at('connecting'), at('online'), true)).toBe('connectionBack');
  expect(speechText('en', 'connectionLost')).toBe(
    'Connection lost. Your moves are kept and sent when it is back.',
  );
});

test('a second screen on the seat: both are told, and the one that lost it is not "disconnected"', () => {
  const here = { here: true, serial: 1 };
  const elsewhere = { here: false, serial: 1 };
  expect(connectionNews(at('online'), at('online', here), true)).toBe('seatTakenHere');
  expect(connectionNews(at('online'), at('online', elsewhere), true)).toBe('seatTakenElsewhere');
  expect(connectionNews(at('online', elsewhere), at('closed', elsewhere), true)).toBeNull();
  expect(speechText('en', 'seatTakenElsewhere')).toMatch(/another screen/);
});
