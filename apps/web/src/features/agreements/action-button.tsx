import { type ReactNode, useId } from 'react';
import { CheckIcon } from '../../components/ui/icons';

interface ActionButtonProps {
  icon: ReactNode;
  label: string;
  /** The accessible name when the visible label needs more context (e.g. which PIX). */
  ariaLabel?: string | undefined;
  /** Once done, the icon becomes a check and this text shows under the button (its description). */
  doneText: string;
  done: boolean;
  onClick: () => void;
  /** 'tile' in the actions grid, 'wide' under a code. */
  variant?: 'tile' | 'wide';
}

/** An action on the boleto (download, copy, send) whose icon turns into a success mark once done. */
export function ActionButton({
  icon,
  label,
  ariaLabel,
  doneText,
  done,
  onClick,
  variant = 'tile',
}: ActionButtonProps) {
  const statusId = useId();
  return (
    <div className={`agreement-action agreement-action--${variant}${done ? ' agreement-action--done' : ''}`}>
      <button
        type="button"
        className="agreement-action-button"
        aria-label={ariaLabel}
        aria-describedby={done ? statusId : undefined}
        onClick={onClick}
      >
        {done ? <CheckIcon className="agreement-action-icon" /> : icon}
        <span>{label}</span>
      </button>
      {done ? (
        <p id={statusId} className="agreement-action-status">
          {doneText}
        </p>
      ) : null}
    </div>
  );
}
