import { Link } from 'react-router-dom';
import { BrandLogo } from '../../components/ui/brand-logo';
import { useSession } from '../../lib/session';
import { paths } from '../paths';

/** The public header: the brand (link to the start) and 'Entrar' while signed out. */
export function SiteHeader() {
  const { status } = useSession();
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Link to={paths.home} className="brand-link" aria-label="Negocia Varejo, página inicial">
          <BrandLogo />
        </Link>
        {status === 'signed-out' ? (
          <nav aria-label="Acesso">
            <Link to={paths.login} className="btn btn-header">
              Entrar
            </Link>
          </nav>
        ) : null}
      </div>
    </header>
  );
}
