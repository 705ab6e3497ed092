/**
 * The question a key asks before it acts where a slip would cost the game (issue 28): resigning
 * (checklist 70; Art 11.2: no key or gesture resigns by itself), offering or accepting a draw, a
 * claim. The safe answer ("play on") has the focus first; Y (or J, "ja") answers yes and N or
 * Escape no, so a player who hears the question from self-voicing answers without finding a button.
 */
import type { KeyboardEvent } from 'react';
import { Dialog } from './Dialog.tsx';

export interface ConfirmDialogProps {
  readonly title: string;
  readonly confirm: string;
  readonly cancel: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export function ConfirmDialog({ title, confirm, cancel, onConfirm, onCancel }: ConfirmDialogProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    const answer = key === 'y' || key === 'j' ? onConfirm : key === 'n' ? onCancel : null;
    if (!answer) return;
    event.preventDefault();
    answer();
  };
  return (
    <Dialog title={title} onClose={onCancel} className="confirm">
      <div className="confirm-answers" onKeyDown={onKeyDown}>
        <button type="button" onClick={onCancel} aria-keyshortcuts="N Escape">
          {cancel}
        </button>
        <button type="button" onClick={onConfirm} aria-keyshortcuts="Y J">
          {confirm}
        </button>
      </div>
    </Dialog>
  );
}
