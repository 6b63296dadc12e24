import type { Summary } from '@portal/bff/core/records';
import type { Ports } from '@portal/bff/ports/ports';
import type { TrailVisit } from '@portal/bff/upstream/trail-channel';
import type { AgreementQueryResult, Boleto, Contract, Creditor } from '@portal/contracts/upstream/entities';

// What the agreements' unit tests share: a summary, a creditor, an agreement, and fakes of the upstream's
// calls the agreements make, which keep what reached them.

/** A document and token other than the signed-in person's, for what another person owns. */
export const OTHER = { cpfCnpj: '11144477735', clientId: '2002' };

export const CREDITOR: Creditor = {
  logomarca: 'horizonte.svg',
  nomcontratante: 'Lojas Horizonte',
  agrupador: '1001',
  url: 'https://horizonte.example',
  pagamento: [
    { idTipoPagamento: 1, tipoPagamento: 'boleto', pagamentoInterno: true, pagamentoProposta: true },
    { idTipoPagamento: 2, tipoPagamento: 'cartao', pagamentoInterno: false, pagamentoProposta: true },
  ],
  parcelasIndividuaisSequenciais: false,
};

export const CONTRACT = '7201938455';

/** The summary's contract as its creditor lists it (consultaContrato), open to negotiation. */
const listedContract = (changes: Partial<Contract> = {}): Contract => ({
  codcredor: CREDITOR.agrupador,
  numcontrato: CONTRACT,
  situacao: 'Contrato em atraso',
  quantidadeParcelas: 3,
  valorprincipal: '880,00',
  permiteacordo: false,
  permiteproposta: true,
  permitedivida: true,
  ...changes,
});

/** The proxy replies that list the creditor and its contract, as the contract's standing asks them. */
export const listingReplies = (contract: Partial<Contract> = {}) => ({
  consultaDebito: () => ({ credor: [CREDITOR] }),
  consultaContrato: () => ({ contratos: [listedContract(contract)] }),
});

export const summaryOf = (chave = 'chave-1', changes: Partial<Summary> = {}): Summary => ({
  chave,
  credor: {
    codcredor: CREDITOR.agrupador,
    nome: CREDITOR.nomcontratante,
    logoUrl: '/api/logos/horizonte.svg',
  },
  contrato: CONTRACT,
  contratoExibido: '72***455',
  modo: '1',
  idProposta: 'P-7201938455-AP2',
  formaPagamento: 'boleto',
  pagamentoSite: true,
  tipoAcordo: 'AP',
  mandarVencimento: true,
  contratos: [
    {
      contrato: CONTRACT,
      contratoExibido: '72***455',
      parcelas: [
        {
          contrato: CONTRACT,
          contratoExibido: '72***455',
          numero: 7,
          vencimento: '2026-10-18',
          valorCents: 21_450,
          valorPagarCents: 22_100,
          futura: false,
        },
      ],
    },
  ],
  detalhes: {
    negociacao: 'Parcelado',
    entradaCents: 30_000,
    demaisParcelas: { quantidade: 2, valorCents: 25_050 },
    vencimento: '2026-11-24',
    atualizadoCents: 88_000,
    descontoCents: 7_900,
    totalCents: 80_100,
  },
  retorno: '/negociacao?credor=1001&contrato=7201938455',
  ...changes,
});

/** An agreement of three instalments: the first paid, the others open as the upstream answers them. */
export const agreementOf = (changes: Partial<AgreementQueryResult> = {}): AgreementQueryResult => ({
  codigoAcordo: 'AC-500',
  formaPagamento: 'boleto',
  parcelasAcordo: [
    {
      id: 'I-1',
      numero: 1,
      status: 'PAGO',
      dataVencimento: '10/01/2026',
      valorPago: '300,00',
      dataPagamento: '09/01/2026',
    },
    {
      id: 'I-2',
      numero: 2,
      status: 'EM ABERTO',
      dataVencimento: '10/02/2026',
      valorPago: '250,50',
      nossonumero: 'NN-2',
    },
    {
      id: 'I-3',
      numero: 3,
      status: 'EM ABERTO',
      dataVencimento: '10/03/2026',
      valorPago: '250,50',
      nossonumero: 'NN-3',
    },
  ],
  ...changes,
});

/** A boleto the upstream serves as one of its PDFs. */
export const boletoAt = (name: string, changes: Partial<Boleto> = {}): Boleto => ({
  url: `http://upstream.invalid/boletos/${name.padEnd(16, '0')}.pdf`,
  linhaDigitavel: `23790.00009 ${name}`,
  ...changes,
});

type TrailRecord = Parameters<Ports['trail']['record']>[1];

type ProxyReplies = Record<string, (body: Record<string, unknown>) => unknown>;

/**
 * The proxy channel's `call`, answering each method with the test's reply (or throwing what it throws); a
 * method the test did not answer fails the test. `calls` keeps every request, in order.
 */
export function fakeProxy(replies: ProxyReplies) {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const proxy = {
    call: async (method: string, body: Record<string, unknown>) => {
      calls.push({ method, body });
      const reply = replies[method];
      if (!reply) throw new Error(`the test gave no reply to proxy ${method}`);
      return reply(body);
    },
  } as unknown as Ports['proxy'];
  return {
    proxy,
    calls,
    of: (method: string) => calls.filter((c) => c.method === method).map((c) => c.body),
  };
}

/** The trail channel, keeping the records sent (each with its visit). */
export function fakeTrail() {
  const records: { visit: TrailVisit; record: TrailRecord }[] = [];
  const trail = {
    sessionIdOf: (id: string) => `trail-${id.slice(0, 8)}`,
    formerSessionIdsOf: () => [],
    record: async (visit: TrailVisit, record: TrailRecord) => void records.push({ visit, record }),
  } as unknown as Ports['trail'];
  return { trail, records };
}

/** The upstream's REST client, answering the profile with these contacts. */
export const profileWith = (contacts: { email: string; telefone: string }, tokens: string[] = []) =>
  ({
    profile: async (token: string) => {
      tokens.push(token);
      return { ...contacts };
    },
  }) as unknown as Ports['upstream'];

/** What a refused call refused with: its error, which the test then reads. */
export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}
