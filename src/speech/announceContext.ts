/**
 * What every announcement handler shares: the listener (role, colour, seat), his preferences, and
 * the few ways of putting words into an utterance. Pure.
 */
import type { Color, PieceType, Square } from '../core/index.ts';
import type { Locale, Params } from '../i18n/index.ts';
import type { Role } from '../match/types.ts';
import {
  describeSquareName,
  describePieceType,
  type DescribeMoveOptions,
  type DescribeOptions,
} from './describe.ts';
import { speechText, type SpeechMessageKey } from './messages.ts';
import { DEFAULT_VOCABULARY, VOCABULARIES, type VocabularyId } from './vocabularies.ts';
import type {
  Announceable,
  AnnounceableType,
  AnnouncePrefs,
  BoardOwner,
  EarconId,
  Politeness,
  Utterance,
  Verbosity,
} from './announceEvents.ts';

/** The listener and his preferences, with the words they choose. */
export class AnnounceContext {
  readonly locale: Locale;
  readonly vocabulary: VocabularyId;
  readonly verbosity: Verbosity;
  /** The language of the chess words (the vocabulary's), which may differ from the UI's. */
  readonly wordsLang: string;
  readonly words: DescribeOptions;
  readonly moveOptions: DescribeMoveOptions;
  /** The listener's own board, when he is a player: said as "your board". */
  readonly seat: BoardOwner | undefined;

  constructor(
    readonly role: Role,
    readonly prefs: AnnouncePrefs,
  ) {
    const vocabulary = prefs.vocabulary ?? DEFAULT_VOCABULARY;
    this.vocabulary = vocabulary;
    this.locale = prefs.locale ?? 'en';
    this.verbosity = prefs.verbosity ?? 'normal';
    this.wordsLang = VOCABULARIES[vocabulary].lang;
    this.words = { vocabulary, ...(prefs.lexicon ? { lexicon: prefs.lexicon } : {}) };
    this.moveOptions = {
      ...this.words,
      form: prefs.form ?? 'long',
      ...(prefs.announceCheck === false ? { announceCheck: false } : {}),
    };
    this.seat = role === 'blind' || role === 'sighted' ? role : undefined;
  }

  /** Whether `color` is the listener's own side. */
  own(color: Color): boolean {
    return this.prefs.player !== undefined && this.prefs.player === color;
  }

  t(key: SpeechMessageKey, params?: Params): string {
    return speechText(this.locale, key, params);
  }

  colorName(color: Color): string {
    return this.t(color === 'w' ? 'color.w' : 'color.b');
  }

  square(square: Square): string {
    return describeSquareName(square, this.words);
  }

  pieceType(piece: PieceType): string {
    return describePieceType(piece, this.words);
  }

  /** "the sighted player's board and your board": the listener's own board is his. */
  boards(owners: readonly BoardOwner[]): string {
    const names = owners.map((o) =>
      this.t(o === this.seat ? 'board.own' : o === 'blind' ? 'board.blind' : 'board.sighted'),
    );
    const [first, second] = names;
    return second ? this.t('board.both', { a: first ?? '', b: second }) : (first ?? '');
  }

  /** One utterance in the UI language (or `lang`, for chess words alone). */
  say(
    text: string,
    politeness: Politeness,
    interrupt: boolean,
    earcon?: EarconId,
    lang: string = this.locale,
  ): Utterance {
    return earcon ? { text, lang, politeness, interrupt, earcon } : { text, lang, politeness, interrupt };
  }

  /** Chess words alone (a square, a move), in the vocabulary's language. */
  sayWords(text: string, politeness: Politeness, interrupt: boolean, earcon?: EarconId): Utterance {
    return this.say(text, politeness, interrupt, earcon, this.wordsLang);
  }
}

/** The colour of the other side. */
export const other = (color: Color): Color => (color === 'w' ? 'b' : 'w');

/** The first letter in capitals ("Knight placed on …"). */
export const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The words of one kind of event for one listener (none when he is not to hear it). */
export type Handler<E> = (e: E, ctx: AnnounceContext) => Utterance[];
/** A handler for every kind of event, so a new kind cannot go unworded by oversight. */
export type Handlers = {
  readonly [T in AnnounceableType]: Handler<Extract<Announceable, { readonly type: T }>>;
};
/** For the events that have no words of their own (setup, logistics, evidence): screens show them. */
export const silent = (): Utterance[] => [];
