/**
 * Why something was not done, the one place for those words in both languages: every refusal code
 * of the aperture (core), the match, the server's protocol and its finer reasons, worded by
 * `describeRefusal` in the viewer's locale and vocabulary. The codes travel; the words stay here.
 */
import type { Obligation, PieceType } from '../core/index.ts';
import { makeTranslator, type Locale, type Params } from '../i18n/index.ts';
import { describePieceType, describeSquareName, type DescribeOptions } from './describe.ts';

const en = {
  'refused.nothingToTakeBack': 'There is no move of yours to take back',
  refused: 'Not possible',
  'refused.notYourTurn': 'It is not your move',
  'refused.emptySquare': 'There is no piece there',
  'refused.handFull': 'You are already holding a piece',
  'refused.handEmpty': 'You are not holding a piece',
  'refused.nothingInHand': 'You are not holding a piece',
  'refused.notYourPiece': 'That is not your piece',
  'refused.illegalMove': 'Illegal move',
  'refused.illegalPlacement': 'The piece cannot go there',
  'refused.illegalPlacement.pieceMovement':
    'Not a legal square for the {piece}: a {piece} does not move like that',
  'refused.illegalPlacement.inCheck': 'Your king is in check; that move leaves it in check',
  'refused.illegalPlacement.wouldBeInCheck': 'Your king would be in check',
  'refused.claimNotAllowed.pieceNotBound': 'That piece cannot be moved or captured; name another',
  'refused.claimNotAllowed.captureImpossible':
    'The touched men cannot make that capture; name another capture or piece',
  'refused.claimNotAllowed.captureMade': 'That capture is the move he made; name another capture or piece',
  'refused.claimNotAllowed.notYourMove': 'Only the player having the move may claim this',
  'refused.claimNotAllowed.movePlayed':
    'The claim must be made before the move is played; put the piece back and state the move with the claim',
  'refused.claimNotAllowed.noSuchDraw':
    'These rules have no draw by insufficient material; offer a draw instead',
  'refused.claimNotAllowed.touchedSince': 'You have touched a piece yourself since; the claim is too late',
  'refused.claimNotAllowed.blindTouchedSince':
    'The blind player has touched a piece since; the claim is too late',
  'refused.claimNotAllowed.nameThePiece': 'Say which piece your opponent touched',
  'refused.claimNotAllowed.noNamedCapture':
    'These rules have no capture named by the opponent; name the touched piece',
  'refused.claimNotAllowed.cannotEnforce': 'That piece cannot be moved or captured, or it has been moved',
  'refused.badMove.statedMove': 'The move stated with the claim is not a legal move here',
  'refused.thePiece': 'piece',
  'refused.touchMove': 'You touched a piece that must be moved',
  'refused.touchObligation': 'You touched a piece that must be moved',
  'refused.touchObligation.move': 'You touched the {piece} on {square}; it must be moved',
  'refused.touchObligation.capture': 'You touched the {piece} on {square}; it must be captured',
  'refused.touchObligation.castle': 'You touched the king and the rook on {square}; you must castle with it',
  'refused.declaredMove': 'Your claim failed; you must play the move you declared',
  'refused.mustCapture': 'You touched a piece that must be captured',
  'refused.mustCastle': 'You must complete castling',
  'refused.captureNotRemoved': 'Remove the captured piece first',
  'refused.notPlaced': 'The piece is not placed yet',
  'refused.notAnnounced': 'The move is not announced yet',
  'refused.alreadyAnnounced': 'The move is already announced',
  'refused.promotionPending': 'Choose the promotion piece first',
  'refused.clockAlreadyPressed': 'The clock is already pressed',
  'refused.alreadyPressed': 'The clock is already pressed',
  'refused.gameOver': 'The game is over',
  'refused.notAuthorized': 'You may not do that',
  'refused.badIntent': 'That request was not understood',
  'refused.badSquare': 'That is not a square',
  'refused.badMove': 'That is not a move',
  'refused.notEnemyPiece': 'That is not an enemy piece',
  'refused.notRemoved': 'That piece was not removed',
  'refused.squareOccupied': 'That square is occupied',
  'refused.wrongPieceRemoved': 'That is not the captured piece',
  'refused.alreadyPlaced': 'The piece is already placed',
  'refused.castlingIncomplete': 'Place the rook to complete castling',
  'refused.noPromotionPending': 'There is no promotion to choose',
  'refused.badPromotionPiece': 'Choose queen, rook, bishop or knight',
  'refused.promotionAlreadyChosen': 'The promotion piece is already chosen',
  'refused.promotionNotChosen': 'Choose the promotion piece first',
  'refused.pieceInHand': 'Put down the piece you are holding first',
  'refused.illegalAnnouncement': 'That announcement is not a legal move',
  'refused.announcementMismatch': 'The announcement does not match the move on the board',
  'refused.promotionNotAnnounced': 'Announce the promotion piece first',
  'refused.notApplicable': 'That does not apply now',
  'refused.notEntitled': 'You are not entitled to that',
  'refused.notStarted': 'The game has not started',
  'refused.alreadyStarted': 'The game has already started',
  'refused.boardBehind': 'Your board is behind; execute the last move first',
  'refused.nothingToAnnounce': 'There is no move to announce',
  'refused.nothingToRepeat': 'There is no move to repeat',
  'refused.notRepeated': 'The move has not been repeated yet',
  'refused.nothingToExecute': 'There is no move to execute',
  'refused.illegalExecution': 'That is not the announced move',
  'refused.noDrawOffer': 'There is no draw offer',
  'refused.drawOfferOpen': 'A draw offer is already open',
  'refused.clocksStopped': 'The clocks are stopped',
  'refused.clocksRunning': 'The clocks are running',
  'refused.discrepancyOpen': 'A board difference is waiting for the arbiter',
  'refused.noDiscrepancy': 'The boards agree',
  'refused.noClaim': 'There is no claim to decide',
  'refused.notLate': 'That player is not late yet',
  'refused.noTouchNaming': 'Nobody has been asked to name a touched piece',
  'refused.noSuchPly': 'There is no such move in this game',
  'refused.notOpponentPiece': 'Lift your opponent’s piece to carry out his move',
  'refused.notOwnPiece': 'That piece does not belong to this move',
  'refused.badScore':
    'Your score was not recorded: a move in it cannot be read, or it has more moves than the game',
  'refused.claimOpen': 'A claim is waiting for the arbiter',
  'refused.claimNotAllowed': 'That claim is not allowed now',
  'refused.badTime': 'That is not a valid time',
  'refused.roleTaken': 'Someone already has that role',
  'refused.assistantConflict': 'Only one assistant may help in this game',
  'refused.fixedSetting': 'That setting cannot be changed now',
  'refused.positionNotVerified': 'The position is not verified yet',
  'refused.alreadyAgreed': 'You have already agreed',
  'refused.sealing': 'The move is being sealed',
  'refused.adjourned': 'The game is adjourned',
  'refused.notAdjourned': 'No move is being sealed',
  'refused.noSealedMove': 'Write the sealed move first',
  'refused.illegalSealedMove': 'That is not exactly one legal move',
  'refused.seatTakenElsewhere':
    'This screen no longer plays: your seat is on another screen. Nothing was sent from here.',
  // The server's own refusals (net/protocol.ts ERROR_CODES and SERVER_REASONS): its frames carry
  // the code, and the message only for its log.
  'refused.badJson': 'The message is not JSON.',
  'refused.badMessage': 'That message was not understood.',
  'refused.tooLarge': 'That message is too large.',
  'refused.rateLimited': 'Too many requests; wait a moment.',
  'refused.tooManyMessages': 'Too many messages; slow down.',
  'refused.tooManyConnections': 'Too many connections from this address.',
  'refused.tooManyRooms': 'Too many games created from this address; wait a while.',
  'refused.tooManyFailures': 'Too many failed attempts; wait a minute.',
  'refused.noSuchRoom': 'There is no game with that code.',
  'refused.notAPairingCode': 'That is not a pairing code.',
  'refused.badToken': 'That token does not belong to this game.',
  'refused.tokenInvalid': 'That token is not valid.',
  'refused.seatTaken': 'Someone already holds that role.',
  'refused.seatRefused': 'That seat cannot be taken.',
  'refused.roomFull': 'This room is full.',
  'refused.inviteNeeded': 'This role needs an invitation code from the creator or the arbiter.',
  'refused.inviteInvalid': 'That invitation code is not valid for this role.',
  'refused.seatRemoved': 'The creator of the game removed this seat.',
  'refused.notSeated': 'Join or resume a game first.',
  'refused.replayed': 'That was already accepted.',
  'refused.outOfOrder': 'That arrived out of order.',
  'refused.forbidden': 'You may not do that',
  'refused.notManager': 'Only the creator of the game or the arbiter can invite.',
  'refused.notCreator': 'Only the creator of the game can remove a seat.',
  'refused.refused': 'The rules of play do not allow that',
  'refused.ownSeat': 'The creator’s own seat cannot be removed.',
  'refused.nothingChanged': 'That changes nothing.',
  'refused.badConfig': 'The settings of the game are not valid.',
  'refused.serverError': 'The server could not handle that message.',
  'refused.notSaved': 'The server could not save that.',
  'refused.noPairingCode': 'Could not allocate a pairing code.',
} as const;

