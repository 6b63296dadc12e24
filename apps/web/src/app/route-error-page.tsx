import { usePageTitle } from '../lib/navigation/page-title';
import { paths } from '../lib/navigation/paths';

/** Shown when a page fails to render: a plain way back, with a full reload to start clean. */
export function RouteErrorPage() {
  usePageTitle('Algo deu errado');
  return (
    <main className="app-main" id="conteudo">
      <div className="page page--narrow page--center">
        <h1 className="page-title">Algo deu errado</h1>
        <p className="page-lead">Ocorreu um erro inesperado. Por gentileza, tente novamente mais tarde.</p>
        <a href={paths.home} className="btn btn-primary">
          Ir para o início
        </a>
      </div>
    </main>
  );
}
