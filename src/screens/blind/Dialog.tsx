/**
 * A modal dialog for the blind player's screen (help, promotion, resignation, settings): a
 * labelled `role="dialog"` with `aria-modal`, focus kept inside while open and given back to the
 * board when it closes (react-aria FocusScope), Escape to close where closing is allowed.
 */
import { useId, type ReactNode } from 'react';
import { FocusScope } from 'react-aria/FocusScope';

export interface DialogProps {
  readonly title: string;
  readonly children: ReactNode;
  /** Called on Escape; omit for a dialog that must be answered (the promotion choice, BL-17). */
  readonly onClose?: () => void;
  readonly className?: string;
}

/** A modal dialog with a heading as its name. */
export function Dialog({ title, children, onClose, className }: DialogProps) {
  const titleId = useId();
  return (
    <div className="dialog-backdrop">
      <FocusScope contain restoreFocus autoFocus>
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          className={`dialog ${className ?? ''}`}
          onKeyDown={(e) => {
            e.stopPropagation();
            if (e.key === 'Escape' && onClose) {
              e.preventDefault();
              onClose();
            }
          }}
        >
          <h2 id={titleId}>{title}</h2>
          {children}
        </div>
      </FocusScope>
    </div>
  );
}