/** The key of one refusal sentence. */
export type RefusalKey = keyof typeof en;

const de: Readonly<Record<RefusalKey, string>> = {
  'refused.nothingToTakeBack': 'Es gibt keinen eigenen Zug zum Zurücknehmen',
  refused: 'Nicht möglich',
  'refused.notYourTurn': 'Sie sind nicht am Zug',
  'refused.emptySquare': 'Dort steht keine Figur',
  'refused.handFull': 'Sie halten schon eine Figur',
  'refused.handEmpty': 'Sie halten keine Figur',
  'refused.nothingInHand': 'Sie halten keine Figur',
  'refused.notYourPiece': 'Das ist nicht Ihre Figur',
  'refused.illegalMove': 'Unzulässiger Zug',
  'refused.illegalPlacement': 'Dorthin kann die Figur nicht',
  'refused.illegalPlacement.pieceMovement': 'Kein zulässiges Feld: so zieht {piece} nicht',
  'refused.illegalPlacement.inCheck': 'Ihr König steht im Schach; dieser Zug hebt es nicht auf',
  'refused.illegalPlacement.wouldBeInCheck': 'Ihr König stünde im Schach',
  'refused.claimNotAllowed.pieceNotBound':
    'Diese Figur kann weder ziehen noch geschlagen werden; nennen Sie eine andere',
  'refused.claimNotAllowed.captureImpossible':
    'Die berührten Figuren können so nicht schlagen; nennen Sie ein anderes Schlagen oder eine andere Figur',
  'refused.claimNotAllowed.captureMade':
    'Dieses Schlagen ist der Zug, den er gemacht hat; nennen Sie ein anderes Schlagen oder eine andere Figur',
  'refused.claimNotAllowed.notYourMove': 'Das darf nur der Spieler reklamieren, der am Zug ist',
  'refused.claimNotAllowed.movePlayed':
    'Die Reklamation muss vor dem Ausführen des Zuges erfolgen; stellen Sie die Figur zurück und nennen Sie den Zug mit der Reklamation',
  'refused.claimNotAllowed.noSuchDraw':
    'Diese Regeln kennen kein Remis wegen ungenügenden Materials; bieten Sie Remis an',
  'refused.claimNotAllowed.touchedSince':
    'Sie haben seitdem selbst eine Figur berührt; die Reklamation kommt zu spät',
  'refused.claimNotAllowed.blindTouchedSince':
    'Der blinde Spieler hat seitdem eine Figur berührt; die Reklamation kommt zu spät',
  'refused.claimNotAllowed.nameThePiece': 'Sagen Sie, welche Figur Ihr Gegner berührt hat',
  'refused.claimNotAllowed.noNamedCapture':
    'Diese Regeln kennen kein vom Gegner genanntes Schlagen; nennen Sie die berührte Figur',
  'refused.claimNotAllowed.cannotEnforce':
    'Diese Figur kann weder ziehen noch geschlagen werden, oder sie ist schon gezogen',
  'refused.badMove.statedMove': 'Der mit der Reklamation genannte Zug ist hier nicht zulässig',
  'refused.thePiece': 'die Figur',
  'refused.touchMove': 'Sie haben eine Figur berührt, die gezogen werden muss',
  'refused.touchObligation': 'Sie haben eine Figur berührt, die gezogen werden muss',
  'refused.touchObligation.move': 'Sie haben {piece} auf {square} berührt; diese Figur muss gezogen werden',
  'refused.touchObligation.capture':
    'Sie haben {piece} auf {square} berührt; diese Figur muss geschlagen werden',
  'refused.touchObligation.castle':
    'Sie haben den König und den Turm auf {square} berührt; Sie müssen mit ihm rochieren',
  'refused.declaredMove': 'Ihr Antrag wurde abgelehnt; Sie müssen den angesagten Zug ausführen',
  'refused.mustCapture': 'Sie haben eine Figur berührt, die geschlagen werden muss',
  'refused.mustCastle': 'Sie müssen die Rochade vollenden',
  'refused.captureNotRemoved': 'Zuerst die geschlagene Figur entfernen',
  'refused.notPlaced': 'Die Figur ist noch nicht gesetzt',
  'refused.notAnnounced': 'Der Zug ist noch nicht angesagt',
  'refused.alreadyAnnounced': 'Der Zug ist schon angesagt',
  'refused.promotionPending': 'Zuerst die Umwandlungsfigur wählen',
  'refused.clockAlreadyPressed': 'Die Uhr ist schon gedrückt',
  'refused.alreadyPressed': 'Die Uhr ist schon gedrückt',
  'refused.gameOver': 'Die Partie ist beendet',
  'refused.notAuthorized': 'Das dürfen Sie nicht',
  'refused.badIntent': 'Diese Anfrage wurde nicht verstanden',
  'refused.badSquare': 'Das ist kein Feld',
  'refused.badMove': 'Das ist kein Zug',
  'refused.notEnemyPiece': 'Das ist keine gegnerische Figur',
  'refused.notRemoved': 'Diese Figur wurde nicht entfernt',
  'refused.squareOccupied': 'Das Feld ist besetzt',
  'refused.wrongPieceRemoved': 'Das ist nicht die geschlagene Figur',
  'refused.alreadyPlaced': 'Die Figur ist schon gesetzt',
  'refused.castlingIncomplete': 'Den Turm setzen, um die Rochade zu vollenden',
  'refused.noPromotionPending': 'Es ist keine Umwandlung zu wählen',
  'refused.badPromotionPiece': 'Dame, Turm, Läufer oder Springer wählen',
  'refused.promotionAlreadyChosen': 'Die Umwandlungsfigur ist schon gewählt',
  'refused.promotionNotChosen': 'Zuerst die Umwandlungsfigur wählen',
  'refused.pieceInHand': 'Zuerst die gehaltene Figur absetzen',
  'refused.illegalAnnouncement': 'Diese Ansage ist kein legaler Zug',
  'refused.announcementMismatch': 'Die Ansage passt nicht zum Zug auf dem Brett',
  'refused.promotionNotAnnounced': 'Zuerst die Umwandlungsfigur ansagen',
  'refused.notApplicable': 'Das ist jetzt nicht möglich',
  'refused.notEntitled': 'Dazu sind Sie nicht berechtigt',
  'refused.notStarted': 'Die Partie hat noch nicht begonnen',
  'refused.alreadyStarted': 'Die Partie hat schon begonnen',
  'refused.boardBehind': 'Ihr Brett ist zurück; zuerst den letzten Zug ausführen',
  'refused.nothingToAnnounce': 'Es gibt keinen Zug zum Ansagen',
  'refused.nothingToRepeat': 'Es gibt keinen Zug zum Wiederholen',
  'refused.notRepeated': 'Der Zug wurde noch nicht wiederholt',
  'refused.nothingToExecute': 'Es gibt keinen Zug zum Ausführen',
  'refused.illegalExecution': 'Das ist nicht der angesagte Zug',
  'refused.noDrawOffer': 'Es liegt kein Remisangebot vor',
  'refused.drawOfferOpen': 'Ein Remisangebot liegt schon vor',
  'refused.clocksStopped': 'Die Uhren sind angehalten',
  'refused.clocksRunning': 'Die Uhren laufen',
  'refused.discrepancyOpen': 'Eine Brettabweichung wartet auf den Schiedsrichter',
  'refused.noDiscrepancy': 'Die Bretter stimmen überein',
  'refused.noClaim': 'Es gibt keine Reklamation zu entscheiden',
  'refused.notLate': 'Dieser Spieler ist noch nicht zu spät',
  'refused.noTouchNaming': 'Niemand wurde gebeten, eine berührte Figur zu nennen',
  'refused.noSuchPly': 'Diesen Zug gibt es in dieser Partie nicht',
  'refused.notOpponentPiece': 'Heben Sie eine Figur des Gegners, um seinen Zug auszuführen',
  'refused.notOwnPiece': 'Diese Figur gehört nicht zu diesem Zug',
  'refused.badScore':
    'Ihre Aufzeichnung wurde nicht gespeichert: ein Zug darin ist unlesbar, oder sie hat mehr Züge als die Partie',
  'refused.claimOpen': 'Eine Reklamation wartet auf den Schiedsrichter',
  'refused.claimNotAllowed': 'Diese Reklamation ist jetzt nicht zulässig',
  'refused.badTime': 'Das ist keine gültige Zeit',
  'refused.roleTaken': 'Diese Rolle ist schon vergeben',
  'refused.assistantConflict': 'In dieser Partie darf nur ein Helfer mitwirken',
  'refused.fixedSetting': 'Diese Einstellung kann jetzt nicht geändert werden',
  'refused.positionNotVerified': 'Die Stellung ist noch nicht geprüft',
  'refused.alreadyAgreed': 'Sie haben schon zugestimmt',
  'refused.sealing': 'Der Abgabezug wird geschrieben',
  'refused.adjourned': 'Die Partie ist unterbrochen',
  'refused.notAdjourned': 'Es wird kein Abgabezug geschrieben',
  'refused.noSealedMove': 'Schreiben Sie zuerst den Abgabezug',
  'refused.illegalSealedMove': 'Das ist nicht genau ein regelgemäßer Zug',
  'refused.seatTakenElsewhere':
    'Dieser Bildschirm spielt nicht mehr: Ihr Platz ist auf einem anderen Bildschirm. Von hier wurde nichts gesendet.',
  'refused.badJson': 'Die Nachricht ist kein JSON.',
  'refused.badMessage': 'Diese Nachricht wurde nicht verstanden.',
  'refused.tooLarge': 'Diese Nachricht ist zu groß.',
  'refused.rateLimited': 'Zu viele Anfragen; bitte einen Moment warten.',
  'refused.tooManyMessages': 'Zu viele Nachrichten; bitte langsamer.',
  'refused.tooManyConnections': 'Zu viele Verbindungen von dieser Adresse.',
  'refused.tooManyRooms': 'Zu viele Partien von dieser Adresse angelegt; bitte eine Weile warten.',
  'refused.tooManyFailures': 'Zu viele Fehlversuche; bitte eine Minute warten.',
  'refused.noSuchRoom': 'Es gibt keine Partie mit diesem Code.',
  'refused.notAPairingCode': 'Das ist kein Partiecode.',
  'refused.badToken': 'Dieser Schlüssel gehört nicht zu dieser Partie.',
  'refused.tokenInvalid': 'Dieser Schlüssel ist ungültig.',
  'refused.seatTaken': 'Diese Rolle hat schon jemand.',
  'refused.seatRefused': 'Dieser Platz kann nicht eingenommen werden.',
  'refused.roomFull': 'Dieser Raum ist voll.',
  'refused.inviteNeeded':
    'Diese Rolle braucht einen Einladungscode vom Ersteller der Partie oder vom Schiedsrichter.',
  'refused.inviteInvalid': 'Dieser Einladungscode gilt nicht für diese Rolle.',
  'refused.seatRemoved': 'Der Ersteller der Partie hat diesen Platz entfernt.',
  'refused.notSeated': 'Treten Sie zuerst einer Partie bei oder setzen Sie sie fort.',
  'refused.replayed': 'Das wurde schon angenommen.',
  'refused.outOfOrder': 'Das kam in falscher Reihenfolge an.',
  'refused.forbidden': 'Das dürfen Sie nicht',
  'refused.notManager': 'Nur der Ersteller der Partie oder der Schiedsrichter kann einladen.',
  'refused.notCreator': 'Nur der Ersteller der Partie kann einen Platz entfernen.',
  'refused.refused': 'Die Spielregeln erlauben das nicht',
  'refused.ownSeat': 'Der eigene Platz des Erstellers kann nicht entfernt werden.',
  'refused.nothingChanged': 'Das ändert nichts.',
  'refused.badConfig': 'Die Einstellungen der Partie sind ungültig.',
  'refused.serverError': 'Der Server konnte diese Nachricht nicht verarbeiten.',
  'refused.notSaved': 'Der Server konnte das nicht speichern.',
  'refused.noPairingCode': 'Es konnte kein Partiecode vergeben werden.',
};

