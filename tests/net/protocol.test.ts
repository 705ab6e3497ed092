// The wire protocol: every client frame is validated before the server acts on it, and every
// refusal carries a stable code.
import { describe, expect, test } from 'vitest';
import {
  MAX_MESSAGE_BYTES,
  encodeMessage,
  normalizeCode,
  parseClientMessage,
  parseServerMessage,
  utf8Length,
} from '../../src/net/protocol.ts';

const TOKEN = 'A'.repeat(43);

describe('parseClientMessage', () => {
  test.each([
    ['create', { t: 'create', role: 'blind', config: { relay: 'manual' } }],
    ['join', { t: 'join', code: 'ocean-tiger-lemon', role: 'sighted' }],
    ['resume', { t: 'resume', code: 'ocean-tiger-lemon', token: TOKEN, after: 12 }],
    ['intent', { t: 'intent', n: 3, intent: { kind: 'move', uci: 'e2e4' } }],
    ['ping', { t: 'ping' }],
  ])('accepts a well-formed %s message', (_name, message) => {
    const r = parseClientMessage(JSON.stringify(message));
    expect(r).toEqual({ ok: true, value: message });
  });

  test('reads a pairing code as typed or spoken', () => {
    expect(normalizeCode('  Ocean Tiger  LEMON ')).toBe('ocean-tiger-lemon');
    const r = parseClientMessage(JSON.stringify({ t: 'join', code: 'Ocean tiger_lemon', role: 'arbiter' }));
    expect(r.ok && r.value.t === 'join' && r.value.code).toBe('ocean-tiger-lemon');
  });

  test.each([
    ['not JSON', '{t:', 'badJson'],
    ['an array', '[1,2]', 'badMessage'],
    ['unknown type', '{"t":"shout"}', 'badMessage'],
    ['unknown role', '{"t":"join","code":"a-b-c","role":"king"}', 'badMessage'],
    ['extra fields', '{"t":"ping","x":1}', 'badMessage'],
    ['a code that is not three words', '{"t":"join","code":"123456","role":"blind"}', 'noSuchRoom'],
    ['a short token', `{"t":"resume","code":"ab-cd-ef","token":"abc","after":0}`, 'badToken'],
    ['a negative seq', `{"t":"resume","code":"ab-cd-ef","token":"${TOKEN}","after":-1}`, 'badMessage'],
    ['a fractional counter', '{"t":"intent","n":1.5,"intent":{"kind":"resign"}}', 'badMessage'],
    ['counter zero', '{"t":"intent","n":0,"intent":{"kind":"resign"}}', 'badMessage'],
    ['an unknown intent kind', '{"t":"intent","n":1,"intent":{"kind":"teleport"}}', 'badIntent'],
    ['an intent that is not an object', '{"t":"intent","n":1,"intent":"e2e4"}', 'badIntent'],
    ['a config that is not an object', '{"t":"create","role":"blind","config":[]}', 'badMessage'],
  ])('refuses %s', (_name, text, code) => {
    const r = parseClientMessage(text);
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
  });

  test('refuses a frame over the size limit before parsing it', () => {
    const big = JSON.stringify({
      t: 'intent',
      n: 1,
      intent: { kind: 'resign', pad: 'x'.repeat(MAX_MESSAGE_BYTES) },
    });
    const r = parseClientMessage(big);
    expect(r.ok ? 'accepted' : r.error.code).toBe('tooLarge');
  });

  test('counts bytes, not characters, against the limit', () => {
    expect(utf8Length('aé€😀')).toBe(1 + 2 + 3 + 4);
    const text = JSON.stringify({ t: 'intent', n: 1, intent: { kind: 'resign', pad: '€'.repeat(3000) } });
    expect(text.length).toBeLessThan(MAX_MESSAGE_BYTES);
    const r = parseClientMessage(text);
    expect(r.ok ? 'accepted' : r.error.code).toBe('tooLarge');
  });
});

describe('parseServerMessage', () => {
  const entry = {
    seq: 1,
    at: 1000,
    role: 'sighted',
    intent: { kind: 'move', uci: 'e2e4', by: 'sighted' },
  } as const;
  test.each([
    { t: 'seated', code: 'ab-cd-ef', role: 'blind', token: TOKEN },
    { t: 'welcome', code: 'ab-cd-ef', role: 'blind', config: {}, createdAt: 5, n: 0, entries: [entry] },
    { t: 'entry', entry },
    { t: 'ack', n: 1, seq: 7 },
    { t: 'presence', online: ['blind', 'sighted'] },
    { t: 'error', code: 'forbidden', message: 'no', n: 2 },
    { t: 'pong' },
  ] as const)('round-trips $t', (message) => {
    expect(parseServerMessage(encodeMessage(message))).toEqual({ ok: true, value: message });
  });

  test.each([
    ['garbage', 'nope'],
    ['an entry without a seq', '{"t":"entry","entry":{"at":1,"role":"blind","intent":{"kind":"resign"}}}'],
    ['an unknown error code', '{"t":"error","code":"oops","message":"x"}'],
    [
      'a welcome with a bad entry',
      '{"t":"welcome","code":"a","role":"blind","config":{},"createdAt":0,"n":0,"entries":[1]}',
    ],
  ])('refuses %s', (_name, text) => {
    expect(parseServerMessage(text).ok).toBe(false);
  });
});
