/** UI strings of the update prompt. */
import { makeTranslator } from '../i18n/index.ts';

const en = {
  updateRegion: 'Update',
  updateReady:
    'A new version of Twinboard is ready. It starts when you choose Update now, or the next time you open Twinboard.',
  updateNow: 'Update now',
  updateLater: 'Later',
};

const de = {
  updateRegion: 'Aktualisierung',
  updateReady:
    'Eine neue Version von Twinboard ist bereit. Sie startet, wenn Sie Jetzt aktualisieren wählen, oder beim nächsten Öffnen von Twinboard.',
  updateNow: 'Jetzt aktualisieren',
  updateLater: 'Später',
};

/** Translator for the update prompt. */
export const tOffline = makeTranslator({ en, de });
