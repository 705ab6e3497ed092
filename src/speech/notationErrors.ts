/**
 * Why a move text or a position was not accepted, the one place for those words in both languages:
 * every case of the core's NotationError (core/notation/types.ts) and FenProblem (core/rules.ts),
 * worded by `describeNotationError` / `describeFenProblem` in the reader's locale. The core sends
 * the code, the case and its facts; the words stay here (issue 27). The English sentences are the
 * ones the core used to write itself.
 */
import type { Color, FenProblem, Notation, NotationError, PieceType } from '../core/index.ts';
import { makeTranslator, type Locale, type Params } from '../i18n/index.ts';

const en = {
  noMove: 'No move was given.',
  badPosition: 'The position is not valid: {fen}',
  noFen: 'no FEN',
  notAMove: '“{text}” is not a move.',
  notationsDisagree: '“{text}” reads differently in {readings}: choose a notation.',
  reading: '{notation} ({san})',
  and: ' and ',
  or: ' or ',
  unknownNotation: '“{text}” is not a notation Twinboard knows.',
  notALetter: '“{letter}” cannot be a piece letter: use one capital other than O or X, or a figurine.',
  sharedLetter: 'Two pieces share a letter in {letters}.',
  notFromTo: '“{text}” is not a move in from-to form.',
  notLegalUci: '{text} is not a legal move here.',
  noPiece: 'There is no piece on {from}.',
  notYourPiece: "The {piece} on {from} is {color}'s; it is {turn} to move.",
  gameOver: 'The game is over: {ending}.',
  cannotMove: '{from}-{to}: the {piece} on {from} cannot move to {to}.{check}',
  inCheck: " {color}'s king is in check.",
  notLegalHere: 'That is not a legal move here.',
  severalMoves: 'That could be more than one move.',
  promotionNotLegal: 'That promotion is not a legal move here.',
  noUedemannPromotion:
    'The Uedemann code (000 Supp. 2B; 002 Supp. 3B) has no form for a promotion; write it in algebraic notation or as a correspondence number.',
  notAPromotion: '{from}-{to} is not a promotion, so no new piece ({piece}) can be named.',
  promotionPieceMissing:
    '{from}-{to} promotes the pawn: say which piece it becomes (queen, rook, bishop or knight).',
  notAPieceLetter: '“{letter}” is not a piece letter.',
  notAUciPromotion: '“{letter}” is not a piece a pawn can become (q, r, b or n).',
  notAPromotionPiece: 'A pawn cannot become a {piece}: choose a queen, rook, bishop or knight.',
  'castlingIllegal.king': 'Castling king-side (O-O) is not legal here.',
  'castlingIllegal.queen': 'Castling queen-side (O-O-O) is not legal here.',
  notEnPassant: '{san} is not an en-passant capture.',
  nothingCaptured: '{san} captures nothing, but the text says “x”.',
  thatMove: 'That move',
  otherPiece: 'The piece on {from} is a {piece}, not a {named}.',
  otherLetter: 'The piece on {from} is a {piece}, not a {letter}.',
  pawnCaptureNeedsFile:
    '“{text}”: no pawn can move straight to {to}; a pawn capture names its file, like {example}.',
  whichPiece: '“{text}” could be {sans}: say which piece moves.',
  notSan: '“{text}” is not a move in algebraic notation.{hint}',
  capitals: ' Piece letters are capitals: did you mean {capitals}?',
  example: ' Write it like {knight}f3, e4, exd5 or O-O.',
  noSuchMove: '“{text}”: no {piece}{origin} can move to {to}.{over}{bishop}',
  origin: ' from {origin}',
  over: ' The game is over: {ending}.',
  bishopHint: ' (A lowercase b is the b-file; a bishop is a capital B.)',
  notLong: '“{text}” is not a move in long algebraic form (like Ng1-f3 or e4xd5).',
  notUci: '“{text}” is not a UCI move (like e2e4 or e7e8q).',
  notCorrespondence: '“{text}” is not a correspondence number (four digits, like 5254).',
  notUedemann: '“{text}” is not a Uedemann group (four letters, like GEGO).',
  notADigitSquare: '{digits} is not a square: files and ranks are 1 to 8.',
  notADigitFile: '{digit} is not a file: files are 1 to 8.',
  digitPromotion:
    'The pawn on {from} promotes: write its arrival file, then 1 for a queen, 2 rook, 3 bishop or 4 knight (like {example}).',
  notAUedemannSquare:
    '“{pair}” is not a square in the Uedemann code (a consonant for the file, then A, E, I or O).',
  checkmate: 'checkmate',
  stalemate: 'stalemate',
  white: 'White',
  black: 'Black',
  'notation.san': 'san',
  'notation.long': 'long',
  'notation.uci': 'uci',
  'notation.correspondence': 'correspondence',
  'notation.uedemann': 'uedemann',
  'fen.empty': 'The position is empty.',
  'fen.fields': 'Invalid FEN: must contain six space-delimited fields',
  'fen.moveNumber': 'Invalid FEN: move number must be a positive integer',
  'fen.halfmoveClock': 'Invalid FEN: half move counter number must be a non-negative integer',
  'fen.enPassantSquare': 'Invalid FEN: en-passant square is invalid',
  'fen.castling': 'Invalid FEN: castling availability is invalid',
  'fen.sideToMove': 'Invalid FEN: side-to-move is invalid',
  'fen.rows': "Invalid FEN: piece data does not contain 8 '/'-delimited rows",
  'fen.consecutiveDigits': 'Invalid FEN: piece data is invalid (consecutive number)',
  'fen.unknownPiece': 'Invalid FEN: piece data is invalid (invalid piece)',
  'fen.rankLength': 'Invalid FEN: piece data is invalid (too many squares in rank)',
  'fen.enPassantRank': 'Invalid FEN: illegal en-passant square',
  'fen.missingKing': 'Invalid FEN: missing {color} king',
  'fen.tooManyKings': 'Invalid FEN: too many {color} kings',
  'fen.pawnsOnEdge': 'Invalid FEN: some pawns are on the edge rows',
  'fen.invalid': 'Invalid FEN.',
  'fen.white': 'white',
  'fen.black': 'black',
} as const;

