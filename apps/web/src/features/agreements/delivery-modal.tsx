import type { ReactNode } from 'react';
import { WhatsAppIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/modal';
import { ActionButton } from './action-button';
import './delivery-modal.css';

/** One way to get the payment: download, copy, or send it somewhere. */
export interface DeliveryChoice {
  /** the action's key in the page's set of done actions */
  key: string;
  label: string;
  icon: ReactNode;
  doneText: string;
  onSelect: () => void;
}

interface DeliveryModalProps {
  open: boolean;
  title: string;
  choices: readonly DeliveryChoice[];
  done: ReadonlySet<string>;
  /** the wa.me link with the payment to send; null hides WhatsApp */
  whatsappHref: string | null;
  onWhatsapp: () => void;
  onClose: () => void;
}

/**
 * 'modalFormasEnvio' ('Selecione a forma de envio do boleto'): the page's own actions — download,
 * copy, e-mail, SMS — and WhatsApp, a plain link opening wa.me in a new tab with the payment to send.
 */
export function DeliveryModal({
  open,
  title,
  choices,
  done,
  whatsappHref,
  onWhatsapp,
  onClose,
}: DeliveryModalProps) {
  return (
    <Modal
      open={open}
      name="modalFormasEnvio"
      title={title}
      onClose={onClose}
      className="delivery-modal"
      actions={
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Fechar
        </button>
      }
    >
      <ul className="agreement-actions delivery-choices">
        {choices.map((choice) => (
          <li key={choice.key}>
            <ActionButton
              icon={choice.icon}
              label={choice.label}
              doneText={choice.doneText}
              done={done.has(choice.key)}
              onClick={choice.onSelect}
            />
          </li>
        ))}
        {whatsappHref ? (
          <li>
            <div className="agreement-action agreement-action--tile">
              <a
                className="agreement-action-button"
                href={whatsappHref}
                target="_blank"
                rel="noopener noreferrer"
                onClick={onWhatsapp}
              >
                <WhatsAppIcon className="agreement-action-icon" />
                <span>
                  Enviar por WhatsApp <span className="sr-only">(abre em nova aba)</span>
                </span>
              </a>
            </div>
          </li>
        ) : null}
      </ul>
    </Modal>
  );
}
