/**
 * Saving a game as it is played (issue 7, DESIGN.md principle 7): after every change of the match
 * state the blind player's own scoresheet (moves, clock readings, result) and the evidence log are
 * written to the archive, so a reload or a crash loses nothing and the game can be replayed once
 * it has finished. Loaded with the first game (useSessionArchive.ts), not with the app.
 */
import { createArchive, pairedGameId, type Archive, type ArchiveSource } from '../../session/archive.ts';
import type { KeyValueStore } from '../../ports/storage.ts';
import type { MatchState, PlayerRole } from '../../match/types.ts';
import { annulledRecords, recordFromMatch, swapPlayers } from '../../record/fromMatch.ts';
import { pgnDateTags } from '../../record/times.ts';
import type { Locale } from '../../i18n/index.ts';
import { archiveTranslator } from './messages.ts';

/** What the archive needs of a match session (src/screens/local/session.ts and the paired one). */
export interface ArchivableSession {
  getState(): MatchState;
  subscribe(listener: () => void): () => void;
}

export interface SessionArchiveOptions {
  readonly id: string;
  readonly source: ArchiveSource;
  /** Whose scoresheet is kept (each player keeps his own, BL-24); default the blind player's. */
  readonly seat?: PlayerRole;
  readonly tags: Readonly<Record<string, string>>;
  readonly now: () => number;
  /** The language of the comments on annulled games and their replays. Default English. */
  readonly locale?: Locale;
  /**
   * The players' offset from UTC in minutes (east positive) at an instant: given, the record is
   * dated (PGN `Date`, `Time`, `UTCDate`, `UTCTime`) when the game began, in their time zone;
   * `deviceUtcOffset` is this device's.
   */
  readonly utcOffset?: (at: number) => number;
}

/** This device's offset from UTC at `at`, in minutes east (the players sit at the same table). */
export const deviceUtcOffset = (at: number): number => -new Date(at).getTimezoneOffset();

/**
 * When the game began: the match's first start in the log (a replay is dated with the game it
 * replaced), else `fallback`.
 */
function startOf(state: MatchState, fallback: number): number {
  for (let i = 0; i < state.log.length; i++) {
    const line = state.log.at(i);
    if (line?.what === 'startGame' && !line.refused) return line.at;
  }
  return fallback;
}

/** The players' names when none are given: "Blind player" / "Sighted player" by seat colour. */
function playerNames(state: MatchState, locale: Locale): Record<'White' | 'Black', string> {
  const t = archiveTranslator(locale);
  const blind = t('blindPlayer');
  const sighted = state.setup.pairing === 'blindVsBlind' ? blind : t('sightedPlayer');
  return state.setup.blindColor === 'w' ? { White: blind, Black: sighted } : { White: sighted, Black: blind };
}

/**
 * Keeps the archive up to date with a session: saves now and after every state change, once the
 * first move has been made (an untouched board is not a game). With `utcOffset`, the PGN `Date`
 * and `Time` are when the game began, in the players' time zone (issue 28), with `UTCDate` and
 * `UTCTime`; the given tags may name them instead. Returns the unsubscribe function.
 */
export function archiveSession(
  session: ArchivableSession,
  archive: Archive,
  options: SessionArchiveOptions,
): () => void {
  let saved: MatchState | null = null;
  let annulledSaved = 0;
  let dated: Readonly<Record<string, string>> | null = null;
  // The tags name White and Black for the colours at this moment; a game with them reversed swaps them.
  const namedFor = session.getState().setup.blindColor;
  /** The given tags, with the date and time the game began when asked (`utcOffset`), worked out once. */
  const datedTags = (state: MatchState): Readonly<Record<string, string>> => {
    if (dated === null) {
      const at = startOf(state, options.now());
      const date = options.utcOffset ? pgnDateTags(at, options.utcOffset(at)) : {};
      dated = { ...date, ...options.tags };
    }
    return dated;
  };
  const save = () => {
    const state = session.getState();
    if (state === saved) return;
    saved = state;
    const annulledIds = saveAnnulled(state);
    if (state.plies.length === 0) return;
    const tags = state.setup.blindColor === namedFor ? datedTags(state) : swapPlayers(datedTags(state));
    const record = recordFromMatch(state, options.seat ?? 'blind', tags, options.locale);
    const replayOf = annulledIds.at(-1);
    archive.save(options.id, record, {
      source: options.source,
      now: options.now(),
      inProgress: state.result === null,
      ...(replayOf === undefined ? {} : { replayOf }),
    });
    archive.saveLog(options.id, state.log.toArray());
  };
  /**
   * Each game the arbiter annulled (with at least one move) as an archive entry of its own, saved
   * once, linked to the game that replaced it; returns their ids in order.
   */
  const saveAnnulled = (state: MatchState): string[] => {
    if (state.annulled.length === 0) return [];
    const records = annulledRecords(state, datedTags(state), options.locale, namedFor);
    const kept = state.annulled.flatMap((game, i) =>
      game.moves.length > 0 && records[i]
        ? [{ game, record: records[i], id: `${options.id}-annulled-${i + 1}` }]
        : [],
    );
    kept.forEach(({ game, record, id }, k) => {
      if (k < annulledSaved) return;
      archive.save(id, record, {
        source: options.source,
        now: game.at,
        inProgress: false,
        replayedAs: kept[k + 1]?.id ?? options.id,
        ...(k > 0 && kept[k - 1] ? { replayOf: kept[k - 1]!.id } : {}),
      });
      archive.saveLog(
        id,
        state.log.filter((l) => l.at <= game.at),
      );
    });
    annulledSaved = kept.length;
    return kept.map((k) => k.id);
  };
  save();
  return session.subscribe(save);
}

/** A seat in a paired game, as this device holds it. */
export interface PairedSeat {
  readonly code: string;
  readonly role: string;
}

/**
 * Keeps a player's paired game in this device's archive as it is played, like a local game: his own
 * scoresheet, under one id per room and seat (a reload keeps one entry). Officials and spectators
 * keep no scoresheet here. Returns the unsubscribe function.
 */
export function archivePairedGame(
  game: ArchivableSession,
  seat: PairedSeat,
  store: KeyValueStore,
  now: () => number,
  locale: Locale,
): () => void {
  const role = seat.role;
  if (role !== 'blind' && role !== 'sighted') return () => {};
  return archiveSession(game, createArchive(store), {
    id: pairedGameId(seat),
    source: 'paired',
    seat: role,
    tags: { Event: 'Twinboard', ...playerNames(game.getState(), locale) },
    now,
    locale,
    utcOffset: deviceUtcOffset,
  });
}

/** What `useSessionArchive` keeps: a local or practice game, under `id`, in `store`. */
export function archiveGame(
  session: ArchivableSession & { readonly clock: { now(): number } },
  store: KeyValueStore,
  game: {
    readonly id: string;
    readonly source: ArchiveSource;
    readonly tags: Readonly<Record<string, string>>;
    readonly locale: Locale;
  },
): () => void {
  return archiveSession(session, createArchive(store), {
    id: game.id,
    source: game.source,
    tags: {
      Event: 'Twinboard',
      ...playerNames(session.getState(), game.locale),
      ...game.tags,
    },
    now: () => session.clock.now(),
    locale: game.locale,
    utcOffset: deviceUtcOffset,
  });
}
