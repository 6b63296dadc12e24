import { PrivacyNoticeContents, PrivacyNoticeText } from '../../components/content/legal-texts';
import { BackLink } from '../../components/ui/back-link';
import { usePageTitle } from '../../lib/navigation/page-title';
import './legal.css';

interface PrivacyPageProps {
  /** /mais-opcoes/politica has its own back arrow, to 'Mais opções' */
  backTo?: { to: string; label: string };
}

/**
 * /politica-geral and /mais-opcoes/politica: the privacy notice. On /politica-geral the header's back
 * button goes to /minha-conta or '/' (layout).
 */
export function PrivacyPage({ backTo }: PrivacyPageProps) {
  usePageTitle('Aviso de Privacidade');
  return (
    <div className="page legal-page">
      {backTo ? <BackLink to={backTo.to} label={backTo.label} /> : null}
      <article className="card legal-card" aria-labelledby="aviso-privacidade-titulo">
        <h1 id="aviso-privacidade-titulo" className="page-title" tabIndex={-1}>
          Aviso de Privacidade
        </h1>
        <PrivacyNoticeContents />
        <PrivacyNoticeText />
      </article>
    </div>
  );
}
