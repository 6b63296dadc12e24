import type {
  inProgressInput,
  reissueInput,
  sendAgreementInput,
} from '@portal/contracts/procedures/agreements';
import { type AgreementQueryResult, PAYMENT_METHOD_CODE } from '@portal/contracts/upstream/entities';
import { maskContract } from '@portal/validation/contract';
import { todayInBrazil } from '@portal/validation/dates';
import { parseMoney } from '@portal/validation/money';
import { normalizePhone } from '@portal/validation/phone';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { tooMany } from '../auth/sign-in';
import { contractScope, creditorBrief, creditorOf } from '../negotiation/creditors';
import { isoOf, paidDayOf } from '../negotiation/views';
import { trackBoleto } from '../tracking/trail';
import type { SignedIn } from '../trpc/context';
import { letterOfAgreement } from './agreement-letter';
import { boletoViews, letterFile } from './boleto-files';
import { reissueDeliveryOf } from './delivery';
import { madeOn } from './made-agreements';
import { negativeRecordLift } from './negative-record';
import { AGREEMENT_MESSAGES, type ConcludedAgreement, type ReissueResult, type SendResult } from './types';

/**
 * Only the first unpaid instalment can be paid now: every later unpaid one is shown FUTURA, whatever the
 * upstream marked (some creditors' upstreams answer them all 'EM ABERTO').
 */
function payableFirst(agreement: AgreementQueryResult): AgreementQueryResult {
  const unpaid = agreement.parcelasAcordo.filter((p) => p.status !== 'PAGO').map((p) => p.numero);
  const first = Math.min(...unpaid);
  return {
    ...agreement,
    parcelasAcordo: agreement.parcelasAcordo.map((p) =>
      p.status === 'PAGO' || p.numero === first ? p : { ...p, status: 'FUTURA' },
    ),
  };
}

const HOUR = 60 * 60_000;

/**
 * Each send or re-issue has the upstream e-mail or text a boleto to someone: both are counted together,
 * per session and per document, before anything is asked of the upstream.
 */
async function takeSend(ctx: SignedIn): Promise<void> {
  const { config, limiter } = ctx.services;
  const allowed = await limiter.hitAll([
    [
      'agreement-send-session',
      ctx.session.id,
      { max: config.AGREEMENT_SENDS_PER_SESSION_HOUR, windowMs: HOUR },
    ],
    [
      'agreement-send-doc',
      ctx.session.data.cpfCnpj,
      { max: config.AGREEMENT_SENDS_PER_PERSON_DAY, windowMs: 24 * HOUR },
    ],
  ]);
  if (!allowed) throw tooMany();
}

/** The agreement in progress on a contract (proxy `consultaAcordo`), its statuses as the portal shows them. */
export const agreementOn = async (ctx: SignedIn, scope: ReturnType<typeof contractScope>) =>
  payableFirst(await ctx.services.proxy.call('consultaAcordo', scope));

/** The agreement in progress on a contract, for /acordos. */
export async function agreementInProgress(ctx: SignedIn, input: z.output<typeof inProgressInput>) {
  const creditor = await creditorOf(ctx, input.codcredor);
  const data = await agreementOn(ctx, contractScope(ctx, creditor.agrupador, input.contrato));
  return {
    credor: creditorBrief(creditor),
    contrato: input.contrato,
    contratoExibido: maskContract(input.contrato),
    codigoAcordo: data.codigoAcordo,
    formaPagamento: data.formaPagamento,
    parcelas: data.parcelasAcordo.map((p) => ({
      id: p.id,
      numero: p.numero,
      status: p.status,
      vencimento: isoOf(p.dataVencimento),
      valorCents: parseMoney(p.valorPago),
      pagoEm: paidDayOf(p),
    })),
    baixa: negativeRecordLift(creditor, input.contrato, data, todayInBrazil()),
    /** every instalment paid: the declaration of settlement can be downloaded */
    quitado: data.parcelasAcordo.length > 0 && data.parcelasAcordo.every((p) => p.status === 'PAGO'),
  };
}

/**
 * 'Gerar pagamento' on /acordos: issues the boleto of the agreement's open instalment again
 * (`emitirBoleto`, by one channel), in the type and mode the agreement was made with. Any other
 * instalment is refused before anything is asked of the upstream.
 */