const translate = makeTranslator<RefusalKey>({ en, de });

/** One refusal sentence (or `refused`, the generic one) in the UI language. */
export function refusalText(locale: Locale, key: RefusalKey, params?: Params): string {
  return translate(locale, key, params);
}

const hasRefusalText = (key: string): key is RefusalKey => key in en;

/**
 * Why an intent was refused, in the viewer's words: the reason the rules give where the catalogue
 * has one ("Your king would be in check"), else the code's sentence, else the refusal's own message
 * (a code this version does not know), else "Not possible".
 */
export function describeRefusal(
  locale: Locale,
  refusal: {
    readonly code: string;
    readonly reason?: string;
    readonly piece?: PieceType;
    readonly message?: string;
    /** For a touch-move refusal: the touched man that binds the player, named with its square. */
    readonly obligation?: Obligation;
  },
  words: DescribeOptions = {},
): string {
  const key = `refused.${refusal.code}`;
  const why = refusal.reason ? `refused.${refusal.code}.${refusal.reason}` : '';
  // Without a chosen vocabulary the piece is named in the sentence's language.
  const pieceWords: DescribeOptions =
    words.vocabulary === undefined && locale === 'de' ? { ...words, vocabulary: 'fide2018-de' } : words;
  const bound = refusal.obligation;
  const boundKey = bound ? `refused.${refusal.code}.${bound.kind}` : '';
  if (bound && hasRefusalText(boundKey))
    return translate(locale, boundKey, {
      piece: bound.kind === 'castle' ? '' : describePieceType(bound.piece.type, pieceWords),
      square: describeSquareName(bound.kind === 'castle' ? bound.rookSquare : bound.square, pieceWords),
    });
  if (why && hasRefusalText(why))
    return translate(locale, why, {
      piece: refusal.piece
        ? describePieceType(refusal.piece, pieceWords)
        : translate(locale, 'refused.thePiece'),
    });
  if (hasRefusalText(key)) return translate(locale, key);
  return refusal.message ?? translate(locale, 'refused');
}
