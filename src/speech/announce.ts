/**
 * Announcements as a pure function: `announce(events, prefs)` turns what happened (lifecycle and
 * match events, mapped to `AnnounceEvent`) into utterances with their words, language,
 * politeness, interruption and earcon (DESIGN.md principle 6). Chess words come from describe.ts,
 * everything else from messages.ts; where the words go (speaker or live region) is decided later.
 */
import { findMove, pieceAt, type Color, type Piece, type PieceType, type Square } from '../core/index.ts';
import type { Locale } from '../i18n/index.ts';
import {
  describeClock,
  describeDuration,
  describeFile,
  describeMove,
  describeMoveInfo,
  describePiece,
  describePieceType,
  describePosition,
  describeRank,
  describeSquare,
  describeSquareName,
  type DescribeOptions,
} from './describe.ts';
import { hasSpeechText, speechText } from './messages.ts';
import { DEFAULT_VOCABULARY, VOCABULARIES, type VocabularyId } from './vocabularies.ts';

export * from './announceEvents.ts';
import type {
  AnnounceEvent,
  AnnouncePrefs,
  BoardOwner,
  EarconId,
  Politeness,
  Utterance,
  Verbosity,
} from './announceEvents.ts';

interface Ctx {
  readonly locale: Locale;
  readonly vocabulary: VocabularyId;
  readonly verbosity: Verbosity;
  readonly prefs: AnnouncePrefs;
  readonly wordsLang: string;
}

/** The utterances for a batch of events, in order. Events that need no words give none. */
export function announce(events: readonly AnnounceEvent[], prefs: AnnouncePrefs = {}): Utterance[] {
  const vocabulary = prefs.vocabulary ?? DEFAULT_VOCABULARY;
  const ctx: Ctx = {
    locale: prefs.locale ?? 'en',
    vocabulary,
    verbosity: prefs.verbosity ?? 'normal',
    prefs,
    wordsLang: VOCABULARIES[vocabulary].lang,
  };
  const out: Utterance[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const next = events[i + 1];
    // A claim decided at once (no arbiter) is one sentence: said as two, the decision would cut
    // the claim off (it interrupts the speaker, and replaces the live region's text).
    if (e.type === 'claimed' && next?.type === 'claimDecided' && next.claim === e.claim) {
      const key = next.upheld ? 'claimedUpheld' : 'claimedRejected';
      const claim = speechText(ctx.locale, `claim.${e.claim}`);
      const color = speechText(ctx.locale, e.color === 'w' ? 'color.w' : 'color.b');
      out.push(say(ctx, speechText(ctx.locale, key, { color, claim }), 'assertive', true));
      i++;
      continue;
    }
    out.push(...announceOne(e, ctx));
  }
  return out;
}

/** "the sighted player's board and your board": the listener's own board is his. */
function describeBoards(ctx: Ctx, owners: readonly BoardOwner[]): string {
  const names = owners.map((o) =>
    speechText(
      ctx.locale,
      o === ctx.prefs.seat ? 'board.own' : o === 'blind' ? 'board.blind' : 'board.sighted',
    ),
  );
  const [first, second] = names;
  return second ? speechText(ctx.locale, 'board.both', { a: first ?? '', b: second }) : (first ?? '');
}

const own = (ctx: Ctx, color: Color) => ctx.prefs.player !== undefined && ctx.prefs.player === color;
const other = (color: Color): Color => (color === 'w' ? 'b' : 'w');

function say(
  ctx: Ctx,
  text: string,
  politeness: Politeness,
  interrupt: boolean,
  earcon?: EarconId,
  lang: string = ctx.locale,
): Utterance {
  return earcon ? { text, lang, politeness, interrupt, earcon } : { text, lang, politeness, interrupt };
}

/**
 * Why an intent was refused, in the viewer's words: the reason the rules give where the catalogue
 * has one ("Your king would be in check"), else the refusal's own message, else "Not done".
 */
export function describeRefusal(
  locale: Locale,
  refusal: {
    readonly code: string;
    readonly reason?: string;
    readonly piece?: PieceType;
    readonly message?: string;
  },
  words: DescribeOptions = {},
): string {
  const t = (key: Parameters<typeof speechText>[1], params?: Parameters<typeof speechText>[2]) =>
    speechText(locale, key, params);
  const key = `refused.${refusal.code}`;
  const why = refusal.reason ? `refused.${refusal.code}.${refusal.reason}` : '';
  // Without a chosen vocabulary the piece is named in the sentence's language.
  const pieceWords: DescribeOptions =
    words.vocabulary === undefined && locale === 'de' ? { ...words, vocabulary: 'fide2018-de' } : words;
  if (why && hasSpeechText(why))
    return t(why, {
      piece: refusal.piece ? describePieceType(refusal.piece, pieceWords) : t('refused.thePiece'),
    });
  if (hasSpeechText(key)) return t(key);
  return refusal.message ?? t('refused');
}

