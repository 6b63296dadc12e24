import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { CENTRAL_PHONE, CENTRAL_PHONE_HREF } from '../../lib/contacts';
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
        <a href={CENTRAL_PHONE_HREF}>{CENTRAL_PHONE}</a>.
      </p>
      <Link to={paths.home} className="btn btn-primary">
        Ir para o início
      </Link>
    </div>
  );
}
