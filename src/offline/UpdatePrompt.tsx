/**
 * Offers a new version of Twinboard once it is installed: said once (politely, through the app's
 * speech outputs, so self-voicing players hear it too) and shown with two buttons. Nothing changes
 * until the player chooses "Update now"; "Later" keeps this version until Twinboard is next opened.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type FocusEvent } from 'react';
import type { Locale } from '../i18n/index.ts';
import { tOffline } from './messages.ts';
import { acceptUpdate, subscribeToUpdate, updateWaiting } from './updates.ts';

export function UpdatePrompt({ locale, say }: { locale: Locale; say: (text: string) => void }) {
  const ready = useSyncExternalStore(subscribeToUpdate, updateWaiting, () => false);
  const [later, setLater] = useState(false);
  // Where focus was before it came to the prompt, to return it there on "Later".
  const cameFrom = useRef<HTMLElement | null>(null);
  const t = (key: Parameters<typeof tOffline>[1]) => tOffline(locale, key);
  const message = t('updateReady');

  useEffect(() => {
    if (ready) say(message);
    // Said once, when the update arrives (not again when the language changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  if (!ready || later) return null;
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from;
  };
  const dismiss = () => {
    const back = cameFrom.current?.isConnected
      ? cameFrom.current
      : document.querySelector<HTMLElement>('header a');
    setLater(true);
    back?.focus();
  };
  return (
    <section className="update-prompt" aria-label={t('updateRegion')} onFocus={onFocus}>
      <p>{message}</p>
      <button type="button" onClick={acceptUpdate}>
        {t('updateNow')}
      </button>
      <button type="button" onClick={dismiss}>
        {t('updateLater')}
      </button>
    </section>
  );
}
