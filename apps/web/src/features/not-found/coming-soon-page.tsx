import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { usePageTitle } from '../../lib/page-title';

/** A page of the portal that is not built yet: it exists in the route table and the guard covers it. */
export function ComingSoonPage() {
  usePageTitle('Em breve');
  return (
    <div className="page page--narrow page--center">
      <h1 className="page-title" tabIndex={-1}>
        Em breve
      </h1>
      <p className="page-lead">
        Esta parte do portal ainda está sendo preparada. Enquanto isso, fale com a nossa central:{' '}
        <a href="tel:08000003634">0800 000 3634</a>.
      </p>
      <Link to={paths.home} className="btn btn-primary">
        Ir para o início
      </Link>
    </div>
  );
}
