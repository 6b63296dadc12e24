import { Link } from 'react-router-dom';
import { BrandLogo } from '../../components/ui/brand-logo';
import { ArrowLeftIcon } from '../../components/ui/icons';
import { useSessionStatus } from '../../lib/api/session-status';
import { useCurrentBackTarget } from '../../lib/navigation/back-target';
import { paths } from '../../lib/navigation/paths';

/**
 * The header of the sign-in steps and the public texts: a back button and the brand. The page may set
 * where back leads (useBackTarget); by default it is /minha-conta when signed in, else the start page.
 */
export function BackHeader() {
  const status = useSessionStatus();
  const target = useCurrentBackTarget();
  const to = target?.to ?? (status === 'signed-in' ? paths.minhaConta : paths.home);
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Link to={to} className="btn-back" onClick={() => target?.onNavigate?.()}>
          <ArrowLeftIcon />
          <span>Voltar</span>
        </Link>
        <span className="site-header-brand">
          <BrandLogo />
        </span>
      </div>
    </header>
  );
}
