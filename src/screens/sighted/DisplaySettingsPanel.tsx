/**
 * The low-vision display settings panel of every paired screen (the sighted player's, the
 * assistant's, the arbiter's) and the settings it reads and changes.
 */
import type { Locale } from '../../i18n/index.ts';
import { BOARD_COLORS, PIECE_SETS, type Settings } from '../../controllers/settings.ts';
import { tSighted, type SightedKey } from './messages.ts';

/** The display settings this screen reads and offers. */
export type DisplaySettings = Pick<
  Settings,
  'highContrast' | 'largeBoard' | 'boardColors' | 'pieceSet' | 'moveHints'
>;

/** A display setting changed (the app saves it and says it aloud). */
export type DisplayChange = (
  key: keyof DisplaySettings,
  value: DisplaySettings[keyof DisplaySettings],
) => void;

/**
 * The low-vision display settings, offered on every paired screen: high contrast, a large board,
 * board colours, move hints (not in competition) and, on the sighted player's own device, the
 * table layout. The app applies them to every screen (its root classes); changes are saved and
 * read aloud by the app.
 */
export function DisplaySettingsPanel(props: {
  readonly locale: Locale;
  readonly display: DisplaySettings;
  readonly onDisplayChange: DisplayChange;
  readonly hintsAllowed?: boolean;
  readonly table?: { readonly on: boolean; readonly set: (on: boolean) => void } | undefined;
}) {
  const { locale, display, onDisplayChange, hintsAllowed = true, table } = props;
  const t = (k: SightedKey) => tSighted(locale, k);
  return (
    <details className="sp-display">
      <summary>{t('display')}</summary>
      {(['highContrast', 'largeBoard'] as const).map((k) => (
        <label className="toggle" key={k}>
          <input
            type="checkbox"
            checked={display[k]}
            onChange={(e) => onDisplayChange(k, e.target.checked)}
          />{' '}
          {t(k)}
        </label>
      ))}
      <label className="toggle">
        <input
          type="checkbox"
          checked={display.moveHints && hintsAllowed}
          disabled={!hintsAllowed}
          onChange={(e) => onDisplayChange('moveHints', e.target.checked)}
        />{' '}
        {hintsAllowed ? t('moveHints') : t('hintsOffCompetition')}
      </label>
      {(
        [
          ['boardColors', BOARD_COLORS, 'colors'],
          ['pieceSet', PIECE_SETS, 'pieces'],
        ] as const
      ).map(([key, choices, prefix]) => (
        <label key={key}>
          {t(key)}{' '}
          <select
            value={display[key]}
            onChange={(e) => onDisplayChange(key, e.target.value as (typeof choices)[number])}
          >
            {choices.map((c) => (
              <option key={c} value={c}>
                {t(`${prefix}_${c}` as SightedKey)}
              </option>
            ))}
          </select>
        </label>
      ))}
      {table ? (
        <label className="toggle">
          <input type="checkbox" checked={table.on} onChange={(e) => table.set(e.target.checked)} />{' '}
          {t('tableLayout')}
        </label>
      ) : null}
    </details>
  );
}
