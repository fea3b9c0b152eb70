import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal.tsx';

/**
 * A secret the server gives once (an authenticator secret, an operator key): in a dialog that says
 * so, in a monospace field to copy, with a way to copy it by hand when the clipboard is off.
 */
export function SecretDialog({
  open,
  title,
  lead,
  secretLabel,
  secret,
  children,
  onClose,
}: {
  open: boolean;
  title: string;
  /** What the secret is for, before the field. */
  lead: ReactNode;
  secretLabel: string;
  secret: string;
  /** More after the field (the otpauth URI). */
  children?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={title} onClose={onClose} className="secret-dialog">
      <p className="notice">
        <strong>{t('secret.once')}</strong>
      </p>
      <div className="modal-body">{lead}</div>
      <CopyField label={secretLabel} value={secret} />
      {children}
      <div className="modal-actions">
        <button type="button" className="button primary" onClick={onClose}>
          {t('secret.done')}
        </button>
      </div>
    </Modal>
  );
}

/** A read-only monospace field and its Copy button; focus selects it all for a copy by hand. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // No clipboard (a page not on HTTPS, a refused permission): the text is selected instead.
      ref.current?.focus();
      ref.current?.select();
      setCopied('no');
    }
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-row">
        <input
          id={id}
          ref={ref}
          className="secret"
          readOnly
          value={value}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-status`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button" onClick={() => void copy()}>
          {t('secret.copy')} <span className="visually-hidden">{label}</span>
        </button>
      </div>
      <span className="field-hint" id={`${id}-status`} aria-live="polite">
        {copied === 'yes' ? t('secret.copied') : copied === 'no' ? t('secret.copyByHand') : ''}
      </span>
    </div>
  );
}
