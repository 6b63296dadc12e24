import type { ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { type RouteAccess, type RouteName, routesWithAccess, routeTable } from '../lib/navigation/paths';
import { FirstPageLoading, GuestOnlyRoute, RequireSessionRoute } from './guards';
import { AccountHeader } from './layouts/account-header';
import { AppLayout } from './layouts/app-layout';
import { BackHeader } from './layouts/back-header';
import { SiteHeader } from './layouts/site-header';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

type LazyPage = Extract<NonNullable<RouteObject['lazy']>, (...args: never) => unknown>;

// Each page is its own chunk, fetched when its route is first matched: the router keeps the current
// page on screen meanwhile. scripts/check-budgets.ts reads this table to weigh every route's first load.
/** Every entry of the route table and its page. */
const pages: Record<RouteName | 'notFound', LazyPage> = {
  home: async () => ({ Component: (await import('../features/home/home-page')).HomePage }),
  login: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
  cadastro: async () => ({
    Component: (await import('../features/registration/registration-page')).RegistrationPage,
  }),
  politicaCadastro: async () => ({
    Component: (await import('../features/registration/registration-policy-page')).RegistrationPolicyPage,
  }),
  esqueceuSenha: async () => ({
    Component: (await import('../features/recovery/forgot-password-page')).ForgotPasswordPage,
  }),
  recuperarSenha: async () => ({
    Component: (await import('../features/recovery/recovery-sent-page')).RecoverySentPage,
  }),
  novaSenhaPb: async () => ({
    Component: (await import('../features/recovery/reset-password-page')).ResetPasswordPage,
  }),
  termosGerais: async () => ({ Component: (await import('../features/legal/terms-page')).TermsPage }),
  politicaGeral: async () => ({ Component: (await import('../features/legal/privacy-page')).PrivacyPage }),
  verificar: async () => ({
    Component: (await import('../features/verification/verification-page')).VerificationPage,
  }),
  minhaConta: async () => ({ Component: (await import('../features/account/account-page')).AccountPage }),
  todasAsDividas: async () => ({
    Component: (await import('../features/debts/all-debts-page')).AllDebtsPage,
  }),
  mesmoDia: async () => ({
    Component: (await import('../features/debts/same-day-review-page')).SameDayReviewPage,
  }),
  negociacao: async () => ({
    Component: (await import('../features/negotiation/negotiation-page')).NegotiationPage,
  }),
  propostas: async () => ({
    Component: (await import('../features/negotiation/proposals-page')).ProposalsPage,
  }),
  resumo: async () => ({ Component: (await import('../features/negotiation/summary-page')).SummaryPage }),
  acordos: async () => ({
    Component: (await import('../features/agreements/agreements-page')).AgreementsPage,
  }),
  acordoConcluido: async () => ({
    Component: (await import('../features/agreements/concluded-page')).ConcludedPage,
  }),
  reemissaoConcluida: async () => ({
    Component: (await import('../features/agreements/concluded-page')).ConcludedPage,
  }),
  erroEfetivacao: async () => ({
    Component: (await import('../features/agreements/agreement-failed-page')).AgreementFailedPage,
  }),
  maisOpcoes: async () => ({
    Component: (await import('../features/account/more-options-page')).MoreOptionsPage,
  }),
  editarPerfil: async () => ({
    Component: (await import('../features/account/edit-profile-page')).EditProfilePage,
  }),
  novaSenha: async () => ({
    Component: (await import('../features/account/change-password-page')).ChangePasswordPage,
  }),
  atividade: async () => ({
    Component: (await import('../features/account/activity-page')).ActivityPage,
  }),
  faq: async () => ({ Component: (await import('../features/legal/faq-page')).FaqPage }),
  sobre: async () => ({ Component: (await import('../features/legal/about-page')).AboutPage }),
  notificacoes: async () => ({
    Component: (await import('../features/account/notifications-page')).NotificationsPage,
  }),
  politica: async () => {
    const { PrivacyPage } = await import('../features/legal/privacy-page');
    return { element: <PrivacyPage backTo={{ to: routeTable.maisOpcoes.path, label: 'Mais opções' }} /> };
  },
  notFound: async () => ({ Component: (await import('../features/not-found/not-found-page')).NotFoundPage }),
};

/**
 * Where a person goes next from a page of the journey: that code is fetched once the browser is idle, so
 * a tap finds it there. Within the budgets: a page's first load stays what scripts/check-budgets.ts weighs.
 */
const NEXT_PAGES: Partial<Record<RouteName, RouteName[]>> = {
  login: ['minhaConta'],
  minhaConta: ['negociacao', 'acordos'],
  negociacao: ['resumo', 'propostas'],
  propostas: ['resumo'],
  resumo: ['acordoConcluido'],
  acordos: ['reemissaoConcluida'],
  todasAsDividas: ['mesmoDia'],
};

/** Fetches the code of the pages a person goes to next from the page at `pathname` (a failure waits for the tap). */
function preloadNextPages(pathname: string): void {
  const here = (Object.keys(routeTable) as RouteName[]).find((name) => routeTable[name].path === pathname);
  for (const next of (here && NEXT_PAGES[here]) ?? []) void pages[next]().catch(() => undefined);
}

/** A layout route: the page (the matched child) under `header`, in <main>, above the footer. */
function pageLayout(header: ReactNode) {
  return (
    <AppLayout header={header}>
      <Outlet />
    </AppLayout>
  );
}

function pageRoutes(names: RouteName[]): RouteObject[] {
  return names.map((name) => ({
    path: routeTable[name].path,
    lazy: pages[name],
  }));
}

const withAccess = (access: RouteAccess, except: RouteName[] = []) =>
  routesWithAccess(access).filter((name) => !except.includes(name));

export const routes: RouteObject[] = [
  {
    element: <RootLayout preloadNext={preloadNextPages} />,
    errorElement: <RouteErrorPage />,
    // The first page's code and the session are fetched together behind one quiet wait.
    hydrateFallbackElement: <FirstPageLoading />,
    children: [
      {
        // Signed-out visitors only ('/', '/login', '/cadastro', …).
        element: <GuestOnlyRoute />,
        children: [
          {
            element: pageLayout(<SiteHeader />),
            children: pageRoutes(['home']),
          },
          {
            element: pageLayout(<BackHeader />),
            children: pageRoutes(withAccess('guest', ['home'])),
          },
        ],
      },
      {
        // Signed-in users only ('/minha-conta', '/acordos', '/mais-opcoes/*', …).
        element: <RequireSessionRoute />,
        children: [
          {
            element: pageLayout(<AccountHeader />),
            children: pageRoutes(withAccess('private')),
          },
        ],
      },
      {
        // Everyone: the public texts, the registration's policy step and 'Verificar boleto ou PIX'.
        element: pageLayout(<BackHeader />),
        children: pageRoutes(withAccess('open')),
      },
      {
        element: pageLayout(<SiteHeader />),
        children: [{ path: '*', lazy: pages.notFound }],
      },
    ],
  },
];
