// The server sends codes, never sentences for players (issue 27): every protocol error code and
// every finer reason the server names has its own words in both languages (speech/refusals.ts),
// so the English `message` of a frame, kept for logs, never reaches a player.
import { expect, test } from 'vitest';
import { ERROR_CODES, SERVER_REASONS } from '../../src/net/protocol.ts';
import { describeRefusal } from '../../src/speech/index.ts';

test.each(['en', 'de'] as const)('every server refusal has its own words in %s', (locale) => {
  const generic = describeRefusal(locale, { code: 'somethingNew' });
  for (const code of [...ERROR_CODES, ...SERVER_REASONS]) {
    const text = describeRefusal(locale, { code, message: 'FALLBACK' });
    expect(text, `${locale} ${code}`).not.toBe('FALLBACK');
    expect(text, `${locale} ${code}`).not.toBe(generic);
  }
});

test('the English words of the server’s refusals are the sentences it used to send', () => {
  expect(describeRefusal('en', { code: 'inviteNeeded' })).toBe(
    'This role needs an invitation code from the creator or the arbiter.',
  );
  expect(describeRefusal('en', { code: 'seatTaken' })).toBe('Someone already holds that role.');
  expect(describeRefusal('de', { code: 'inviteInvalid' })).toBe(
    'Dieser Einladungscode gilt nicht für diese Rolle.',
  );
});