/** The key of one sentence (or part of one) about a move text or a position. */
type NotationKey = keyof typeof en;

const de: Readonly<Record<NotationKey, string>> = {
  noMove: 'Es wurde kein Zug angegeben.',
  badPosition: 'Die Stellung ist ungültig: {fen}',
  noFen: 'keine FEN',
  notAMove: '„{text}“ ist kein Zug.',
  notationsDisagree: '„{text}“ lässt sich verschieden lesen, {readings}: wählen Sie eine Notation.',
  reading: 'in {notation} als {san}',
  and: ' und ',
  or: ' oder ',
  unknownNotation: '„{text}“ ist keine Notation, die Twinboard kennt.',
  notALetter:
    '„{letter}“ kann kein Figurenbuchstabe sein: nehmen Sie einen Großbuchstaben außer O und X oder ein Figurensymbol.',
  sharedLetter: 'Zwei Figuren haben denselben Buchstaben in {letters}.',
  notFromTo: '„{text}“ ist kein Zug in der Form Ausgangsfeld, Zielfeld.',
  notLegalUci: '{text} ist hier kein regelgemäßer Zug.',
  noPiece: 'Auf {from} steht keine Figur.',
  notYourPiece: 'Auf {from} steht {aPiece} von {color}; {turn} ist am Zug.',
  gameOver: 'Die Partie ist beendet: {ending}.',
  cannotMove: '{from}-{to}: {thePiece} auf {from} kann nicht nach {to} ziehen.{check}',
  inCheck: ' Der König von {color} steht im Schach.',
  notLegalHere: 'Das ist hier kein regelgemäßer Zug.',
  severalMoves: 'Das kann mehr als ein Zug sein.',
  promotionNotLegal: 'Diese Umwandlung ist hier kein regelgemäßer Zug.',
  noUedemannPromotion:
    'Der Uedemann-Code (000 Supp. 2B; 002 Supp. 3B) hat keine Form für eine Umwandlung; schreiben Sie den Zug algebraisch oder als Fernschach-Zahl.',
  notAPromotion: '{from}-{to} ist keine Umwandlung, also kann keine neue Figur ({piece}) genannt werden.',
  promotionPieceMissing:
    '{from}-{to} wandelt den Bauern um: sagen Sie, welche Figur er wird (Dame, Turm, Läufer oder Springer).',
  notAPieceLetter: '„{letter}“ ist kein Figurenbuchstabe.',
  notAUciPromotion: '„{letter}“ ist keine Figur, in die sich ein Bauer umwandeln kann (q, r, b oder n).',
  notAPromotionPiece: 'Ein Bauer kann {noPiece} werden: wählen Sie Dame, Turm, Läufer oder Springer.',
  'castlingIllegal.king': 'Die kurze Rochade (O-O) ist hier nicht regelgemäß.',
  'castlingIllegal.queen': 'Die lange Rochade (O-O-O) ist hier nicht regelgemäß.',
  notEnPassant: '{san} ist kein Schlagen en passant.',
  nothingCaptured: '{san} schlägt nichts, aber der Text sagt „x“.',
  thatMove: 'Dieser Zug',
  otherPiece: 'Auf {from} steht {aPiece}, {noNamed}.',
  otherLetter: 'Auf {from} steht {aPiece}, nicht „{letter}“.',
  pawnCaptureNeedsFile:
    '„{text}“: kein Bauer kann geradeaus nach {to} ziehen; wenn ein Bauer schlägt, wird seine Linie genannt, wie {example}.',
  whichPiece: '„{text}“ kann {sans} sein: sagen Sie, welche Figur zieht.',
  notSan: '„{text}“ ist kein Zug in algebraischer Notation.{hint}',
  capitals: ' Figurenbuchstaben sind groß: meinten Sie {capitals}?',
  example: ' Schreiben Sie ihn wie {knight}f3, e4, exd5 oder O-O.',
  noSuchMove: '„{text}“: {noPiece}{origin} kann nach {to} ziehen.{over}{bishop}',
  origin: ' von {origin}',
  over: ' Die Partie ist beendet: {ending}.',
  bishopHint: ' (Ein kleines b ist die b-Linie; ein Läufer ist ein großes B.)',
  notLong: '„{text}“ ist kein Zug in langer algebraischer Form (wie Ng1-f3 oder e4xd5).',
  notUci: '„{text}“ ist kein UCI-Zug (wie e2e4 oder e7e8q).',
  notCorrespondence: '„{text}“ ist keine Fernschach-Zahl (vier Ziffern, wie 5254).',
  notUedemann: '„{text}“ ist keine Uedemann-Gruppe (vier Buchstaben, wie GEGO).',
  notADigitSquare: '{digits} ist kein Feld: Linien und Reihen gehen von 1 bis 8.',
  notADigitFile: '{digit} ist keine Linie: Linien gehen von 1 bis 8.',
  digitPromotion:
    'Der Bauer auf {from} wandelt sich um: schreiben Sie seine Ziellinie, dann 1 für eine Dame, 2 Turm, 3 Läufer oder 4 Springer (wie {example}).',
  notAUedemannSquare:
    '„{pair}“ ist kein Feld im Uedemann-Code (ein Konsonant für die Linie, dann A, E, I oder O).',
  checkmate: 'Schachmatt',
  stalemate: 'Patt',
  white: 'Weiß',
  black: 'Schwarz',
  'notation.san': 'kurzer algebraischer Notation',
  'notation.long': 'langer algebraischer Notation',
  'notation.uci': 'UCI',
  'notation.correspondence': 'Fernschach-Zahlen',
  'notation.uedemann': 'Uedemann-Code',
  'fen.empty': 'Die Stellung ist leer.',
  'fen.fields': 'Ungültige FEN: sie braucht sechs durch Leerzeichen getrennte Felder',
  'fen.moveNumber': 'Ungültige FEN: die Zugnummer muss eine positive ganze Zahl sein',
  'fen.halfmoveClock': 'Ungültige FEN: der Halbzugzähler muss eine nicht negative ganze Zahl sein',
  'fen.enPassantSquare': 'Ungültige FEN: das En-passant-Feld ist ungültig',
  'fen.castling': 'Ungültige FEN: das Rochaderecht ist ungültig',
  'fen.sideToMove': 'Ungültige FEN: die Seite am Zug ist ungültig',
  'fen.rows': 'Ungültige FEN: die Figurenstellung hat nicht 8 durch „/“ getrennte Reihen',
  'fen.consecutiveDigits': 'Ungültige FEN: die Figurenstellung ist ungültig (zwei Ziffern hintereinander)',
  'fen.unknownPiece': 'Ungültige FEN: die Figurenstellung ist ungültig (unbekannte Figur)',
  'fen.rankLength': 'Ungültige FEN: die Figurenstellung ist ungültig (zu viele Felder in einer Reihe)',
  'fen.enPassantRank': 'Ungültige FEN: unzulässiges En-passant-Feld',
  'fen.missingKing': 'Ungültige FEN: der {color} König fehlt',
  'fen.tooManyKings': 'Ungültige FEN: zu viele {color} Könige',
  'fen.pawnsOnEdge': 'Ungültige FEN: Bauern stehen auf der ersten oder achten Reihe',
  'fen.invalid': 'Ungültige FEN.',
  'fen.white': 'weiße',
  'fen.black': 'schwarze',
};

