import { PAYMENT_METHOD_CODE } from '@portal/contracts/entities';
import type {
  inProgressInput,
  reissueInput,
  sendAgreementInput,
} from '@portal/contracts/procedures/agreements';
import { maskContract } from '@portal/validation/contract';
import { parseMoney } from '@portal/validation/money';
import { normalizePhone } from '@portal/validation/phone';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { contractScope, creditorBrief, creditorOf } from '../negotiation/creditors';
import { isoOf } from '../negotiation/views';
import { trackBoleto } from '../tracking/trail';
import type { SignedIn } from '../trpc/context';
import { boletoViews } from './boleto-files';
import { deliveryOf } from './delivery';
import { AGREEMENT_MESSAGES, type ConcludedAgreement, type CreateResult } from './types';

/** The agreement in progress on a contract (proxy `consultaAcordo`), for /acordos. */
export async function agreementInProgress(ctx: SignedIn, input: z.output<typeof inProgressInput>) {
  const creditor = await creditorOf(ctx, input.codcredor);
  const data = await ctx.services.proxy.call(
    'consultaAcordo',
    contractScope(ctx, creditor.agrupador, input.contrato),
  );
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
    })),
  };
}

/** 'Gerar pagamento' on /acordos: issues the boleto of an open agreement instalment again (`emitirBoleto`). */
export async function reissue(ctx: SignedIn, input: z.output<typeof reissueInput>): Promise<CreateResult> {
  const creditor = await creditorOf(ctx, input.codcredor);
  const { proxy, sessions } = ctx.services;
  const scope = contractScope(ctx, creditor.agrupador, input.contrato);
  const current = await proxy.call('consultaAcordo', scope);
  const delivery = await deliveryOf(ctx, input.email || undefined, input.telefone || undefined);
  const reply = await proxy.call('emitirBoleto', {
    ...scope,
    idproposta: input.parcela,
    modo: '1',
    ...delivery,
    nossonumero: '',
    formapagamento: PAYMENT_METHOD_CODE[current.formaPagamento],
  });
  if (reply.erro || reply.boletos.length === 0) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: AGREEMENT_MESSAGES.issueFailed });
  }
  const method = creditor.pagamento.find((p) => p.tipoPagamento === current.formaPagamento);
  const acordo: ConcludedAgreement = {
    tipo: 'reemissao',
    titulo: AGREEMENT_MESSAGES.reissueTitle,
    credor: creditorBrief(creditor),
    contrato: input.contrato,
    contratoExibido: maskContract(input.contrato),
    formaPagamento: current.formaPagamento,
    pagamentoSite: method?.pagamentoInterno ?? true,
    tipoAcordo: current.parcelasAcordo.length > 1 ? 'AP' : 'AV',
    idProposta: input.parcela,
    modo: '1',
    nossonumero: current.codigoAcordo,
    boletos: await boletoViews(ctx, current.formaPagamento, input.contrato, reply.boletos),
  };
  await sessions.write(ctx.session, 'agreement', acordo);
  trackBoleto(ctx, acordo, 'reemissao');
  return { status: 'concluido', acordo };
}

/** 'Enviar por e-mail' / 'Enviar por SMS' on the concluded page: the open instalment's boleto to that address. */
export async function sendAgreement(
  ctx: SignedIn,
  input: z.output<typeof sendAgreementInput>,
): Promise<{ ok: true; message: string }> {
  const acordo = await ctx.services.sessions.read(ctx.session, 'agreement');
  if (!acordo) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: AGREEMENT_MESSAGES.noAgreement });
  const scope = contractScope(ctx, acordo.credor.codcredor, acordo.contrato);
  const current = await ctx.services.proxy.call('consultaAcordo', scope);
  const open = current.parcelasAcordo.find((p) => p.status === 'EM ABERTO');
  if (!open) throw new TRPCError({ code: 'BAD_REQUEST', message: AGREEMENT_MESSAGES.issueFailed });
  const reply = await ctx.services.proxy.call('emitirBoleto', {
    ...scope,
    idproposta: open.id,
    modo: '1',
    canalrecebimento: input.canal,
    destinorecebimento: input.canal === 'email' ? input.destino : normalizePhone(input.destino),
    nossonumero: acordo.nossonumero,
    ...(input.canal === 'email' ? { formapagamento: PAYMENT_METHOD_CODE[acordo.formaPagamento] } : {}),
  });
  if (reply.erro) throw new TRPCError({ code: 'BAD_REQUEST', message: AGREEMENT_MESSAGES.issueFailed });
  trackBoleto(ctx, acordo, input.canal);
  return { ok: true, message: AGREEMENT_MESSAGES.sent };
}
