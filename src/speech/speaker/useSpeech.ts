/**
 * useSpeech: the React face of speech output. Give it the player's preferences and the output
 * ports; it returns `say(events)`, which announces the events and routes the utterances to the
 * speaker or the live region per the self-voicing setting (never both).
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Announcer } from '../../ports/announcer.ts';
import type { Earcons } from '../../ports/earcons.ts';
import type { Speaker } from '../../ports/speaker.ts';
import type { Role } from '../../match/types.ts';
import { announce, type Announceable, type AnnouncePrefs, type Utterance } from '../announce.ts';
import { createOutputRouter, type OutputRouter } from './outputRouter.ts';

/** The player's preferences, the output setting and the ports. */
export interface UseSpeechOptions {
  /** Whose screen this is: the events he is to hear are said. */
  readonly role: Role;
  readonly prefs: AnnouncePrefs;
  /** true: Twinboard speaks; false: the screen reader reads the live region. */
  readonly selfVoicing: boolean;
  readonly speaker: Speaker;
  readonly announcer: Announcer;
  readonly earcons?: Earcons;
}

/** What useSpeech gives a screen. */
export interface SpeechOutput {
  /** Announce events (words from announce(), sent to the chosen channel). */
  say(events: readonly Announceable[]): Utterance[];
  /** Send ready-made utterances. */
  deliver(utterances: readonly Utterance[]): void;
  router: OutputRouter;
}

/** Speech output for a screen: stable across renders, following the latest preferences. */
export function useSpeech(options: UseSpeechOptions): SpeechOutput {
  const { speaker, announcer, earcons, selfVoicing } = options;
  const router = useMemo(
    () =>
      createOutputRouter({
        speaker,
        announcer,
        ...(earcons ? { earcons } : {}),
        mode: selfVoicing ? 'selfVoicing' : 'screenReader',
      }),
    // The router is rebuilt only when the ports change; the mode is switched below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [speaker, announcer, earcons],
  );
  useEffect(() => {
    router.setMode(selfVoicing ? 'selfVoicing' : 'screenReader');
  }, [router, selfVoicing]);
  const listener = useRef({ role: options.role, prefs: options.prefs });
  useEffect(() => {
    listener.current = { role: options.role, prefs: options.prefs };
  }, [options.role, options.prefs]);
  const say = useCallback(
    (events: readonly Announceable[]) => {
      const utterances = announce(events, listener.current.role, listener.current.prefs);
      router.deliver(utterances);
      return utterances;
    },
    [router],
  );
  const deliver = useCallback((utterances: readonly Utterance[]) => router.deliver(utterances), [router]);
  return useMemo(() => ({ say, deliver, router }), [say, deliver, router]);
}