const translate = makeTranslator<NotationKey>({ en, de });

/** A piece's name in the sentence's language, with the forms German needs (the, a, no). */
const PIECES: Readonly<
  Record<Locale, Readonly<Record<PieceType, readonly [string, string, string, string]>>>
> = {
  // [name, the …, a …, no …]
  en: {
    k: ['king', 'the king', 'a king', 'no king'],
    q: ['queen', 'the queen', 'a queen', 'no queen'],
    r: ['rook', 'the rook', 'a rook', 'no rook'],
    b: ['bishop', 'the bishop', 'a bishop', 'no bishop'],
    n: ['knight', 'the knight', 'a knight', 'no knight'],
    p: ['pawn', 'the pawn', 'a pawn', 'no pawn'],
  },
  de: {
    k: ['König', 'der König', 'ein König', 'kein König'],
    q: ['Dame', 'die Dame', 'eine Dame', 'keine Dame'],
    r: ['Turm', 'der Turm', 'ein Turm', 'kein Turm'],
    b: ['Läufer', 'der Läufer', 'ein Läufer', 'kein Läufer'],
    n: ['Springer', 'der Springer', 'ein Springer', 'kein Springer'],
    p: ['Bauer', 'der Bauer', 'ein Bauer', 'kein Bauer'],
  },
};