function announceOne(e: AnnounceEvent, ctx: Ctx): Utterance[] {
  const { locale, verbosity } = ctx;
  const words = { vocabulary: ctx.vocabulary, ...(ctx.prefs.lexicon ? { lexicon: ctx.prefs.lexicon } : {}) };
  const moveOptions = {
    ...words,
    form: ctx.prefs.form ?? 'long',
    ...(ctx.prefs.announceCheck === false ? { announceCheck: false } : {}),
  };
  const t = (key: Parameters<typeof speechText>[1], params?: Parameters<typeof speechText>[2]) =>
    speechText(locale, key, params);
  const colorName = (c: Color) => t(c === 'w' ? 'color.w' : 'color.b');
  const square = (sq: Square) => describeSquareName(sq, words);
  const pieceType = (p: PieceType) => describePieceType(p, words);
  const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

  switch (e.type) {
    case 'navigated': {
      if (verbosity === 'brief') {
        // Brief: name and contents only; the square colour is one key away.
        const piece = pieceAt(e.fen, e.square);
        const contents = piece ? describePiece(piece, words) : VOCABULARIES[ctx.vocabulary].empty;
        return [say(ctx, `${square(e.square)}, ${contents}`, 'polite', true, undefined, ctx.wordsLang)];
      }
      return [say(ctx, describeSquare(e.fen, e.square, words), 'polite', true, undefined, ctx.wordsLang)];
    }
    case 'boardEdge':
      return [say(ctx, verbosity === 'brief' ? '' : t('edge'), 'polite', false, 'edge')];
    case 'positionRead':
      return [
        say(
          ctx,
          describePosition(e.fen, e.by, {
            ...words,
            ...(e.perspective ? { perspective: e.perspective } : {}),
          }),
          'polite',
          true,
          undefined,
          ctx.wordsLang,
        ),
      ];
    case 'rankRead':
      return [say(ctx, describeRank(e.fen, e.rank, words), 'polite', true, undefined, ctx.wordsLang)];
    case 'fileRead':
      return [say(ctx, describeFile(e.fen, e.file, words), 'polite', true, undefined, ctx.wordsLang)];
    case 'lifted': {
      // Checklist 49: nobody is told of the opponent's touches; only his announced move.
      if (!own(ctx, e.color)) return [];
      if (verbosity === 'brief') return [say(ctx, square(e.square), 'polite', false, 'lift', ctx.wordsLang)];
      const params = { piece: pieceType(e.piece), square: square(e.square) };
      const key = e.adjusting ? 'liftedAdjusting' : e.mustMove ? 'liftedMustMove' : 'lifted';
      return [say(ctx, t(key, params), 'polite', false, 'lift')];
    }
    case 'putBack': {
      if (!own(ctx, e.color)) return [];
      if (verbosity === 'brief') return [say(ctx, square(e.square), 'polite', false, 'place', ctx.wordsLang)];
      const params = { piece: capitalized(pieceType(e.piece)), square: square(e.square) };
      if (e.bound && e.bound.square !== e.square)
        return [
          say(
            ctx,
            t('putBackOtherMustMove', {
              ...params,
              bound: pieceType(e.bound.piece),
              boundSquare: square(e.bound.square),
            }),
            'polite',
            false,
            'place',
          ),
        ];
      return [say(ctx, t(e.mustMove ? 'putBackMustMove' : 'putBack', params), 'polite', false, 'place')];
    }
    case 'captureRemoved': {
      if (!own(ctx, e.color)) return [];
      if (verbosity === 'brief')
        return [say(ctx, square(e.square), 'polite', false, 'capture', ctx.wordsLang)];
      const piece = describePiece({ color: other(e.color), type: e.piece } satisfies Piece, words);
      return [say(ctx, t('captureRemoved', { piece, square: square(e.square) }), 'polite', false, 'capture')];
    }
    case 'placed': {
      if (!own(ctx, e.color)) return [];
      if (verbosity === 'brief') return [say(ctx, square(e.to), 'polite', false, 'place', ctx.wordsLang)];
      const params = { piece: capitalized(pieceType(e.piece)), square: square(e.to) };
      return [say(ctx, t('placed', params), 'polite', false, 'place')];
    }
    case 'promotionRequested':
      if (!own(ctx, e.color)) return [];
      return [say(ctx, t('promotionRequested', { square: square(e.square) }), 'assertive', false)];
    case 'promotionChosen':
      // S85 r.1: the chosen piece is always named, whoever promotes.
      return [
        say(
          ctx,
          t('promotionChosen', { piece: pieceType(e.piece) }),
          own(ctx, e.color) ? 'polite' : 'assertive',
          false,
        ),
      ];
    case 'announced':
    case 'announcementCorrected': {
      const found = findMove(e.fen, e.uci);
      const move = found.ok
        ? describeMoveInfo(found.value, moveOptions)
        : describeMove(e.fen, e.uci, moveOptions);
      const corrected = e.type === 'announcementCorrected';
      if (own(ctx, e.color)) {
        if (corrected) return [say(ctx, t('corrected', { move }), 'polite', false)];
        return verbosity === 'brief'
          ? [say(ctx, move, 'polite', false, undefined, ctx.wordsLang)]
          : [say(ctx, t('announcedOwn', { move }), 'polite', false)];
      }
      // The opponent's move: assertive and interrupting, with an earcon for its kind.
      const info = found.ok ? found.value : undefined;
      const earcon: EarconId | undefined = info
        ? info.check
          ? 'check'
          : info.captured
            ? 'capture'
            : 'place'
        : undefined;
      if (corrected) return [say(ctx, t('corrected', { move }), 'assertive', true, earcon)];
      if (verbosity !== 'full') return [say(ctx, move, 'assertive', true, earcon, ctx.wordsLang)];
      let text = t('announcedOpponentFull', { color: colorName(e.color), move });
      if (info?.captured) {
        const piece = describePiece({ color: other(e.color), type: info.captured }, words);
        text += `; ${t('capturedPiece', { piece })}`;
      }
      return [say(ctx, text, 'assertive', true, earcon)];
    }
    case 'clockPressed':
      // Checklist 49: the app never tells a player that his opponent pressed the clock.
      if (!own(ctx, e.color) || verbosity === 'brief') return [];
      return [say(ctx, t('clockPressedOwn'), 'polite', false)];
    case 'repeated': {
      const move = describeMove(e.fen, e.uci, moveOptions);
      if (!e.matches) return [say(ctx, t('repeatedWrong', { move }), 'assertive', true, 'difference')];
      if (own(ctx, e.color)) return [];
      return verbosity === 'brief'
        ? [say(ctx, move, 'polite', false, undefined, ctx.wordsLang)]
        : [say(ctx, t('repeated', { move }), 'polite', false)];
    }
    case 'adjustDeclared':
      // BL-10: j'adoube is announced to the opponent.
      return own(ctx, e.color)
        ? [say(ctx, t('jAdoubeOwn'), 'polite', false)]
        : [say(ctx, t('jAdoubeOpponent', { color: colorName(e.color) }), 'assertive', false)];
    case 'drawOffered':
      return own(ctx, e.color)
        ? [say(ctx, t('drawOfferedOwn'), 'polite', false)]
        : [say(ctx, t('drawOfferedOpponent', { color: colorName(e.color) }), 'assertive', false)];
    case 'drawDeclined':
      return own(ctx, e.color)
        ? [say(ctx, t('drawDeclinedOwn'), 'polite', false)]
        : [say(ctx, t('drawDeclinedOpponent', { color: colorName(e.color) }), 'assertive', false)];
    case 'claimed':
      return [
        say(
          ctx,
          t('claimed', { color: colorName(e.color), claim: t(`claim.${e.claim}`) }),
          'assertive',
          false,
        ),
      ];
    case 'claimDecided':
      return [
        say(
          ctx,
          t(e.upheld ? 'claimUpheld' : 'claimRejected', { claim: t(`claim.${e.claim}`) }),
          'assertive',
          true,
        ),
      ];
    case 'flagFell':
      return [
        say(
          ctx,
          own(ctx, e.color) ? t('flagFellOwn') : t('flagFellOpponent', { color: colorName(e.color) }),
          'assertive',
          true,
          'flag',
        ),
      ];
    case 'lowTime':
      if (!own(ctx, e.color)) return [];
      return [
        say(
          ctx,
          t('lowTime', { time: describeDuration(e.remainingMs, { locale }) }),
          'assertive',
          false,
          'lowTime',
        ),
      ];
    case 'timeCue':
      if (!own(ctx, e.color)) return [];
      return [say(ctx, t('timeCue', { time: describeDuration(e.remainingMs, { locale }) }), 'polite', false)];
    case 'discrepancy': {
      if (e.rule && e.boards) {
        const boards = describeBoards(ctx, e.boards);
        const text = e.announced
          ? t('discrepancyAnnounced', {
              rule: e.rule,
              boards,
              move: describeMove(e.announced.fen, e.announced.uci, moveOptions),
            })
          : t('discrepancyOn', { rule: e.rule, boards });
        return [say(ctx, text, 'assertive', true, 'difference')];
      }
      return [
        say(
          ctx,
          verbosity === 'full' && e.differences.length > 0
            ? t('discrepancyFull', { details: e.differences.join(', ') })
            : t('discrepancy'),
          'assertive',
          true,
          'difference',
        ),
      ];
    }
    case 'correctionApplied': {
      const count =
        e.plies === 0
          ? t('correctionAppliedNone')
          : e.plies === 1
            ? t('correctionAppliedOne')
            : t('correctionApplied', { plies: e.plies });
      const reset =
        e.rule && e.boardsReset
          ? e.boardsReset.length > 0
            ? t('correctionReset', { rule: e.rule, boards: describeBoards(ctx, e.boardsReset) })
            : t('correctionNoReset', { rule: e.rule })
          : '';
      return [say(ctx, reset ? `${count}. ${reset}` : count, 'assertive', false)];
    }
    case 'relayChanged':
      return [say(ctx, t('relayChanged', { mode: t(`relayMode.${e.relay}`) }), 'assertive', false)];
    case 'takenBack':
      return [
        say(
          ctx,
          e.plies === 1
            ? t('takenBackOne', { color: t(`color.${e.toMove}`) })
            : t('takenBackMany', { color: t(`color.${e.toMove}`) }),
          'polite',
          true,
        ),
      ];
    case 'touchEnforced':
      return [
        say(
          ctx,
          e.captures === undefined
            ? t(e.takenBack ? 'touchEnforcedTakenBack' : 'touchEnforced', {
                color: colorName(e.color),
                square: square(e.square),
              })
            : t(e.takenBack ? 'touchCaptureEnforcedTakenBack' : 'touchCaptureEnforced', {
                color: colorName(e.color),
                square: square(e.square),
                target: square(e.captures),
              }),
          'assertive',
          true,
        ),
      ];
    case 'touchNamingAsked':
      return [
        say(
          ctx,
          own(ctx, e.color) ? t('touchNamingOwn') : t('touchNamingOpponent', { color: colorName(e.color) }),
          'assertive',
          true,
        ),
      ];
    case 'positionReinstated':
      return [
        say(
          ctx,
          t('positionReinstated', {
            move: Math.ceil(e.ply / 2),
            color: colorName(e.color),
            square: square(e.square),
          }),
          'assertive',
          true,
        ),
      ];
    case 'gameAnnulled':
      return [
        say(
          ctx,
          // The listener's colour in the new game: the other one, when they were reversed.
          e.coloursReversed && ctx.prefs.player !== undefined
            ? t('gameAnnulledColours', { color: colorName(other(ctx.prefs.player)) })
            : t('gameAnnulled'),
          'assertive',
          true,
        ),
      ];
    case 'coloursReversedStands':
      return [say(ctx, t('coloursReversedStands'), 'assertive', false)];
    case 'bothFlagsFell':
      return [say(ctx, t('bothFlagsFell'), 'assertive', true, 'flag')];
    case 'competitionSet':
      return [say(ctx, t(e.on ? 'competitionOn' : 'competitionOff'), 'assertive', false)];
    case 'scoreWritten':
      return [say(ctx, t('scoreWritten', { moves: e.moves }), 'polite', false)];
    case 'clocksStopped':
      return [say(ctx, t('clocksStopped'), 'assertive', false)];
    case 'clocksResumed':
      return [say(ctx, t('clocksResumed'), 'polite', false)];
    case 'movesMade':
      // BL-31 / S85 r.9(d): only on request; never volunteered.
      if (!e.requested) return [];
      return [say(ctx, t('movesMade', { white: e.moves.w, black: e.moves.b }), 'polite', true)];
    case 'timeUsed': {
      if (!e.requested) return [];
      const used = describeClock(e.usedMs, { locale });
      return [
        say(
          ctx,
          e.remainingMs
            ? t('timeUsedRemaining', { used, remaining: describeClock(e.remainingMs, { locale }) })
            : t('timeUsed', { used }),
          'polite',
          true,
        ),
      ];
    }
    case 'refused': {
      const text = verbosity === 'brief' ? t('refused') : describeRefusal(locale, e, words);
      return [say(ctx, text, 'assertive', true, 'illegal')];
    }
    case 'gameStarted':
      return [
        say(ctx, t('gameStarted', { color: colorName(e.color), edition: e.edition }), 'assertive', false),
      ];
    case 'gameResumed': {
      const parts = [t('gameResumed')];
      parts.push(
        e.hand
          ? t('resumedHolding', { piece: pieceType(e.hand.piece), square: square(e.hand.square) })
          : t('resumedColor', { color: colorName(e.color) }),
      );
      return [say(ctx, parts.join(' '), 'assertive', true)];
    }
    case 'gameEnded':
      return [
        say(
          ctx,
          t('gameEnded', { score: t(`score.${e.score}`), reason: t(`reason.${e.reason}`) }),
          'assertive',
          true,
        ),
      ];
  }
}
