/**
 * UI language support (English and German). Each area keeps its own catalogue of message
 * templates next to its code and makes a translator with `makeTranslator`; no component holds a
 * user-visible string of its own. Templates use `{name}` placeholders, and a word that goes with a
 * count takes its form from the language's plural rules: `{count, plural, one {# move} other {#
 * moves}}` (ICU MessageFormat's plural, the part our catalogues need: `=n`, the CLDR categories,
 * `#` for the count), chosen by plural.ts `choosePlural`.
 */
import { choosePlural, type PluralForms } from './plural.ts';

export { choosePlural, pluralCategory, type PluralCategory, type PluralForms } from './plural.ts';

export { DEFAULT_LOCALE, LOCALES, type Locale } from './locale.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale.ts';

export type Params = Readonly<Record<string, string | number>>;

export function isLocale(text: string): text is Locale {
  return (LOCALES as readonly string[]).includes(text);
}

/** The index of the `}` that closes the `{` at `open`, or -1. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The branches of a plural's body (`one {…} other {…}`), or null when it is not well formed. */
function pluralBranches(body: string): PluralForms<string> | null {
  const forms: Record<string, string> = {};
  let i = 0;
  for (;;) {
    while (i < body.length && /\s/.test(body[i] as string)) i++;
    if (i === body.length) break;
    const selector = /^(=\d+|[a-z]+)\s*\{/.exec(body.slice(i));
    if (!selector) return null;
    const open = i + selector[0].length - 1;
    const close = closingBrace(body, open);
    if (close < 0) return null;
    forms[selector[1] as string] = body.slice(open + 1, close);
    i = close + 1;
  }
  return forms.other === undefined ? null : (forms as PluralForms<string>);
}

/** A count given as a number or as digits; null for anything else. */
function countOf(value: string | number | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return value !== undefined && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : null;
}

/** What one `{…}` becomes, or null when it is not a placeholder we fill (it is then left visible). */
function placeholder(inner: string, params: Params, locale: Locale): string | null {
  if (/^\w+$/.test(inner)) return inner in params ? String(params[inner]) : null;
  const plural = /^(\w+)\s*,\s*plural\s*,([\s\S]*)$/.exec(inner);
  if (!plural) return null;
  const name = plural[1] as string;
  const count = countOf(params[name]);
  const forms = pluralBranches(plural[2] as string);
  if (count === null || forms === null) return null;
  return fill(choosePlural(locale, count, forms), params, locale, String(params[name]));
}

function fill(template: string, params: Params, locale: Locale, count: string | null): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const c = template[i] as string;
    const close = c === '{' ? closingBrace(template, i) : -1;
    const filled = close < 0 ? null : placeholder(template.slice(i + 1, close), params, locale);
    if (filled !== null) {
      out += filled;
      i = close + 1;
    } else {
      // `#` is the count inside a plural's branch; elsewhere, like an unknown placeholder, it stays.
      out += c === '#' && count !== null ? count : c;
      i++;
    }
  }
  return out;
}

/**
 * Fills `{name}` placeholders and `{name, plural, …}` choices (the form for the count `name` in
 * `locale`); unknown placeholders are left visible so a missing value is noticed.
 */
export function format(template: string, params: Params = {}, locale: Locale = DEFAULT_LOCALE): string {
  // Most messages have no plural: plain placeholders, filled as they always were.
  if (!template.includes('plural'))
    return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
  return fill(template, params, locale, null);
}

/**
 * A translator over one area's catalogue. The English catalogue defines the keys; the German one
 * must have every key (the type checks it).
 */
export function makeTranslator<K extends string>(catalogue: {
  readonly en: Readonly<Record<K, string>>;
  readonly de: Readonly<Record<K, string>>;
}): (locale: Locale, key: K, params?: Params) => string {
  return (locale, key, params) => format(catalogue[locale][key], params, locale);
}