/** Any piece, where the text names none: the same forms. */
const ANY_PIECE: Readonly<Record<Locale, readonly [string, string, string, string]>> = {
  en: ['piece', 'the piece', 'a piece', 'no piece'],
  de: ['Figur', 'die Figur', 'eine Figur', 'keine Figur'],
};

/** The piece's words as template parameters: {piece}, {thePiece}, {aPiece}, {noPiece}. */
function pieceParams(
  locale: Locale,
  type: PieceType | undefined,
): { piece: string; thePiece: string; aPiece: string; noPiece: string } {
  const [piece, thePiece, aPiece, noPiece] = type === undefined ? ANY_PIECE[locale] : PIECES[locale][type];
  return { piece, thePiece, aPiece, noPiece };
}

const colorName = (locale: Locale, color: Color) => translate(locale, color === 'w' ? 'white' : 'black');
const notationName = (locale: Locale, notation: Notation) => translate(locale, `notation.${notation}`);

/** What is wrong with a position ("Invalid FEN: missing white king"), in the reader's words. */
export function describeFenProblem(locale: Locale, fen: FenProblem): string {
  if (fen.problem === 'missingKing' || fen.problem === 'tooManyKings')
    return translate(locale, `fen.${fen.problem}`, {
      color: translate(locale, fen.color === 'w' ? 'fen.white' : 'fen.black'),
    });
  return translate(locale, `fen.${fen.problem}`);
}

