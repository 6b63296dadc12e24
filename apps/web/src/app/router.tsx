import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AccountPage } from '../features/account/account-page';
import { ChangePasswordPage } from '../features/account/change-password-page';
import { EditProfilePage } from '../features/account/edit-profile-page';
import { MoreOptionsPage } from '../features/account/more-options-page';
import { NotificationsPage } from '../features/account/notifications-page';
import { AgreementFailedPage } from '../features/agreements/agreement-failed-page';
import { AgreementsPage } from '../features/agreements/agreements-page';
import { ConcludedPage } from '../features/agreements/concluded-page';
import { LoginPage } from '../features/auth/login-page';
import { HomePage } from '../features/home/home-page';
import { AboutPage } from '../features/legal/about-page';
import { FaqPage } from '../features/legal/faq-page';
import { PrivacyPage } from '../features/legal/privacy-page';
import { TermsPage } from '../features/legal/terms-page';
import { NegotiationPage } from '../features/negotiation/negotiation-page';
import { ProposalsPage } from '../features/negotiation/proposals-page';
import { SummaryPage } from '../features/negotiation/summary-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { ForgotPasswordPage } from '../features/recovery/forgot-password-page';
import { RecoverySentPage } from '../features/recovery/recovery-sent-page';
import { ResetPasswordPage } from '../features/recovery/reset-password-page';
import { RegistrationPage } from '../features/registration/registration-page';
import { RegistrationPolicyPage } from '../features/registration/registration-policy-page';
import { type RouteAccess, type RouteName, routesWithAccess, routeTable } from '../lib/paths';
import { GuestOnlyRoute, RequireSessionRoute } from './guards';
import { AccountHeader } from './layouts/account-header';
import { AppLayout } from './layouts/app-layout';
import { BackHeader } from './layouts/back-header';
import { RootLayout } from './layouts/root-layout';
import { SiteHeader } from './layouts/site-header';
import { RouteErrorPage } from './route-error-page';

/** Every entry of the route table and its page. */
const pages: Record<RouteName, ReactNode> = {
  home: <HomePage />,
  login: <LoginPage />,
  cadastro: <RegistrationPage />,
  politicaCadastro: <RegistrationPolicyPage />,
  esqueceuSenha: <ForgotPasswordPage />,
  recuperarSenha: <RecoverySentPage />,
  novaSenhaPb: <ResetPasswordPage />,
  termosGerais: <TermsPage />,
  politicaGeral: <PrivacyPage />,
  minhaConta: <AccountPage />,
  negociacao: <NegotiationPage />,
  propostas: <ProposalsPage />,
  resumo: <SummaryPage />,
  acordos: <AgreementsPage />,
  acordoConcluido: <ConcludedPage />,
  reemissaoConcluida: <ConcludedPage />,
  erroEfetivacao: <AgreementFailedPage />,
  maisOpcoes: <MoreOptionsPage />,
  editarPerfil: <EditProfilePage />,
  novaSenha: <ChangePasswordPage />,
  faq: <FaqPage />,
  sobre: <AboutPage />,
  notificacoes: <NotificationsPage />,
  politica: <PrivacyPage backTo={{ to: routeTable.maisOpcoes.path, label: 'Mais opções' }} />,
};

function pageRoutes(names: RouteName[]): RouteObject[] {
  return names.map((name) => ({
    path: routeTable[name].path,
    element: pages[name],
  }));
}

const withAccess = (access: RouteAccess, except: RouteName[] = []) =>
  routesWithAccess(access).filter((name) => !except.includes(name));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Signed-out visitors only ('/', '/login', '/cadastro', …).
        element: <GuestOnlyRoute />,
        children: [
          { element: <AppLayout header={<SiteHeader />} />, children: pageRoutes(['home']) },
          {
            element: <AppLayout header={<BackHeader />} />,
            children: pageRoutes(withAccess('guest', ['home'])),
          },
        ],
      },
      {
        // Signed-in users only ('/minha-conta', '/acordos', '/mais-opcoes/*', …).
        element: <RequireSessionRoute />,
        children: [
          { element: <AppLayout header={<AccountHeader />} />, children: pageRoutes(withAccess('private')) },
        ],
      },
      {
        // Everyone: the public texts and the registration's policy step.
        element: <AppLayout header={<BackHeader />} />,
        children: pageRoutes(withAccess('open')),
      },
      {
        element: <AppLayout header={<SiteHeader />} />,
        children: [{ path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
