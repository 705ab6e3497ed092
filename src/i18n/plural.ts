/**
 * Plural forms (issue 28): which form of a word goes with a count, by the language's own rules
 * (`Intl.PluralRules`, CLDR), never by `n === 1` in the code. `choosePlural` is the one place a form
 * is chosen; the catalogues' `{count, plural, one {…} other {…}}` messages (i18n/index.ts `format`)
 * and the read-outs that build words from a count (speech/describe.ts durations) all go through it.
 */
import type { Locale } from './locale.ts';

/** A CLDR plural category: English and German use `one` and `other`; other languages more. */
export type PluralCategory = Intl.LDMLPluralRule;

/**
 * The forms of one word or phrase by plural category; `other` is required (every language has it),
 * and `=n` picks the form for exactly n ("no moves" for 0) before any category.
 */
export type PluralForms<T> = { readonly other: T } & Readonly<
  Partial<Record<PluralCategory | `=${number}`, T>>
>;

const rules = new Map<Locale, Intl.PluralRules>();

/** The plural category of `count` in `locale` (cardinal numbers: "1 move", "2 moves"). */
export function pluralCategory(locale: Locale, count: number): PluralCategory {
  let r = rules.get(locale);
  if (r === undefined) {
    r = new Intl.PluralRules(locale, { type: 'cardinal' });
    rules.set(locale, r);
  }
  return r.select(count);
}

/** The form for `count` in `locale`: its exact `=n` form, else its category's, else `other`. */
export function choosePlural<T>(locale: Locale, count: number, forms: PluralForms<T>): T {
  const exact = (forms as Readonly<Record<string, T | undefined>>)[`=${count}`];
  if (exact !== undefined) return exact;
  return forms[pluralCategory(locale, count)] ?? forms.other;
}
