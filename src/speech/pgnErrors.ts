/**
 * Why a PGN text, or one game of it, could not be read, the one place for those words in both
 * languages: every code of the core's PgnError (core/pgn.ts), worded by `describePgnError` in the
 * reader's locale with where it is ("Game 3, line 41: ") and why; a bad move's why is the notation's
 * own words (notationErrors.ts). The English sentences are the ones the core used to write itself.
 */
import type { PgnError } from '../core/index.ts';
import { makeTranslator, type Locale, type Params } from '../i18n/index.ts';
import { describeFenProblem, describeNotationError } from './notationErrors.ts';

const en = {
  atLine: 'Line {line}: {why}',
  atGameLine: 'Game {game}, line {line}: {why}',
  empty: 'The PGN text is empty.',
  noGame: 'The PGN text contains no game.',
  noMoves: 'there is no game here.',
  multipleGames: 'The text holds {count, plural, one {# game} other {# games}}; import it as a database.',
  badTag: 'the tag is malformed (expected [Name "value"]).',
  unterminatedComment: 'a comment opened here is never closed.',
  unterminatedVariation: 'a variation opened here is never closed.',
  unexpectedToken: 'unexpected “{token}”.',
  lonelyDollar: '“$” must be followed by a number.',
  unopenedVariation: 'a variation is closed that was never opened.',
  invalidFen: 'the FEN tag is not a valid position: {fen}',
  badMove: 'ply {ply} ({number}{dots} {move}, {side}): {why}',
  white: 'White',
  black: 'Black',
  truncated:
    'the moves end without the result {result} that the Result tag announces; the game text seems cut off.',
  variant: 'the game is {variant}, not standard chess; only standard chess can be imported.',
} as const;

/** The key of one sentence (or part of one) about a PGN text. */
type PgnKey = keyof typeof en;

const de: Readonly<Record<PgnKey, string>> = {
  atLine: 'Zeile {line}: {why}',
  atGameLine: 'Partie {game}, Zeile {line}: {why}',
  empty: 'Der PGN-Text ist leer.',
  noGame: 'Der PGN-Text enthält keine Partie.',
  noMoves: 'hier steht keine Partie.',
  multipleGames:
    'Der Text enthält {count, plural, one {# Partie} other {# Partien}}; importieren Sie ihn als Datenbank.',
  badTag: 'der Tag ist fehlerhaft (erwartet: [Name "Wert"]).',
  unterminatedComment: 'ein hier geöffneter Kommentar wird nie geschlossen.',
  unterminatedVariation: 'eine hier geöffnete Variante wird nie geschlossen.',
  unexpectedToken: 'unerwartetes „{token}“.',
  lonelyDollar: 'auf „$“ muss eine Zahl folgen.',
  unopenedVariation: 'eine Variante wird geschlossen, die nie geöffnet wurde.',
  invalidFen: 'der FEN-Tag ist keine gültige Stellung: {fen}',
  badMove: 'Halbzug {ply} ({number}{dots} {move}, {side}): {why}',
  white: 'Weiß',
  black: 'Schwarz',
  truncated:
    'die Züge enden ohne das Ergebnis {result}, das der Result-Tag ankündigt; der Partietext scheint abgeschnitten.',
  variant: 'die Partie ist {variant}, kein normales Schach; nur normales Schach kann importiert werden.',
};

const translate = makeTranslator<PgnKey>({ en, de });

/**
 * A PGN error in the reader's words: where (the game and line, when known) and why ("Game 21,
 * line 9: ply 3 (2. Ke3, White): “Ke3”: no king can move to e3.").
 */
export function describePgnError(locale: Locale, e: PgnError): string {
  const why = whyPgn(locale, e);
  if (e.line === undefined) return why;
  return e.gameNumber === undefined
    ? translate(locale, 'atLine', { line: e.line, why })
    : translate(locale, 'atGameLine', { game: e.gameNumber, line: e.line, why });
}

/** The reason alone: a whole sentence for the text as a whole, else one that follows "Line n: ". */
function whyPgn(locale: Locale, e: PgnError): string {
  const t = (key: PgnKey, params?: Params) => translate(locale, key, params);
  switch (e.code) {
    case 'empty':
      return t('empty');
    case 'noMoves':
      return e.line === undefined ? t('noGame') : t('noMoves');
    case 'multipleGames':
      return t('multipleGames', { count: e.games ?? 2 });
    case 'unexpectedToken':
      return e.token === '$'
        ? t('lonelyDollar')
        : e.token === ')'
          ? t('unopenedVariation')
          : t('unexpectedToken', { token: e.token ?? '' });
    case 'invalidFen':
      return t('invalidFen', { fen: describeFenProblem(locale, e.fen ?? { problem: 'invalid' }) });
    case 'unreadableMove':
    case 'illegalMove':
      return t('badMove', {
        ply: e.ply ?? '?',
        number: e.moveNumber ?? '?',
        dots: e.side === 'b' ? '...' : '.',
        move: e.move ?? '',
        side: t(e.side === 'b' ? 'black' : 'white'),
        why: e.moveError ? describeNotationError(locale, e.moveError) : '',
      });
    case 'truncated':
      return t('truncated', { result: e.result ?? '*' });
    case 'variant':
      return t('variant', { variant: e.variant ?? '' });
    case 'badTag':
    case 'unterminatedComment':
    case 'unterminatedVariation':
      return t(e.code);
  }
}
