// Issue 28: a word that goes with a count takes its form from the language's plural rules
// (Intl.PluralRules), chosen in one place, and the catalogues write the choice in their templates.
import { describe, expect, test } from 'vitest';
import { choosePlural, format, makeTranslator, pluralCategory } from '../../src/i18n/index.ts';

describe('choosePlural: the one place a form is chosen', () => {
  const move = { one: 'move', other: 'moves' } as const;

  test('English and German: one for 1, other for 0, 2, 5 and fractions', () => {
    for (const locale of ['en', 'de'] as const) {
      expect([0, 1, 2, 5, 1.5].map((n) => pluralCategory(locale, n))).toEqual([
        'other',
        'one',
        'other',
        'other',
        'other',
      ]);
      expect([0, 1, 2, 5].map((n) => choosePlural(locale, n, move))).toEqual([
        'moves',
        'move',
        'moves',
        'moves',
      ]);
    }
  });

  test('an exact =n form comes first; a missing category falls back to other', () => {
    const forms = { '=0': 'no move', one: 'one move', other: 'moves' } as const;
    expect([0, 1, 2].map((n) => choosePlural('en', n, forms))).toEqual(['no move', 'one move', 'moves']);
    expect(choosePlural('en', 1, { other: 'moves' })).toBe('moves');
  });
});

describe('format: placeholders and plural choices', () => {
  const template = '{count, plural, =0 {No action} one {# action} other {# actions}} waiting for {who}';

  test('the form for the count, # as the count, other placeholders filled in the branch', () => {
    expect(format(template, { count: 0, who: 'you' })).toBe('No action waiting for you');
    expect(format(template, { count: 1, who: 'you' })).toBe('1 action waiting for you');
    expect(format(template, { count: 5, who: 'you' })).toBe('5 actions waiting for you');
  });

  test('a count given as digits counts as a number', () => {
    expect(format(template, { count: '1', who: 'you' })).toBe('1 action waiting for you');
    expect(format(template, { count: '12', who: 'you' })).toBe('12 actions waiting for you');
  });

  test('two counts in one message, and a placeholder inside a branch', () => {
    const two =
      'less than {m, plural, one {# minute} other {# minutes}} ({n, plural, one {# move} other {# moves}})';
    expect(format(two, { m: 1, n: 3 })).toBe('less than 1 minute (3 moves)');
    expect(format(two, { m: 2, n: 1 })).toBe('less than 2 minutes (1 move)');
    expect(format('{n, plural, one {one fault} other {{word} faults}}', { n: 3, word: 'three' })).toBe(
      'three faults',
    );
  });

  test('the locale decides: German forms through a translator', () => {
    const t = makeTranslator({
      en: { pending: '{count, plural, one {# action waits} other {# actions wait}}' },
      de: { pending: '{count, plural, one {# Aktion wartet} other {# Aktionen warten}}' },
    });
    expect(t('de', 'pending', { count: 1 })).toBe('1 Aktion wartet');
    expect(t('de', 'pending', { count: 2 })).toBe('2 Aktionen warten');
    expect(t('en', 'pending', { count: 1 })).toBe('1 action waits');
  });

  test('what cannot be filled stays visible, so a missing value is noticed', () => {
    expect(format('{a} and {b}', { a: 'x' })).toBe('x and {b}');
    expect(format(template, { who: 'you' })).toBe(template.replace('{who}', 'you'));
    expect(format('{count, plural, one {# move} other {# moves}}', { count: 'many' })).toBe(
      '{count, plural, one {# move} other {# moves}}',
    );
    // Without `other` a plural is not well formed.
    expect(format('{count, plural, one {# move}}', { count: 1 })).toBe('{count, plural, one {# move}}');
    // A # outside a plural, and braces that are not placeholders, are text.
    expect(format('# {not a placeholder} {x}', { x: 1 })).toBe('# {not a placeholder} 1');
    expect(format('open { brace', {})).toBe('open { brace');
  });
});
