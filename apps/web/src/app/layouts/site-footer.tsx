import type { ReactNode } from 'react';
import { ClockIcon, Icon, MailIcon, PhoneIcon } from '../../components/ui/icons';
import { useSessionStatus } from '../../lib/api/session-status';
import {
  CENTRAL_PHONE,
  CENTRAL_PHONE_HREF,
  COMMERCIAL_EMAIL,
  SERVICE_EMAIL,
  SERVICE_HOURS,
} from '../../lib/content/contacts';
import { HOME_SECTIONS, homeAnchor } from '../../lib/navigation/home-sections';
import { paths } from '../../lib/navigation/paths';
import { SiteLink, useSiteLocation } from '../../lib/navigation/site-navigation';
import './layout.css';

/** Pages that read best without the footer (the registration policy, terms, negotiation, summary). */
const HIDDEN_ON: ReadonlySet<string> = new Set([
  paths.politicaCadastro,
  paths.termosGerais,
  paths.negociacao,
  paths.resumo,
]);

function BriefcaseIcon() {
  return (
    <Icon className="icon-sm">
      <rect x="2" y="7" width="20" height="14" rx="2" />
      <path d="M16 7V5a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v2M2 13h20" />
    </Icon>
  );
}

const SOCIAL_LINKS: { name: string; href: string; icon: ReactNode }[] = [
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/negociavarejo',
    icon: (
      <Icon>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <path d="M17.5 6.5h.01" />
      </Icon>
    ),
  },
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/negociavarejo',
    icon: (
      <Icon>
        <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
      </Icon>
    ),
  },
  {
    name: 'LinkedIn',
    href: 'https://www.linkedin.com/company/negociavarejo',
    icon: (
      <Icon>
        <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
        <rect x="2" y="9" width="4" height="12" />
        <circle cx="4" cy="4" r="2" />
      </Icon>
    ),
  },
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/@negociavarejo',
    icon: (
      <Icon>
        <path d="M22.5 6.4a2.8 2.8 0 0 0-1.9-2C18.9 4 12 4 12 4s-6.9 0-8.6.5a2.8 2.8 0 0 0-1.9 2A29 29 0 0 0 1 11.8a29 29 0 0 0 .5 5.3 2.8 2.8 0 0 0 1.9 1.9c1.7.5 8.6.5 8.6.5s6.9 0 8.6-.5a2.8 2.8 0 0 0 1.9-1.9 29 29 0 0 0 .5-5.3 29 29 0 0 0-.5-5.4z" />
        <path d="m9.8 15 5.7-3.2-5.7-3.3z" />
      </Icon>
    ),
  },
];

/**
 * The footer's links: the home anchors while signed out, the account while signed in; always 'Verificar
 * boleto ou PIX', the privacy notice and the terms of use.
 */
function FooterNavigation({ signedIn }: { signedIn: boolean }) {
  return (
    <nav className="site-footer-block" aria-labelledby="rodape-navegacao">
      <h2 id="rodape-navegacao" className="site-footer-title">
        Navegação
      </h2>
      <ul className="site-footer-links">
        {signedIn ? (
          <li>
            <SiteLink to={paths.minhaConta}>Minha conta</SiteLink>
          </li>
        ) : (
          HOME_SECTIONS.map((section) => (
            <li key={section.id}>
              <SiteLink to={homeAnchor(section.id)}>{section.label}</SiteLink>
            </li>
          ))
        )}
        <li>
          <SiteLink to={paths.verificar}>Verificar boleto ou PIX</SiteLink>
        </li>
        <li>
          <SiteLink to={paths.politicaGeral}>Aviso de Privacidade</SiteLink>
        </li>
        <li>
          <SiteLink to={paths.termosGerais}>Termos de Uso</SiteLink>
        </li>
      </ul>
    </nav>
  );
}

/**
 * Every page's footer but four (HIDDEN_ON): attendance (0800, e-mail, hours), commercial contact,
 * navigation and social links (opening in a new tab, said for screen readers).
 */
export function SiteFooter() {
  const { pathname } = useSiteLocation();
  const status = useSessionStatus();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (HIDDEN_ON.has(path)) return null;

  return (
    <footer className="site-footer">
      <div className="container site-footer-grid">
        <section className="site-footer-block" aria-labelledby="rodape-atendimento">
          <h2 id="rodape-atendimento" className="site-footer-title">
            Atendimento
          </h2>
          <ul className="site-footer-list">
            <li>
              <PhoneIcon className="icon-sm" />
              <a href={CENTRAL_PHONE_HREF}>
                <span className="sr-only">Central de atendimento:</span> {CENTRAL_PHONE}
              </a>
            </li>
            <li>
              <MailIcon className="icon-sm" />
              <a href={`mailto:${SERVICE_EMAIL}`}>{SERVICE_EMAIL}</a>
            </li>
            <li>
              <ClockIcon className="icon-sm" />
              <span>{SERVICE_HOURS}</span>
            </li>
            <li>
              <BriefcaseIcon />
              <span>
                Comercial:{' '}
                <a href={`mailto:${COMMERCIAL_EMAIL}`} className="site-footer-inline-link">
                  {COMMERCIAL_EMAIL}
                </a>
              </span>
            </li>
          </ul>
        </section>

        <FooterNavigation signedIn={status === 'signed-in'} />

        <section className="site-footer-block" aria-labelledby="rodape-redes">
          <h2 id="rodape-redes" className="site-footer-title">
            Redes sociais
          </h2>
          <ul className="site-footer-social">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="site-footer-social-link"
                >
                  {link.icon}
                  <span>{link.name}</span> <span className="sr-only">(abre em nova aba)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>

        <p className="site-footer-bottom">© 2026 Negocia Varejo</p>
      </div>
    </footer>
  );
}
