/**
 * The one route table: the router, every link and every redirect take their paths from here.
 * `access` drives the guard: 'guest' pages send a signed-in user to /minha-conta, 'private' pages send a
 * signed-out user to '/', 'open' pages are for everyone.
 */
export type RouteAccess = 'guest' | 'private' | 'open';

interface RouteInfo {
  path: `/${string}`;
  access: RouteAccess;
  /** where a signed-out visitor goes instead of '/' (edit profile and account activity are guarded to login) */
  signedOutTo?: `/${string}`;
}

export const routeTable = {
  home: { path: '/', access: 'guest' },
  login: { path: '/login', access: 'guest' },
  cadastro: { path: '/cadastro', access: 'guest' },
  esqueceuSenha: { path: '/esqueceu-senha', access: 'guest' },
  recuperarSenha: { path: '/recuperar-senha', access: 'guest' },
  novaSenhaPb: { path: '/nova-senha-pb', access: 'guest' },
  politicaGeral: { path: '/politica-geral', access: 'open' },
  termosGerais: { path: '/termos-gerais', access: 'open' },
  politicaCadastro: { path: '/politica-cadastro', access: 'open' },
  verificar: { path: '/verificar-boleto-ou-pix', access: 'open' },
  minhaConta: { path: '/minha-conta', access: 'private' },
  todasAsDividas: { path: '/minha-conta/todas-as-dividas', access: 'private' },
  mesmoDia: { path: '/minha-conta/tudo-no-mesmo-dia', access: 'private' },
  acordos: { path: '/acordos', access: 'private' },
  negociacao: { path: '/negociacao', access: 'private' },
  propostas: { path: '/propostas', access: 'private' },
  resumo: { path: '/resumo', access: 'private' },
  acordoConcluido: { path: '/acordo-concluido', access: 'private' },
  reemissaoConcluida: { path: '/reemissao-concluida', access: 'private' },
  erroEfetivacao: { path: '/erro-efetivacao', access: 'private' },
  maisOpcoes: { path: '/mais-opcoes', access: 'private' },
  editarPerfil: { path: '/mais-opcoes/editar-perfil', access: 'private', signedOutTo: '/login' },
  novaSenha: { path: '/mais-opcoes/nova-senha', access: 'private' },
  // A session found ended here (e.g. by 'Não reconheço esta atividade' on another device) signs in again.
  atividade: { path: '/mais-opcoes/atividade', access: 'private', signedOutTo: '/login' },
  faq: { path: '/mais-opcoes/faq', access: 'private' },
  sobre: { path: '/mais-opcoes/sobre', access: 'private' },
  notificacoes: { path: '/mais-opcoes/notificacoes', access: 'private' },
  politica: { path: '/mais-opcoes/politica', access: 'private' },
} as const satisfies Record<string, RouteInfo>;

export type RouteName = keyof typeof routeTable;

export const paths = Object.fromEntries(
  Object.entries(routeTable).map(([name, info]) => [name, info.path]),
) as { readonly [K in RouteName]: (typeof routeTable)[K]['path'] };

/** The route names of one access group, in table order. */
export function routesWithAccess(access: RouteAccess): RouteName[] {
  return (Object.keys(routeTable) as RouteName[]).filter((name) => routeTable[name].access === access);
}
