import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { BrandLogo } from '../../components/ui/brand-logo';
import { ErrorModal } from '../../components/ui/error-modal';
import { CloseIcon, LogOutIcon, MenuIcon, MoreIcon, ShieldIcon, UserIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/modal';
import { errorMessage } from '../../lib/api/errors';
import { forgetSession, useSignedInSession } from '../../lib/api/session';
import { type SessionView, trpc } from '../../lib/api/trpc';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/browser/media-query';
import { paths } from '../../lib/navigation/paths';

function UserSummary({ session }: { session: SessionView }) {
  return (
    <div className="user-summary">
      <UserIcon className="user-summary-icon" />
      <div>
        <p className="user-summary-name">{session.nomeCurto}</p>
        <p className="user-summary-document">
          {session.tipoDocumento} {session.documento}
        </p>
      </div>
    </div>
  );
}

/** Ends the session at the BFF, forgets everything cached, and goes to the start page. */
function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = trpc.auth.signOut.useMutation({
    onSuccess: () => {
      forgetSession(queryClient);
      navigate(paths.home, { replace: true });
    },
    onError: (error) => setFailure(errorMessage(error)),
  });
  return {
    signOut: () => mutation.mutate(),
    pending: mutation.isPending,
    failure,
    clearFailure: () => setFailure(null),
  };
}

/**
 * The signed-in header: who is signed in, 'Minha conta', 'Mais opções', 'Verificar boleto ou PIX', 'Sair'.
 * On phones it keeps the short name and moves the rest into a side menu (a modal dialog: Escape closes it,
 * focus returns to the menu button). Every signed-in page reaches 'Mais opções' from here, whatever the width.
 */
export function AccountHeader() {
  const session = useSignedInSession();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { signOut, pending, failure, clearFailure } = useSignOut();

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="site-header site-header--account">
      <div className="container site-header-inner">
        <Link to={paths.minhaConta} className="brand-link" aria-label="Negocia Varejo, minha conta">
          <BrandLogo />
        </Link>
        {isDesktop ? (
          <nav className="account-nav" aria-label="Conta">
            <UserSummary session={session} />
            <NavLink to={paths.minhaConta} end className="account-nav-link">
              Minha conta
            </NavLink>
            <NavLink to={paths.maisOpcoes} className="account-nav-link">
              Mais opções
            </NavLink>
            <NavLink to={paths.verificar} className="account-nav-link">
              Verificar boleto ou PIX
            </NavLink>
            <button type="button" className="btn btn-header" onClick={signOut} disabled={pending}>
              Sair
            </button>
          </nav>
        ) : (
          <div className="account-compact">
            <p className="account-compact-name">
              <UserIcon className="icon-sm" />
              <span>{session.nomeCurto}</span>
            </p>
            <button
              ref={menuButtonRef}
              type="button"
              className="menu-button"
              aria-label="Abrir menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon />
            </button>
          </div>
        )}
      </div>

      <Modal
        open={menuOpen && !isDesktop}
        name="menuLateral"
        size="side"
        title="Menu"
        hideTitle
        onClose={closeMenu}
        returnFocusRef={menuButtonRef}
      >
        <div className="side-menu-top">
          <UserSummary session={session} />
          <button type="button" className="icon-button" aria-label="Fechar menu" onClick={closeMenu}>
            <CloseIcon />
          </button>
        </div>
        <nav aria-label="Conta" className="side-menu-nav">
          <ul className="side-menu-list">
            <li>
              <NavLink to={paths.minhaConta} end className="side-menu-item" onClick={closeMenu}>
                <UserIcon />
                Minha conta
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.maisOpcoes} className="side-menu-item" onClick={closeMenu}>
                <MoreIcon />
                Mais opções
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.verificar} className="side-menu-item" onClick={closeMenu}>
                <ShieldIcon />
                Verificar boleto ou PIX
              </NavLink>
            </li>
            <li>
              <button type="button" className="side-menu-item" onClick={signOut} disabled={pending}>
                <LogOutIcon />
                Sair
              </button>
            </li>
          </ul>
        </nav>
      </Modal>

      <ErrorModal open={failure !== null} message={failure ?? ''} onClose={clearFailure} />
    </header>
  );
}
