import { Link } from 'react-router-dom';
import { BrandLogo } from '../../components/ui/brand-logo';
import { ArrowLeftIcon } from '../../components/ui/icons';
import { paths } from '../paths';

/** The header of the sign-in steps: back to the start, and the brand. */
export function BackHeader() {
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Link to={paths.home} className="btn-back">
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
