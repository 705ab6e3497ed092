/**
 * Resignation is always confirmed (checklist 70; Art 11.2): no key or gesture resigns by itself.
 * The safe answer ("play on") has the focus first.
 */
import { Dialog } from './Dialog.tsx';

export interface ResignDialogProps {
  readonly title: string;
  readonly confirm: string;
  readonly cancel: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export function ResignDialog({ title, confirm, cancel, onConfirm, onCancel }: ResignDialogProps) {
  return (
    <Dialog title={title} onClose={onCancel} className="resign">
      <button type="button" onClick={onCancel}>
        {cancel}
      </button>
      <button type="button" onClick={onConfirm}>
        {confirm}
      </button>
    </Dialog>
  );
}
