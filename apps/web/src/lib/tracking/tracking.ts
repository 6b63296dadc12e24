import { useCallback, useEffect, useRef } from 'react';
import { useSession } from '../api/session';
import { type TrailPage, trpc } from '../api/trpc';
import { type RouteName, routeTable } from '../navigation/paths';
import { readConsent } from './consent-cookie';

/** The trail's name of each screen; the terms and the e-mailed reset link are not tracked. */
const TRAIL_PAGE: Partial<Record<RouteName, TrailPage>> = {
  home: 'home',
  cadastro: 'cadastro',
  politicaCadastro: 'politica-cadastro',
  login: 'login',
  esqueceuSenha: 'esqueceu-senha',
  recuperarSenha: 'recuperar-senha',
  politicaGeral: 'politica-geral',
  minhaConta: 'minha-conta',
  acordos: 'acordos',
  maisOpcoes: 'mais-opcoes',
  editarPerfil: 'editar-perfil',
  novaSenha: 'nova-senha',
  faq: 'faq',
  sobre: 'sobre',
  notificacoes: 'notificacoes',
  politica: 'politica',
  negociacao: 'negociacao',
  propostas: 'propostas',
  resumo: 'resumo',
  acordoConcluido: 'acordo-concluido',
  reemissaoConcluida: 'reemissao-concluida',
  erroEfetivacao: 'erro-efetivacao',
};

const ROUTES = Object.entries(routeTable) as [RouteName, (typeof routeTable)[RouteName]][];

/** Sends one screen view to the BFF, fire and forget: tracking never slows or breaks what the user does. */
export function useTrack() {
  const { mutate } = trpc.tracking.view.useMutation();
  return useCallback(
    (page: TrailPage, codcredor?: string) => mutate(codcredor ? { page, codcredor } : { page }),
    [mutate],
  );
}

/**
 * Every screen view goes to the trail with its flow and stage (the BFF adds them). A page is
 * counted once it is really shown: not while the session is unknown, nor a page the guard is leaving. A
 * signed-out visitor is tracked only after accepting cookies (the BFF then keeps a visit cookie).
 */
export function useTrackPageViews(pathname: string) {
  const { status } = useSession();
  const track = useTrack();
  const last = useRef<string | null>(null);

  useEffect(() => {
    if (status === 'loading' || last.current === pathname) return;
    const [name, route] = ROUTES.find(([, r]) => r.path === pathname) ?? [];
    const page = name ? TRAIL_PAGE[name] : undefined;
    if (!page || !route) return;
    const signedIn = status === 'signed-in';
    if ((route.access === 'private' && !signedIn) || (route.access === 'guest' && signedIn)) return;
    if (!signedIn && readConsent() !== true) return;
    last.current = pathname;
    track(page);
  }, [pathname, status, track]);
}
