/**
 * The creditor upstream's HTTP paths and socket channels, defined once for the stub and the BFF.
 * Most paths are the upstream's own; the ones docs/upstream-api.md marks _ours_ are our design.
 */
export const UPSTREAM_PATHS = {
  // the upstream's own
  login: '/login',
  loginGoogle: '/login-google',
  cadastro: '/cadastro',
  consultaEmail: '/consulta/email',
  consulta: '/consulta',
  edicao: '/edicao',
  recuperarSenhaPublico: '/recuperar-senha-publico',
  recuperarSenhaPrivado: '/recuperar-senha-privado',
  excluirCadastro: '/excluir/cadastro',
  score: '/score',
  // ours
  cadastroSituacao: '/cadastro/situacao',
  recuperarSenhaNova: '/recuperar-senha-publico/nova',
  solicitarLogin: '/login/solicitar',
  verificarLogin: '/login/verificar',
  avaliacao: '/avaliacao',
  notificacoes: '/notificacoes',
  avisos: '/avisos',
  parceiros: '/parceiros',
  canaisOficiais: '/canais-oficiais',
  logos: '/logos',
  boletos: '/boletos',
  jwks: '/.well-known/jwks.json',
} as const;

export const UPSTREAM_CHANNELS = {
  proxy: '/ws/proxy',
  trail: '/ws/trilha',
  activation: '/ws/acionamento',
} as const;

/** The `app` every proxy request carries, naming the calling product. */
export const PROXY_APP = 'portal-negociacao';
