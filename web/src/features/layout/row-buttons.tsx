// The small buttons at the end of a list row; ConfirmButton asks first (window.confirm) and acts only on yes.
import type { ButtonHTMLAttributes } from 'react';
import { buttonStyles } from '../../components/styles';
import { dangerButtonStyles } from './page-heading';

interface RowButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> {
  /** `danger` (red) for Delete. */
  tone?: 'secondary' | 'danger';
}

export function RowButton({ tone = 'secondary', ...button }: RowButtonProps) {
  const style = tone === 'danger' ? dangerButtonStyles : buttonStyles.secondary;
  return <button type="button" className={`${style} px-3 py-1.5`} {...button} />;
}

interface ConfirmButtonProps extends Omit<RowButtonProps, 'onClick'> {
  /** The question window.confirm asks. */
  question: string;
  onConfirm: () => void;
}

export function ConfirmButton({ question, onConfirm, ...button }: ConfirmButtonProps) {
  return (
    <RowButton
      {...button}
      onClick={() => {
        if (window.confirm(question)) onConfirm();
      }}
    />
  );
}