export async function reissue(ctx: SignedIn, input: z.output<typeof reissueInput>): Promise<ReissueResult> {
  await takeSend(ctx);
  const creditor = await creditorOf(ctx, input.codcredor);
  const { proxy, sessions } = ctx.services;
  const scope = contractScope(ctx, creditor.agrupador, input.contrato);
  const current = await agreementOn(ctx, scope);
  const issued = current.parcelasAcordo.find((p) => p.id === input.parcela);
  if (issued?.status !== 'EM ABERTO') {
    throw new TRPCError({ code: 'BAD_REQUEST', message: AGREEMENT_MESSAGES.issueFailed });
  }
  const made = await madeOn(ctx, creditor.agrupador, input.contrato, current.parcelasAcordo.length);
  const delivery = await reissueDeliveryOf(ctx, input.email || undefined, input.telefone || undefined);
  const nossonumero = issued.nossonumero ?? '';
  const reply = await proxy.call('emitirBoleto', {
    ...scope,
    idproposta: issued.id,
    modo: made.modo,
    ...delivery,
    nossonumero,
    ...(delivery.canalrecebimento === 'email'
      ? { formapagamento: PAYMENT_METHOD_CODE[current.formaPagamento] }
      : {}),
  });
  if (reply.erro) throw new TRPCError({ code: 'BAD_REQUEST', message: AGREEMENT_MESSAGES.issueFailed });
  if (reply.boletos.length === 0) {
    await sessions.clear(ctx.session, 'agreement');
    return { status: 'sem-boletos' };
  }
  const method = creditor.pagamento.find((p) => p.tipoPagamento === current.formaPagamento);
  const boletos = await boletoViews(ctx, current.formaPagamento, input.contrato, reply.boletos);
  const today = todayInBrazil();
  const acordo: ConcludedAgreement = {
    tipo: 'reemissao',
    titulo: AGREEMENT_MESSAGES.reissueTitle,
    credor: creditorBrief(creditor),
    contrato: input.contrato,
    contratoExibido: maskContract(input.contrato),
    formaPagamento: current.formaPagamento,
    pagamentoSite: method?.pagamentoInterno ?? true,
    tipoAcordo: made.tipoAcordo,
    idProposta: issued.id,
    modo: made.modo,
    nossonumero,
    boletos,
    valorCents: parseMoney(issued.valorPago),
    vencimento: isoOf(issued.dataVencimento),
    carta: await letterFile(
      ctx,
      letterOfAgreement(current, creditorBrief(creditor).nome, input.contrato, boletos, today),
    ),
  };
  await sessions.write(ctx.session, 'agreement', acordo);
  trackBoleto(ctx, acordo, 'reemissao');
  return { status: 'concluido', acordo };
}

/**
 * 'Enviar por e-mail' / 'Enviar por SMS' on the concluded page: the boletos payable now to that address,
 * one `emitirBoleto` each — every unpaid one of an individual-instalments agreement (modo '2', all due
 * together), else the open instalment's.
 */
export async function sendAgreement(
  ctx: SignedIn,
  input: z.output<typeof sendAgreementInput>,
): Promise<SendResult> {
  await takeSend(ctx);
  const { proxy, sessions } = ctx.services;
  const acordo = await sessions.read(ctx.session, 'agreement');
  if (!acordo) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: AGREEMENT_MESSAGES.noAgreement });
  const scope = contractScope(ctx, acordo.credor.codcredor, acordo.contrato);
  const current = await agreementOn(ctx, scope);
  const unpaid = current.parcelasAcordo
    .filter((p) => p.status !== 'PAGO')
    .sort((a, b) => a.numero - b.numero);
  const payable = acordo.modo === '2' ? unpaid : unpaid.filter((p) => p.status === 'EM ABERTO');
  if (payable.length === 0) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: AGREEMENT_MESSAGES.issueFailed });
  }
  for (const instalment of payable) {
    const nossonumero = instalment.nossonumero ?? '';
    const reply = await proxy.call('emitirBoleto', {
      ...scope,
      idproposta: instalment.id,
      modo: acordo.modo,
      canalrecebimento: input.canal,
      destinorecebimento: input.canal === 'email' ? input.destino : normalizePhone(input.destino),
      nossonumero,
      ...(input.canal === 'email' ? { formapagamento: PAYMENT_METHOD_CODE[acordo.formaPagamento] } : {}),
    });
    if (reply.erro) throw new TRPCError({ code: 'BAD_REQUEST', message: AGREEMENT_MESSAGES.issueFailed });
    if (reply.boletos.length === 0) {
      await sessions.clear(ctx.session, 'agreement');
      return { ok: false, message: AGREEMENT_MESSAGES.nothingToIssue };
    }
    trackBoleto(ctx, { ...acordo, nossonumero: nossonumero || acordo.nossonumero }, input.canal);
  }
  return { ok: true, message: AGREEMENT_MESSAGES.sent };
}
