/**
 * React: archive a game for the life of the component (sessionArchiver.ts), loading the archive
 * and its PGN writer with the first game rather than with the app (the start budget, issue 5).
 */
import { useEffect, useState } from 'react';
import type { ArchiveSource } from '../../session/archive.ts';
import { makeGameId } from '../../session/gameIds.ts';
import { localStore, type KeyValueStore } from '../../ports/storage.ts';
import type { Locale } from '../../i18n/index.ts';
import type { ArchivableSession } from './sessionArchiver.ts';

/**
 * React: archive this session for the life of the component. `tags` name the players and the event;
 * the store defaults to the browser's local storage. Returns the game's archive id (the audio
 * recording is saved under it).
 */
export function useSessionArchive(
  session: ArchivableSession & { readonly clock: { now(): number } },
  source: ArchiveSource,
  tags: Readonly<Record<string, string>> = {},
  store?: KeyValueStore,
  locale: Locale = 'en',
  /** The game's id (a local game is archived under its session's id, so it can be resumed). */
  gameId?: string,
): string {
  const [id] = useState(() => gameId ?? makeGameId(session.clock.now(), Math.random()));
  useEffect(
    () => {
      let stop: (() => void) | undefined;
      let ended = false;
      import('./sessionArchiver.ts').then(
        (m) => {
          if (!ended) stop = m.archiveGame(session, store ?? localStore(), { id, source, tags, locale });
        },
        (e: unknown) => console.error('twinboard: the archive could not be loaded', e),
      );
      return () => {
        ended = true;
        stop?.();
      };
    },
    // The tags, store and locale are read when the session starts; later renders pass equal values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [session, id, source],
  );
  return id;
}
