import { Link } from 'react-router-dom';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';

export function NotFoundPage() {
  usePageTitle('Página não encontrada');
  return (
    <div className="page page--narrow page--center">
      <h1 className="page-title" tabIndex={-1}>
        Página não encontrada
      </h1>
      <p className="page-lead">O endereço pode ter mudado ou não existir mais.</p>
      <Link to={paths.home} className="btn btn-primary">
        Ir para o início
      </Link>
    </div>
  );
}
