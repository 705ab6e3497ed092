// What an HTTP request says, read strictly (src/server/httpRequest.ts): targets, Accept,
// Accept-Encoding, Range and the conditional headers. Nothing here may throw, whatever it is given.
import { expect, test } from 'vitest';
import {
  MAX_TARGET_LENGTH,
  acceptedEncodings,
  acceptsHtml,
  noneMatchHits,
  notModifiedSince,
  parseRange,
  parseRequestTarget,
} from '../../src/server/httpRequest.ts';
import { mulberry32 } from '../helpers/prng.ts';

test.each([
  ['/', []],
  ['/index.html', ['index.html']],
  ['/assets/index-AbC12345.js?v=1#x', ['assets', 'index-AbC12345.js']],
  ['//assets///a.js', ['assets', 'a.js']],
  ['/caf%C3%A9', ['café']],
  ['/a%20b', ['a b']],
  ['/...', ['...']],
  ['/.well-known', ['.well-known']],
])('%s is read as %j', (target, segments) => {
  expect(parseRequestTarget(target)).toMatchObject({ ok: true, value: { segments } });
});

test.each([
  ['/%', 'bad-escape'],
  ['/%E0%A4%A', 'bad-escape'],
  ['/%ZZ', 'bad-escape'],
  ['/%C0%AF', 'bad-escape'],
  ['/%ED%A0%80', 'bad-escape'],
  ['/..', 'traversal'],
  ['/assets/../../etc/passwd', 'traversal'],
  ['/%2e%2e/etc/passwd', 'traversal'],
  ['/./index.html', 'traversal'],
  ['/..%2f..%2fetc%2fpasswd', 'bad-segment'],
  ['/a%5c..%5cb', 'bad-segment'],
  ['/a%00b', 'bad-segment'],
  ['/a%0Ab', 'bad-segment'],
  ['/a\\..\\b', 'bad-segment'],
  ['/a\0b', 'bad-character'],
  ['/a b', 'bad-character'],
  ['/café', 'bad-character'],
  ['*', 'not-origin-form'],
  ['http://example.com/', 'not-origin-form'],
  ['', 'not-origin-form'],
  [undefined, 'not-origin-form'],
  [`/${'a'.repeat(MAX_TARGET_LENGTH)}`, 'too-long'],
  [`${'/a'.repeat(40)}`, 'too-long'],
])('%j is refused: %s', (target, error) => {
  expect(parseRequestTarget(target)).toEqual({ ok: false, error });
});

test('no target throws, whatever its bytes', () => {
  const random = mulberry32(26);
  const alphabet = "/%.\\\0aZ09-_?#~:@!$&'()*+,;=ßé\u{1F600}\r\n\t ";
  for (let i = 0; i < 20_000; i++) {
    let target = random() < 0.9 ? '/' : '';
    const length = Math.floor(random() * 40);
    for (let j = 0; j < length; j++) {
      const pick = Math.floor(random() * (alphabet.length + 16));
      target +=
        pick < alphabet.length
          ? alphabet[pick]
          : `%${Math.floor(random() * 256)
              .toString(16)
              .padStart(2, '0')}`;
    }
    const result = parseRequestTarget(target);
    if (result.ok)
      for (const segment of result.value.segments) {
        expect(segment === '.' || segment === '..').toBe(false);
        expect(/[/\\\0]/.test(segment)).toBe(false);
      }
  }
});

test.each([
  [undefined, ['identity']],
  ['', ['identity']],
  ['gzip, deflate, br', ['br', 'gzip', 'identity']],
  ['gzip, deflate, br, zstd', ['br', 'gzip', 'identity']],
  ['gzip', ['gzip', 'identity']],
  ['x-gzip', ['gzip', 'identity']],
  ['BR', ['br', 'identity']],
  ['br;q=0, gzip', ['gzip', 'identity']],
  ['br;q=0.5, gzip;q=1', ['gzip', 'br', 'identity']],
  ['br;q=0.8, gzip;q=0.8', ['br', 'gzip', 'identity']],
  ['*', ['br', 'gzip', 'identity']],
  ['*;q=0', ['identity']],
  ['*, br;q=0', ['gzip', 'identity']],
  ['identity', ['identity']],
  ['br;q=2', ['identity']],
  ['br;q=abc, gzip', ['gzip', 'identity']],
  ['br;q=0.001', ['br', 'identity']],
  ['br;q=0.0', ['identity']],
  [`${'x,'.repeat(2000)}br`, ['identity']],
])('Accept-Encoding %j → %j', (header, expected) => {
  expect(acceptedEncodings(header)).toEqual(expected);
});

test.each([
  [undefined, true],
  ['', true],
  ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
  ['*/*', true],
  ['text/*', true],
  ['application/json', false],
  ['image/avif,image/webp', false],
  ['text/html;q=0', false],
])('Accept %j takes HTML: %s', (header, expected) => {
  expect(acceptsHtml(header)).toBe(expected);
});

test.each([
  [undefined, { kind: 'whole' }],
  ['bytes=0-9', { kind: 'part', start: 0, end: 9 }],
  ['bytes=10-', { kind: 'part', start: 10, end: 99 }],
  ['bytes=-10', { kind: 'part', start: 90, end: 99 }],
  ['bytes=-1000', { kind: 'part', start: 0, end: 99 }],
  ['bytes=90-1000', { kind: 'part', start: 90, end: 99 }],
  ['BYTES = 5 - 6', { kind: 'part', start: 5, end: 6 }],
  ['bytes=100-', { kind: 'unsatisfiable' }],
  ['bytes=999999999999999-', { kind: 'unsatisfiable' }],
  ['bytes=-0', { kind: 'unsatisfiable' }],
  ['bytes=9-5', { kind: 'whole' }],
  ['bytes=0-1,5-6', { kind: 'whole' }],
  ['bytes=-', { kind: 'whole' }],
  ['bytes=a-b', { kind: 'whole' }],
  ['items=0-5', { kind: 'whole' }],
  ['bytes=9999999999999999999-', { kind: 'whole' }],
  ['bytes=0-9'.repeat(50), { kind: 'whole' }],
])('Range %j on 100 bytes → %j', (header, expected) => {
  expect(parseRange(header, 100)).toEqual(expected);
});

test('a range on an empty file is ignored', () => {
  expect(parseRange('bytes=0-0', 0)).toEqual({ kind: 'whole' });
});

test('If-None-Match compares weakly, and * matches', () => {
  expect(noneMatchHits('"abc"', '"abc"')).toBe(true);
  expect(noneMatchHits('W/"abc"', '"abc"')).toBe(true);
  expect(noneMatchHits('"x", "abc"', '"abc"')).toBe(true);
  expect(noneMatchHits('*', '"abc"')).toBe(true);
  expect(noneMatchHits('"abc-br"', '"abc"')).toBe(false);
  expect(noneMatchHits('garbage', '"abc"')).toBe(false);
  expect(noneMatchHits(undefined, '"abc"')).toBe(false);
});

test('If-Modified-Since: current when the file is not newer (whole seconds); unreadable dates are ignored', () => {
  const modified = Date.parse('2026-11-27T10:00:00.700Z');
  expect(notModifiedSince('Fri, 27 Nov 2026 10:00:00 GMT', modified)).toBe(true);
  expect(notModifiedSince('Fri, 27 Nov 2026 11:00:00 GMT', modified)).toBe(true);
  expect(notModifiedSince('Fri, 27 Nov 2026 09:59:59 GMT', modified)).toBe(false);
  expect(notModifiedSince('yesterday', modified)).toBe(false);
  expect(notModifiedSince(undefined, modified)).toBe(false);
});
