/**
 * The in-app help: every key of the current key map with what it does, generated from the map
 * (src/input/keymap.ts helpEntries), so rebinding a key changes the help too. Grouped lists with
 * headings, readable with a screen reader's list and heading navigation.
 */
import { ACTION_GROUPS, helpEntries, type Keymap } from '../../input/keymap.ts';
import { describeAction, describeGroup } from '../../input/actionWords.ts';
import type { Translate } from '../../speech/blindMessages.ts';
import { Dialog } from './Dialog.tsx';

export interface HelpDialogProps {
  readonly keymap: Keymap;
  readonly tr: Translate;
  readonly pieceWord: (p: 'k' | 'q' | 'r' | 'b' | 'n' | 'p') => string;
  readonly fileWord: (f: string) => string;
  readonly onClose: () => void;
}

/** The keys, as a dialog. */
export function HelpDialog({ keymap, tr, pieceWord, fileWord, onClose }: HelpDialogProps) {
  const entries = helpEntries(keymap);
  return (
    <Dialog title={tr('help')} onClose={onClose} className="help">
      <p>{tr('helpIntro', { key: keymap.help.join(tr('chordsOr')) })}</p>
      {ACTION_GROUPS.map((group) => (
        <section key={group} aria-label={describeGroup(tr, group)}>
          <h3>{describeGroup(tr, group)}</h3>
          <ul>
            {entries
              .filter((e) => e.group === group && e.chords.length > 0)
              .map((e) => (
                <li key={e.action}>
                  <kbd>{e.chords.join(tr('chordsOr'))}</kbd>:{' '}
                  {describeAction(tr, e.action, { piece: pieceWord, file: fileWord })}
                </li>
              ))}
          </ul>
        </section>
      ))}
      <button type="button" onClick={onClose}>
        {tr('close')}
      </button>
    </Dialog>
  );
}
