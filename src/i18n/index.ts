/**
 * UI language support (English and German). Each area keeps its own catalogue of message
 * templates next to its code and makes a translator with `makeTranslator`; no component holds a
 * user-visible string of its own. Templates use `{name}` placeholders.
 */
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export type Params = Readonly<Record<string, string | number>>;

export function isLocale(text: string): text is Locale {
  return (LOCALES as readonly string[]).includes(text);
}

/** Fills `{name}` placeholders; unknown placeholders are left visible so a missing value is noticed. */
export function format(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * A translator over one area's catalogue. The English catalogue defines the keys; the German one
 * must have every key (the type checks it).
 */
export function makeTranslator<K extends string>(catalogue: {
  readonly en: Readonly<Record<K, string>>;
  readonly de: Readonly<Record<K, string>>;
}): (locale: Locale, key: K, params?: Params) => string {
  return (locale, key, params) => format(catalogue[locale][key], params);
}