/**
 * Why a move text was not accepted (or a move could not be written), in the reader's words: the
 * sentence of its case, with its squares, letters and pieces ("“Ke3”: no king can move to e3.").
 */
export function describeNotationError(locale: Locale, e: NotationError): string {
  const t = (key: NotationKey, params?: Params) => translate(locale, key, params);
  switch (e.reason) {
    case 'badPosition':
      return t('badPosition', { fen: e.fen ? describeFenProblem(locale, e.fen) : t('noFen') });
    case 'notationsDisagree': {
      const readings = e.readings.map((r) =>
        t('reading', { notation: notationName(locale, r.notation), san: r.san }),
      );
      return t('notationsDisagree', { text: e.text, readings: readings.join(t('and')) });
    }
    case 'sharedLetter':
      return t('sharedLetter', { letters: e.letters.join(' ') });
    case 'notYourPiece':
      return t('notYourPiece', {
        ...pieceParams(locale, e.piece),
        from: e.from,
        color: colorName(locale, e.color),
        turn: colorName(locale, e.turn),
      });
    case 'gameOver':
      return t('gameOver', { ending: t(e.ending) });
    case 'cannotMove':
      return t('cannotMove', {
        ...pieceParams(locale, e.piece),
        from: e.from,
        to: e.to,
        check: e.inCheck ? t('inCheck', { color: colorName(locale, e.inCheck) }) : '',
      });
    case 'notAPromotion':
      return t('notAPromotion', { ...pieceParams(locale, e.promotion), from: e.from, to: e.to });
    case 'notAPromotionPiece':
      return t('notAPromotionPiece', pieceParams(locale, e.piece));
    case 'castlingIllegal':
      return t(`castlingIllegal.${e.side}`);
    case 'nothingCaptured':
      return t('nothingCaptured', { san: e.san ?? t('thatMove') });
    case 'otherPiece':
      return describeOtherPiece(locale, e);
    case 'whichPiece':
      return t('whichPiece', { text: e.text, sans: e.sans.join(t('or')) });
    case 'notSan':
      return t('notSan', {
        text: e.text,
        hint:
          e.capitals !== undefined
            ? t('capitals', { capitals: e.capitals })
            : e.knight !== undefined
              ? t('example', { knight: e.knight })
              : '',
      });
    case 'noSuchMove':
      return describeNoSuchMove(locale, e);
    default:
      return t(e.reason, factsOf(e));
  }
}

/** The facts of a case whose sentence takes them as they are (texts, squares, letters, digits). */
function factsOf(e: NotationError): Params {
  const facts: Record<string, string> = {};
  for (const [name, value] of Object.entries(e)) if (typeof value === 'string') facts[name] = value;
  return facts;
}

/** "The piece on g1 is a knight, not a bishop." */
function describeOtherPiece(locale: Locale, e: Extract<NotationError, { reason: 'otherPiece' }>): string {
  const piece = pieceParams(locale, e.piece);
  if (e.named === undefined)
    return translate(locale, 'otherLetter', { ...piece, from: e.from, letter: e.letter });
  const named = pieceParams(locale, e.named);
  return translate(locale, 'otherPiece', {
    ...piece,
    from: e.from,
    named: named.piece,
    noNamed: named.noPiece,
  });
}

/** "“Ke3”: no king can move to e3.", with the origin the text gave and the hints that apply. */
function describeNoSuchMove(locale: Locale, e: Extract<NotationError, { reason: 'noSuchMove' }>): string {
  const t = (key: NotationKey, params?: Params) => translate(locale, key, params);
  return t('noSuchMove', {
    ...pieceParams(locale, e.piece),
    text: e.text,
    origin: e.origin === '' ? '' : t('origin', { origin: e.origin }),
    to: e.to,
    over: e.ending ? t('over', { ending: t(e.ending) }) : '',
    bishop: e.bishopHint ? t('bishopHint') : '',
  });
}
