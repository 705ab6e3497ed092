/**
 * What every paired screen is told when the boards differ, when a correction is applied and when
 * the arbiter changes the relay (issue 10): the same words for every role from speech/announce,
 * each screen's own board named "your board". They are shown on the screen and said assertively
 * through the output router (the player's choice of voice or screen reader); the blind player's
 * screen says them itself, so here they are only shown.
 */
import { useEffect, useState } from 'react';
import type { MatchEvent } from '../../match/events.ts';
import type { Role } from '../../match/types.ts';
import type { RemoteSession } from '../../session/remote.ts';
import { announce, type AnnouncePrefs, type Utterance } from '../../speech/index.ts';

const NEWS: ReadonlySet<MatchEvent['type']> = new Set([
  'discrepancy',
  'correctionApplied',
  'settingOverridden',
]);

/** The words of the news among `events` for `role` (empty when there is none). */
export function matchNews(events: readonly MatchEvent[], role: Role, prefs: AnnouncePrefs): Utterance[] {
  return announce(
    events.filter((e) => NEWS.has(e.type)),
    role,
    prefs,
  );
}

/** The latest news for this screen, told through `deliver` unless the screen says it itself. */
export function useMatchNews(
  session: RemoteSession | null,
  role: Role,
  prefs: AnnouncePrefs,
  deliver: ((utterances: readonly Utterance[]) => void) | null,
): { readonly text: string; readonly serial: number } | null {
  const [news, setNews] = useState<{ text: string; serial: number } | null>(null);
  const prefsKey = JSON.stringify(prefs);
  useEffect(() => {
    if (!session) return;
    const current = JSON.parse(prefsKey) as AnnouncePrefs;
    return session.onEvents((events) => {
      const said = matchNews(events, role, current);
      if (said.length === 0) return;
      deliver?.(said);
      setNews((n) => ({ text: said.map((u) => u.text).join(' '), serial: (n?.serial ?? 0) + 1 }));
    });
    // `deliver` is the app's output router, fixed for the screen's lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session, role, prefsKey]);
  return news;
}

/** The latest news as text on the screen (not a live region: the router says it). */
export function MatchNewsPanel(props: {
  readonly heading: string;
  readonly news: { readonly text: string; readonly serial: number } | null;
}) {
  if (!props.news) return null;
  return (
    <section className="match-news" aria-labelledby="match-news-heading">
      <h2 id="match-news-heading">{props.heading}</h2>
      <p data-testid="match-news" key={props.news.serial}>
        {props.news.text}
      </p>
    </section>
  );
}
