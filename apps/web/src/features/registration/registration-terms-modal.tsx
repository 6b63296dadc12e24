import { useRef, useState } from 'react';
import { PrivacyNoticeText, TermsOfUseText } from '../../components/content/legal-texts';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { Modal } from '../../components/ui/modal';
import { paths } from '../../lib/navigation/paths';
import './registration.css';

export const TERMS_DECLARATION = 'Declaro que li e aceito os Termos de Uso e a Política de Privacidade';
/** The terms declaration was last updated on 20/03/2021. */
const TERMS_UPDATED_NOTE = 'Atualizados em 20/03/2021';

/** The terms of use on their own page, in a new tab (said in its name): the registration stays as it is. */
export function TermsPageLink() {
  return (
    <a
      className="registration-terms-page-link"
      href={paths.termosGerais}
      target="_blank"
      rel="noopener noreferrer"
    >
      Ler os Termos de Uso (abre em nova aba)
    </a>
  );
}

interface RegistrationTermsModalProps {
  /** 'Entrar', once the declaration is ticked. */
  onAccept: () => void;
  /** Escape, the backdrop or 'Fechar'. */
  onClose: () => void;
}

/**
 * The registration terms modal (modalTermosCadastro) and, above it, the full text (modalTextoTermos) whose
 * 'OK' returns to it. Mount it only while it is open, so each opening starts unticked; the /cadastro page
 * renders it, so it closes whenever the route leaves /cadastro.
 */
export function RegistrationTermsModal({ onAccept, onClose }: RegistrationTermsModalProps) {
  const [accepted, setAccepted] = useState(false);
  const [reading, setReading] = useState(false);
  // The text opens at its start: focus goes to the scrollable text, not to the 'OK' under it.
  const textRef = useRef<HTMLElement>(null);
  const closeText = () => setReading(false);

  return (
    <>
      <Modal
        open
        name="modalTermosCadastro"
        title="Para entrar, leia e aceite os termos de uso e a política de privacidade"
        onClose={onClose}
        actions={
          <>
            <button type="button" className="btn btn-primary" disabled={!accepted} onClick={onAccept}>
              Entrar
            </button>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              Fechar
            </button>
          </>
        }
      >
        <CheckboxField
          checked={accepted}
          onChange={(event) => setAccepted(event.target.checked)}
          label={TERMS_DECLARATION}
          hint={TERMS_UPDATED_NOTE}
        />
        <button type="button" className="registration-link-button" onClick={() => setReading(true)}>
          Ler os Termos de Uso e a Política de Privacidade
        </button>
        <TermsPageLink />
      </Modal>
      <Modal
        open={reading}
        name="modalTextoTermos"
        title="Termos de Uso e Política de Privacidade"
        size="wide"
        onClose={closeText}
        initialFocusRef={textRef}
        actions={
          <button type="button" className="btn btn-primary" onClick={closeText}>
            OK
          </button>
        }
      >
        <section
          ref={textRef}
          className="registration-terms-text"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable text must be reachable by keyboard
          tabIndex={0}
          aria-label="Texto dos Termos de Uso e da Política de Privacidade"
        >
          <h3 className="registration-terms-heading">Termos de Uso</h3>
          <TermsOfUseText headingLevel={4} />
          <h3 className="registration-terms-heading">Política de Privacidade</h3>
          <PrivacyNoticeText headingLevel={4} />
        </section>
      </Modal>
    </>
  );
}
