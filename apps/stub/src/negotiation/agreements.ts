import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { AgreementQueryResult, Boleto, BoletoIssueResult } from '@portal/contracts/upstream/entities';
import {
  type emitirBoletoRequest,
  type gerarBoletoRequest,
  METHOD_REFUSED,
} from '@portal/contracts/upstream/proxy-channel';
import {
  addDays,
  daysBetween,
  type InstalmentSchedule,
  instalmentDates,
  isBusinessDay,
  parseBrDate,
} from '@portal/validation/dates';
import type { z } from 'zod';
import type { SeedAgreement, SeedContract } from '../data/types';
import type { InjectedFault } from '../faults/faults';
import type { BoletoPdfInput } from '../payments/boleto-pdf';
import { boletoBarcode, boletoFreeField, formatLinhaDigitavel, linhaDigitavel } from '../payments/febraban';
import { pixCopiaECola, pixQrSvg, STUB_PIX_KEY } from '../payments/pix';
import { debtsOnWire, paymentDate } from './debts';
import { proposalsOnWire } from './proposals';

/** A bank code no real bank uses (COMPE 999 is unassigned): the simulator's boletos can never be paid by mistake. */
export const STUB_BANK_CODE = '999';
/** The simulator's one collection account: every partner's boletos and PIX codes are received there. */
export const CONVENIO = '4012870';
export const BENEFICIARIO = {
  nome: 'Negocia Varejo Simulador',
  documento: '11.444.777/0001-61',
  agenciaCodigo: '0001 / 4012870',
};
export const PIX_CITY = 'SAO PAULO';

export const AGREEMENT_MESSAGES = {
  proposalGone: 'Proposta não encontrada ou expirada. Consulte as ofertas novamente.',
  instalmentsGone: 'Parcelas não disponíveis para acordo.',
  methodRefused: METHOD_REFUSED,
  badDueDate: 'Data de vencimento inválida.',
  duplicateKey: 'Requisição duplicada com dados diferentes.',
} as const;

type GerarBoleto = z.infer<typeof gerarBoletoRequest>;
type EmitirBoleto = z.infer<typeof emitirBoletoRequest>;
const METHOD_BY_CODE = { 1: 'boleto', 2: 'cartao', 4: 'pix' } as const;

export interface LedgerInstalment {
  numero: number;
  due: string;
  cents: number;
  status: 'PAGO' | 'EM ABERTO';
}

/** An agreement the simulator made; tests read the ledger at /__stub/agreements. */
export interface LedgerAgreement {
  codigoAcordo: string;
  nossonumero: string;
  cpfCnpj: string;
  codcredor: string;
  contrato: string;
  modo: '1' | '2';
  idproposta: string;
  formapagamento: 1 | 2 | 4;
  canalrecebimento: string;
  destinorecebimento: string;
  /** ours: the portal's idempotency key when it sent one (the simulator ignores it unless told otherwise) */
  chave: string | undefined;
  createdAt: string;
  /** the debt instalments it settles: they leave consultaDivida and consultaProposta (unless it is cancelled) */
  settles: string[];
  instalments: LedgerInstalment[];
  /** ours: how many changes (moverParcela, alterarVencimento) it has had */
  alteracoes: number;
  /** a seeded agreement, brought into the ledger by its first change: gerarBoleto did not make it */
  seeded?: true;
}

/** An accepted moverParcela or alterarVencimento, as it reached the simulator; read at /__stub/agreements/changes. */
interface AgreementChange {
  receivedAt: string;
  metodo: 'moverParcela' | 'alterarVencimento';
  cpfCnpj: string;
  codcredor: string;
  contrato: string;
  codigoAcordo: string;
  /** moverParcela: the instalment moved */
  numero?: number;
  /** alterarVencimento: the new due day */
  dia?: number;
}

/** A gerarBoleto message as it reached the simulator, and the agreement it made (null: none). */
export interface GerarBoletoMessage {
  receivedAt: string;
  idRequest: string;
  cpfCnpj: string;
  codcredor: string;
  contrato: string;
  idproposta: string;
  chave: string | undefined;
  codigoAcordo: string | null;
  /** the fault the simulator's knobs put on its reply, if any: what a chaos run reports per kind */
  fault?: InjectedFault;
}

