import { type Creditor, creditor as creditorSchema } from '@portal/contracts/upstream/entities';
import { METHOD_REFUSED } from '@portal/contracts/upstream/proxy-channel';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { SignedIn } from '../trpc/context';
import { UpstreamError } from '../upstream/errors';
import type { CreditorBrief } from './summary';
import type { PaymentTypeView } from './views';

export const NEGOTIATION_MESSAGES = {
  unknownCreditor: 'Credor não encontrado. Volte para Minha Conta e tente novamente.',
  proposalGone: 'Esta proposta não está mais disponível. Escolha a oferta novamente.',
  instalmentsGone: 'As parcelas escolhidas não estão mais disponíveis. Escolha novamente.',
  methodNotOffered: METHOD_REFUSED,
} as const;

/** A creditor card of /minha-conta. */
export interface CreditorCard {
  codcredor: string;
  nome: string;
  /** served by the BFF from the upstream, so the page loads images only from its own origin */
  logoUrl: string | null;
  sequencial: boolean;
}

const LOGO_FILE = /^[A-Za-z0-9._-]+\.(svg|png|jpe?g|webp)$/;

/** The upstream's logo address as a path of our own origin, or null when it names no image file. */
export function logoPath(logomarca: string): string | null {
  let file: string | undefined;
  try {
    file = new URL(logomarca, 'http://upstream.invalid').pathname.split('/').pop();
  } catch {
    return null;
  }
  return file && LOGO_FILE.test(file) ? `/api/logos/${file}` : null;
}

export const creditorBrief = (c: Creditor): CreditorBrief => ({
  codcredor: c.agrupador,
  nome: c.nomcontratante,
  logoUrl: logoPath(c.logomarca),
});

export const creditorCard = (c: Creditor): CreditorCard => ({
  ...creditorBrief(c),
  sequencial: c.parcelasIndividuaisSequenciais,
});

export const paymentTypes = (c: Creditor): PaymentTypeView[] =>
  c.pagamento.map((p) => ({
    tipo: p.tipoPagamento,
    pagamentoInterno: p.pagamentoInterno,
    pagamentoProposta: p.pagamentoProposta,
  }));

/** Which fields were wrong and how, never what they held: paths are the schema's keys and list positions. */
const issueShapes = (error: z.ZodError) =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), code: issue.code }));

/**
 * The partner creditors holding the user's contracts (proxy `consultaDebito`), kept for the negotiation
 * pages. Each creditor is read on its own: one off contract is left out, logged by its shape only, and
 * the others are shown. A list none of whose creditors can be read is a bad reply.
 */
export async function listCreditors(ctx: SignedIn): Promise<Creditor[]> {
  const { cpfCnpj, token } = ctx.session.data;
  const { credor: entries } = await ctx.services.proxy.call('consultaDebito', { cpfcnpj: cpfCnpj, token });
  const credor: Creditor[] = [];
  entries.forEach((entry, index) => {
    const parsed = creditorSchema.safeParse(entry);
    if (parsed.success) credor.push(parsed.data);
    else
      ctx.req.log.warn(
        { creditor: index, of: entries.length, issues: issueShapes(parsed.error) },
        'consultaDebito: a creditor off contract was left out',
      );
  });
  if (entries.length > 0 && credor.length === 0) {
    throw new UpstreamError('bad-reply', 'proxy consultaDebito: no creditor on contract');
  }
  // The negotiation pages need each creditor's payment types and flags: kept, not asked again.
  await ctx.services.sessions.write(ctx.session, 'creditors', credor);
  return credor;
}

/** A creditor the session last listed, listed again when missing. */
export async function creditorOf(ctx: SignedIn, codcredor: string): Promise<Creditor> {
  let list = await ctx.services.sessions.read(ctx.session, 'creditors');
  if (!list?.some((c) => c.agrupador === codcredor)) list = await listCreditors(ctx);
  const creditor = list.find((c) => c.agrupador === codcredor);
  if (!creditor) throw new TRPCError({ code: 'NOT_FOUND', message: NEGOTIATION_MESSAGES.unknownCreditor });
  return creditor;
}

/** What every proxy request about one of the user's contracts carries: who asks, and which contract. */
export const contractScope = (ctx: SignedIn, codcredor: string, contrato: string) => ({
  cpfcnpj: ctx.session.data.cpfCnpj,
  token: ctx.session.data.token,
  codcredor,
  contrato,
});

/** A creditor's contracts with the user (proxy `consultaContrato`), the request carrying the creditor's record. */
export async function creditorContracts(ctx: SignedIn, creditor: Creditor) {
  const { cpfCnpj, token } = ctx.session.data;
  const { contratos } = await ctx.services.proxy.call('consultaContrato', {
    cpfcnpj: cpfCnpj,
    token,
    codcredor: creditor.agrupador,
    logomarca: creditor.logomarca,
    url: creditor.url,
    parcelasIndividuaisSequenciais: creditor.parcelasIndividuaisSequenciais,
    pagamento: creditor.pagamento,
  });
  return contratos;
}
