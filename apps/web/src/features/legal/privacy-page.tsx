import { PrivacyNoticeContents, PrivacyNoticeText } from '../../components/content/legal-texts';
import { usePageTitle } from '../../lib/page-title';
import './legal.css';

/** /politica-geral: the privacy notice. The header's back button goes to /minha-conta or '/' (layout). */
export function PrivacyPage() {
  usePageTitle('Aviso de Privacidade');
  return (
    <div className="page legal-page">
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
