import { Link, Navigate, useLocation } from 'react-router-dom';
import { AlertIcon, ClockIcon, MailIcon, PhoneIcon } from '../../components/ui/icons';
import { CENTRAL_PHONE, CENTRAL_PHONE_HREF, SERVICE_EMAIL, SERVICE_HOURS } from '../../lib/content/contacts';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import './agreements.css';

const FAILED_TITLE = 'Encontramos um problema!';

/** What the summary hands over when the upstream refused the agreement (navigation state, no personal data). */
function failedCreditor(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('codCredor' in state)) return null;
  return typeof state.codCredor === 'string' ? state.codCredor : null;
}

/**
 * /erro-efetivacao: the upstream refused to conclude the agreement. The summary comes here with the
 * creditor's code in the navigation state, which a reload keeps (it is in the history entry). Opened
 * otherwise (a bookmark, a typed address, a link) no agreement failed: the page claims no failure and
 * sends the person to Minha conta, as the concluded page does without an agreement.
 */
export function AgreementFailedPage() {
  const failed = failedCreditor(useLocation().state) !== null;
  if (!failed) return <Navigate to={paths.minhaConta} replace />;
  return <AgreementFailed />;
}

function AgreementFailed() {
  usePageTitle(FAILED_TITLE);
  return (
    <div className="page agreement-page">
      <div className="agreement-hero">
        <AlertIcon className="agreement-hero-icon agreement-hero-icon--error" />
        <h1 className="page-title" tabIndex={-1}>
          {FAILED_TITLE}
        </h1>
        <p className="page-lead">Desculpe, encontramos um problema na efetivação do seu acordo.</p>
      </div>

      <section className="card agreement-payment" aria-labelledby="erro-efetivacao-contato">
        <p>
          Um de nossos atendentes entrará em contato com você em até 24 horas úteis pelos canais de contato
          cadastrados.
        </p>
        <h2 id="erro-efetivacao-contato" className="agreement-section-title">
          Se preferir, fale com a nossa central de atendimento:
        </h2>
        <ul className="agreement-contacts">
          <li>
            <PhoneIcon />
            <span>
              Telefone e WhatsApp: <a href={CENTRAL_PHONE_HREF}>{CENTRAL_PHONE}</a>
            </span>
          </li>
          <li>
            <MailIcon />
            <span>
              E-mail: <a href={`mailto:${SERVICE_EMAIL}`}>{SERVICE_EMAIL}</a>
            </span>
          </li>
          <li>
            <ClockIcon />
            <span>Atendimento: {SERVICE_HOURS}</span>
          </li>
        </ul>
      </section>

      <Link to={paths.minhaConta} className="btn btn-primary btn-block agreement-finish">
        Ir para Minha Conta
      </Link>
    </div>
  );
}
