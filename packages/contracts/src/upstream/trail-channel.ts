import { formatMoneyPlain } from '@portal/validation/money';
import { z } from 'zod';
import { paymentMethod } from './entities';
import { brDate, moneyString } from './wire';

/**
 * Each screen's place in the trail. `stage` (1–5) is how far into the journey the user is;
 * `flow` (1–22) names the screen. Stage 1 screens are public; from stage 2 on they need a session.
 */
export const TRAIL_PAGES = {
  home: { stage: 1, flow: 1 },
  cadastro: { stage: 1, flow: 2 },
  'politica-cadastro': { stage: 1, flow: 3 },
  login: { stage: 1, flow: 4 },
  'esqueceu-senha': { stage: 1, flow: 5 },
  'recuperar-senha': { stage: 1, flow: 6 },
  'politica-geral': { stage: 1, flow: 7 },
  'minha-conta': { stage: 2, flow: 8 },
  'detalhes-contrato': { stage: 2, flow: 9 },
  acordos: { stage: 2, flow: 10 },
  'mais-opcoes': { stage: 2, flow: 11 },
  'editar-perfil': { stage: 2, flow: 12 },
  'nova-senha': { stage: 2, flow: 13 },
  faq: { stage: 2, flow: 14 },
  sobre: { stage: 2, flow: 15 },
  notificacoes: { stage: 2, flow: 16 },
  politica: { stage: 2, flow: 17 },
  'contrato-escolhido': { stage: 3, flow: 18 },
  negociacao: { stage: 3, flow: 19 },
  propostas: { stage: 4, flow: 20 },
  resumo: { stage: 4, flow: 21 },
  'acordo-concluido': { stage: 5, flow: 22 },
  'reemissao-concluida': { stage: 5, flow: 22 },
  'erro-efetivacao': { stage: 5, flow: 22 },
} as const satisfies Record<string, { stage: number; flow: number }>;

export type TrailPage = keyof typeof TRAIL_PAGES;
export const trailPage = z.enum(Object.keys(TRAIL_PAGES) as [TrailPage, ...TrailPage[]]);

/** A private page is tracked only for a signed-in user; a public one (stage 1) for anyone who consented. */
export const isPrivateTrailPage = (page: TrailPage) => TRAIL_PAGES[page].stage >= 2;

/**
 * Trail amounts are Brazilian currency strings, 'R$ 1.234,56', with a plain space: the screen's
 * no-break space (formatMoney) has no place on the wire.
 */
export const formatTrailMoney = (cents: number) => `R$ ${formatMoneyPlain(cents)}`;

const idRequest = z.string().min(1).max(100);
/** never the BFF's cookie value: an HMAC of it, so the upstream cannot replay a session */
const sessionId = z.string().min(1).max(128);
/** the upstream's client id; '' for a visitor who is not signed in */
const clienteId = z.string().max(40);
const codCredor = z.string().min(1).max(20);
const contrato = z.string().min(1).max(40);

/** The visit itself, sent once per session before any of its trail records. */
export const gravarSessaoRequest = z.object({
  idRequest,
  metodo: z.literal('gravarSessao'),
  sessionId,
  ip: z.string().max(64),
  device: z.enum(['mobile', 'desktop']),
  // The portal never asks the browser for its position, nor looks the IP up: both are always null.
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
});

/** One screen view; `extras` carries screen context such as `codcredor`, never personal data. */
const gravarTrilhaRequest = z
  .object({
    idRequest,
    metodo: z.literal('gravarTrilha'),
    sessionId,
    stage: z.number().int().min(1).max(5),
    flow: z.number().int().min(1).max(22),
    trail: trailPage,
    clienteId,
    extras: z
      .record(z.string().min(1).max(40), z.string().max(100))
      .refine((extras) => Object.keys(extras).length <= 10, 'extras demais')
      .optional(),
  })
  .refine(
    (r) => TRAIL_PAGES[r.trail].stage === r.stage && TRAIL_PAGES[r.trail].flow === r.flow,
    'stage/flow não correspondem à página',
  );

/**
 * A concluded agreement. Amounts as `formatTrailMoney`; an upfront payment (AV) has entry and
 * instalment 'R$ 0,00' and no instalments, as its proposal does. `tipoPagamento` is the method's
 * name ('boleto' | 'cartao' | 'pix'), not the proxy's numeric `formapagamento` code.
 */
const gravarTrilhaAcordoRequest = z.object({
  idRequest,
  metodo: z.literal('gravarTrilhaAcordo'),
  sessionId,
  clienteId: clienteId.min(1),
  codCredor,
  contrato,
  tipoAcordo: z.enum(['AV', 'AP']),
  valorEntrada: moneyString,
  valorParcela: moneyString,
  quantidadeParcela: z.number().int().min(0).max(999),
  dataVencimento: brDate,
  tipoPagamento: paymentMethod,
  valorTotal: moneyString,
});

/**
 * A boleto the user asked for after the agreement: issued again on /acordos (`reemissao`) or sent to
 * an address by e-mail or SMS. Downloads are not tracked: the BFF only streams the PDF.
 */
export const gravarTrilhaBoletoRequest = z.object({
  idRequest,
  metodo: z.literal('gravarTrilhaBoleto'),
  sessionId,
  clienteId: clienteId.min(1),
  codCredor,
  contrato,
  nossonumero: z.string().min(1).max(60).optional(),
  canal: z.enum(['reemissao', 'email', 'sms']),
  tipoPagamento: paymentMethod,
});

export const trailRequest = z.discriminatedUnion('metodo', [
  gravarSessaoRequest,
  gravarTrilhaRequest,
  gravarTrilhaAcordoRequest,
  gravarTrilhaBoletoRequest,
]);
export type TrailRequest = z.infer<typeof trailRequest>;
export type GravarSessaoRequest = z.infer<typeof gravarSessaoRequest>;
export type GravarTrilhaBoletoRequest = z.infer<typeof gravarTrilhaBoletoRequest>;

type WithoutId<T> = T extends unknown ? Omit<T, 'idRequest'> : never;
/** A trail request as the BFF hands it to its channel, which adds the `idRequest`. */
export type TrailMessage = WithoutId<TrailRequest>;

/** The reply: `err` false when the record was kept; with `err`, `msg` says why it was not. */
export const trailReply = z.object({
  idRequest: z.string(),
  err: z.boolean(),
  msg: z.string().optional(),
});

/** A trail send counts as done after its reply or this long. */
export const TRAIL_ACK_TIMEOUT_MS = 1000;
