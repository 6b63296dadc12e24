import { type Creditor, creditor as creditorSchema } from '@portal/contracts/upstream/entities';
import { METHOD_REFUSED } from '@portal/contracts/upstream/proxy-channel';
import type { z } from 'zod';
import type { CreditorBrief } from '../core/records';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';
import { UpstreamError } from '../upstream/errors';
import { logoPath } from './logos';
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

/** What listing the creditors reaches: the proxy, the session's slot, the log for a creditor left out. */
export type CreditorPorts = Pick<Ports, 'proxy' | 'sessions' | 'log'>;

/** Which fields were wrong and how, never what they held: paths are the schema's keys and list positions. */
const issueShapes = (error: z.ZodError) =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), code: issue.code }));

/**
 * The partner creditors holding the user's contracts (proxy `consultaDebito`), kept for the negotiation
 * pages. Each creditor is read on its own: one off contract is left out, logged by its shape only, and
 * the others are shown. A list none of whose creditors can be read is a bad reply.
 */
export async function listCreditors(ports: CreditorPorts, person: Person): Promise<Creditor[]> {
  const { cpfCnpj, token } = person.data;
  const { credor: entries } = await ports.proxy.call('consultaDebito', { cpfcnpj: cpfCnpj, token });
  const credor: Creditor[] = [];
  entries.forEach((entry, index) => {
    const parsed = creditorSchema.safeParse(entry);
    if (parsed.success) credor.push(parsed.data);
    else
      ports.log.warn(
        { creditor: index, of: entries.length, issues: issueShapes(parsed.error) },
        'consultaDebito: a creditor off contract was left out',
      );
  });
  if (entries.length > 0 && credor.length === 0) {
    throw new UpstreamError('bad-reply', 'proxy consultaDebito: no creditor on contract');
  }
  // The negotiation pages need each creditor's payment types and flags: kept, not asked again.
  await ports.sessions.write(person, 'creditors', credor);
  return credor;
}

/** A creditor the session last listed, listed again when missing. */
export async function creditorOf(ports: CreditorPorts, person: Person, codcredor: string): Promise<Creditor> {
  let list = await ports.sessions.read(person, 'creditors');
  if (!list?.some((c) => c.agrupador === codcredor)) list = await listCreditors(ports, person);
  const creditor = list.find((c) => c.agrupador === codcredor);
  if (!creditor) throw new Refusal('not-found', NEGOTIATION_MESSAGES.unknownCreditor);
  return creditor;
}

/** What every proxy request about one of the user's contracts carries: who asks, and which contract. */
export const contractScope = (person: Person, codcredor: string, contrato: string) => ({
  cpfcnpj: person.data.cpfCnpj,
  token: person.data.token,
  codcredor,
  contrato,
});

/** A creditor's contracts with the user (proxy `consultaContrato`), the request carrying the creditor's record. */
export async function creditorContracts(ports: Pick<Ports, 'proxy'>, person: Person, creditor: Creditor) {
  const { cpfCnpj, token } = person.data;
  const { contratos } = await ports.proxy.call('consultaContrato', {
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