export interface Payer {
  /** the simulator's address as browsers reach it, for PDF and card-page links */
  base: string;
  cpfCnpj: string;
  nome: string;
  creditorName: string;
  payments: number[];
}

type Outcome =
  | { ok: true; data: BoletoIssueResult; agreement: LedgerAgreement | null; issued: Boleto[] }
  | { ok: false; msg: string };

/** The nosso número printed on the boleto of an agreement's instalment: the one `emitirBoleto` names it by. */
export const boletoNossoNumero = (codigoAcordo: string, numero: number): string =>
  boletoFreeField({ convenio: CONVENIO, agreementId: codigoAcordo, parcela: numero }).nossoNumero;

/** A consultaAcordo answer with each instalment's nosso número (ours: the upstream's own reference). */
export const withBoletoNumbers = (agreement: AgreementQueryResult): AgreementQueryResult => ({
  ...agreement,
  parcelasAcordo: agreement.parcelasAcordo.map((p) => ({
    ...p,
    nossonumero: boletoNossoNumero(agreement.codigoAcordo, p.numero),
  })),
});

/** The same day a month later (30 days), moved forward to a business day. */
export function monthly(first: string, k: number): string {
  let day = addDays(first, 30 * k);
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** The simulator's agreements, the gerarBoleto messages that asked for them and the boleto files it can serve. */
export function createLedger() {
  const agreements: LedgerAgreement[] = [];
  const requests: GerarBoletoMessage[] = [];
  const changes: AgreementChange[] = [];
  const byKey = new Map<string, { fingerprint: string; result: Outcome }>();
  const files = new Map<string, BoletoPdfInput>();
  const cardPages = new Map<string, { creditorName: string; cents: number }>();

  async function issue(
    agreement: LedgerAgreement,
    instalment: LedgerInstalment,
    payer: Payer,
  ): Promise<Boleto> {
    const token = randomBytes(24).toString('base64url');
    const { base } = payer;
    if (agreement.formapagamento === 2) {
      cardPages.set(token, { creditorName: payer.creditorName, cents: instalment.cents });
      // A card is paid on the creditor's page: no boleto file, and the payment line is that page's address.
      return { url: '', linhaDigitavel: `${base}/pagamento/cartao/${token}` };
    }
    const { freeField, nossoNumero } = boletoFreeField({
      convenio: CONVENIO,
      agreementId: agreement.codigoAcordo,
      parcela: instalment.numero,
    });
    const barcode = boletoBarcode({
      bankCode: STUB_BANK_CODE,
      dueDate: instalment.due,
      amountCents: instalment.cents,
      freeField,
    });
    const line = formatLinhaDigitavel(linhaDigitavel(barcode));
    // Every boleto is hybrid (since February 2025): a PIX code for the same charge, on the PDF and in the reply.
    const pix = pixCopiaECola({
      key: STUB_PIX_KEY,
      txid: `${agreement.codigoAcordo}P${instalment.numero}`,
      amountCents: instalment.cents,
      merchantName: payer.creditorName,
      merchantCity: PIX_CITY,
    });
    files.set(token, {
      beneficiario: BENEFICIARIO,
      pagador: { nome: payer.nome, documento: payer.cpfCnpj },
      linhaDigitavel: line,
      barcode,
      dueDate: instalment.due,
      amountCents: instalment.cents,
      nossoNumero,
      contrato: agreement.contrato,
      parcela: instalment.numero,
      bankName: 'Banco Simulador',
      pix,
    });
    const url = `${base}/boletos/${token}.pdf`;
    const qrCode = `data:image/svg+xml;base64,${Buffer.from(await pixQrSvg(pix)).toString('base64')}`;
    if (agreement.formapagamento === 1) return { url, linhaDigitavel: line, qrCode, pixCopiaECola: pix };
    return { url, linhaDigitavel: pix, qrCode };
  }

  /** The instalments an accepted request makes, or why it is refused. */
  function plan(
    request: GerarBoleto,
    contract: SeedContract,
    today: string,
    settled: ReadonlySet<string>,
    schedule: InstalmentSchedule,
  ): { payOn: string; instalments: LedgerInstalment[]; settles: string[] } | string {
    const requested = request.vencimento === undefined ? undefined : (parseBrDate(request.vencimento) ?? '');
    const date = paymentDate(today, requested);
    if (!date.ok) return AGREEMENT_MESSAGES.badDueDate;
    const open = {
      ...contract,
      instalments: contract.instalments.filter((i) => !settled.has(`${contract.numero}-${i.numero}`)),
    };
    if (request.modo === '1') {
      const proposal = proposalsOnWire(open, today, date.payOn, date.max).find(
        (p) => p.id === request.idproposta,
      );
      if (!proposal) return AGREEMENT_MESSAGES.proposalGone;
      const cents = (money: string) => Number(money.replace(/\D/g, ''));
      const first = {
        numero: 1,
        due: date.payOn,
        cents: cents(proposal.valorPago),
        status: 'EM ABERTO' as const,
      };
      const dues = instalmentDates(date.payOn, proposal.quantidadeParcelas, schedule, request.diaVencimento);
      const rest = Array.from({ length: proposal.quantidadeParcelas }, (_, k) => ({
        numero: k + 2,
        due: dues[k + 1] ?? date.payOn,
        cents: cents(proposal.valorParcela),
        status: 'EM ABERTO' as const,
      }));
      return {
        payOn: date.payOn,
        instalments: proposal.tipo === 'AV' ? [first] : [first, ...rest],
        settles: proposal.prestacoes.map((p) => `${p.numContrato}-${p.numero}`),
      };
    }
    const wanted = request.idproposta.split(';');
    const debts = debtsOnWire(open, today, date.payOn, date.max);
    const chosen = wanted.map((id) => debts.find((d) => d.id === id));
    if (chosen.some((d) => !d) || new Set(wanted).size !== wanted.length)
      return AGREEMENT_MESSAGES.instalmentsGone;
    return {
      payOn: date.payOn,
      instalments: chosen.map((d, i) => ({
        numero: i + 1,
        due: date.payOn,
        cents: Number((d?.valorpago ?? '').replace(/\D/g, '')),
        status: 'EM ABERTO' as const,
      })),
      settles: wanted,
    };
  }

  return {
    agreements,
    requests,
    changes,
    files,
    cardPages,

    /** Records a gerarBoleto message as it arrives, before anything can fail it. */
    receive(request: GerarBoleto): GerarBoletoMessage {
      const message: GerarBoletoMessage = {
        receivedAt: new Date().toISOString(),
        idRequest: request.idRequest,
        cpfCnpj: request.cpfcnpj,
        codcredor: request.codcredor,
        contrato: request.contrato,
        idproposta: request.idproposta,
        chave: request.chave,
        codigoAcordo: null,
      };
      requests.push(message);
      return message;
    },

    /**
     * gerarBoleto, as the real upstream does it: every request it accepts makes an agreement. A repeat
     * makes a second one: the proposal is looked up among the open instalments, then among all the
     * contract's (the request the first agreement came from). `honourKey` (ours, off by default) answers a
     * repeated `chave` with the first result instead, and refuses the key for another request.
     */
    async create(
      request: GerarBoleto,
      contract: SeedContract,
      payer: Payer,
      today: string,
      {
        fails = false,
        honourKey = false,
        message,
        settled,
        schedule = '30-dias',
      }: {
        fails?: boolean;
        honourKey?: boolean;
        /** how the creditor dates the instalments after the first: every 30 days unless it says otherwise */
        schedule?: InstalmentSchedule;
        /** the debt instalments settled now (a cancelled agreement's are not); by default every agreement's */
        settled?: ReadonlySet<string>;
        /** the message as received (`receive`): it learns the agreement it made */
        message?: GerarBoletoMessage;
      } = {},
    ): Promise<Outcome> {
      const { idRequest: _id, token: _token, ...rest } = request;
      const fingerprint = createHash('sha256').update(JSON.stringify(rest)).digest('hex');
      const earlier = honourKey && request.chave !== undefined ? byKey.get(request.chave) : undefined;
      if (earlier) {
        return earlier.fingerprint === fingerprint
          ? earlier.result
          : { ok: false, msg: AGREEMENT_MESSAGES.duplicateKey };
      }
      let result: Outcome;
      if (!payer.payments.includes(request.formapagamento)) {
        result = { ok: false, msg: AGREEMENT_MESSAGES.methodRefused };
      } else if (fails) {
        result = {
          ok: true,
          data: { erro: true, boletos: [], nossonumero: '' },
          agreement: null,
          issued: [],
        };
      } else {
        const open = plan(
          request,
          contract,
          today,
          settled ?? new Set(agreements.filter((a) => a.cpfCnpj === payer.cpfCnpj).flatMap((a) => a.settles)),
          schedule,
        );
        const planned = typeof open === 'string' ? plan(request, contract, today, new Set(), schedule) : open;
        if (typeof planned === 'string') {
          result = { ok: false, msg: typeof open === 'string' ? open : planned };
        } else {
          const codigoAcordo =
            String(randomInt(10_000_000, 99_999_999)) + String(agreements.length % 100).padStart(2, '0');
          const agreement: LedgerAgreement = {
            codigoAcordo,
            // the reply names the agreement by its first boleto's own nosso número
            nossonumero: boletoNossoNumero(codigoAcordo, planned.instalments[0]?.numero ?? 1),
            cpfCnpj: payer.cpfCnpj,
            codcredor: request.codcredor,
            contrato: request.contrato,
            modo: request.modo,
            idproposta: request.idproposta,
            formapagamento: request.formapagamento,
            canalrecebimento: request.canalrecebimento,
            destinorecebimento: request.destinorecebimento,
            chave: request.chave,
            createdAt: new Date().toISOString(),
            settles: planned.settles,
            instalments: planned.instalments,
            alteracoes: 0,
          };
          const payable = request.modo === '2' ? agreement.instalments : agreement.instalments.slice(0, 1);
          const boletos: Boleto[] = [];
          for (const instalment of payable) boletos.push(await issue(agreement, instalment, payer));
          agreements.push(agreement);
          if (message) message.codigoAcordo = codigoAcordo;
          result = {
            ok: true,
            data: { erro: false, boletos, nossonumero: agreement.nossonumero },
            agreement,
            issued: boletos,
          };
        }
      }
      if (request.chave !== undefined) byKey.set(request.chave, { fingerprint, result });
      return result;
    },

    /**
     * emitirBoleto: a new boleto for the instalment `idproposta` ('{codigoAcordo}-{numero}') that can be
     * paid now — the first unpaid one, or any unpaid one of an individual-instalments agreement (modo '2',
     * all due together). `erro` for anything else: another mode than the agreement's, a paid or future
     * instalment, a nosso número that is not that boleto's own, a payment method not the agreement's.
     * `empty`: the agreement ended meanwhile, so nothing is issued and no error either.
     */
    async reissue(
      request: EmitirBoleto,
      agreement: LedgerAgreement | undefined,
      payer: Payer,
      {
        empty = false,
        overdueUntil,
      }: {
        empty?: boolean;
        /** an overdue instalment's new boleto falls due on this day (the creditor's tolerance), not its own */
        overdueUntil?: (due: string) => string;
      } = {},
    ) {
      const refused = { erro: true, boletos: [] as Boleto[] };
      if (!agreement || request.modo !== agreement.modo) return refused;
      const unpaid = agreement.instalments
        .filter((i) => i.status !== 'PAGO')
        .sort((a, b) => a.numero - b.numero);
      const payable = agreement.modo === '2' ? unpaid : unpaid.slice(0, 1);
      const instalment = payable.find((i) => `${agreement.codigoAcordo}-${i.numero}` === request.idproposta);
      if (!instalment) return refused;
      if (request.nossonumero !== boletoNossoNumero(agreement.codigoAcordo, instalment.numero))
        return refused;
      if (request.formapagamento !== undefined && request.formapagamento !== agreement.formapagamento)
        return refused;
      if (empty) return { erro: false, boletos: [] as Boleto[] };
      const due = overdueUntil ? overdueUntil(instalment.due) : instalment.due;
      return { erro: false, boletos: [await issue(agreement, { ...instalment, due }, payer)] };
    },

    /** The agreement in the shape of the seed's, for consultaAcordo and /acordos. */
    asSeed(agreement: LedgerAgreement, today: string): SeedAgreement {
      return {
        codigo: agreement.codigoAcordo,
        formaPagamento: METHOD_BY_CODE[agreement.formapagamento],
        instalments: agreement.instalments.map((i) => ({
          numero: i.numero,
          dueInDays: daysBetween(today, i.due),
          valueCents: i.cents,
          status: i.status,
        })),
      };
    },
  };
}
