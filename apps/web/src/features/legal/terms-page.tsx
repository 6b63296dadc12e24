import { TermsOfUseContents, TermsOfUseText } from '../../components/content/legal-texts';
import { usePageTitle } from '../../lib/navigation/page-title';
import './legal.css';

/** /termos-gerais: the terms of use. The header's back button goes to /minha-conta or '/' (layout). */
export function TermsPage() {
  usePageTitle('Termos de Uso');
  return (
    <div className="page legal-page">
      <article className="card legal-card" aria-labelledby="termos-uso-titulo">
        <h1 id="termos-uso-titulo" className="page-title" tabIndex={-1}>
          Termos de Uso
        </h1>
        <TermsOfUseContents />
        <TermsOfUseText />
      </article>
    </div>
  );
}
