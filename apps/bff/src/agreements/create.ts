import { PAYMENT_METHOD_CODE } from '@portal/contracts/entities';
import type { createAgreementInput } from '@portal/contracts/procedures/agreements';
import { formatBrDate, todayInBrazil } from '@portal/validation/dates';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { contractScope } from '../negotiation/creditors';
import type { Summary } from '../negotiation/summary';
import { trackAgreement } from '../tracking/trail';
import type { SignedIn } from '../trpc/context';
import { UpstreamError } from '../upstream/errors';
import { letterOfSummary } from './agreement-letter';
import { boletoViews, letterFile } from './boleto-files';
import { deliveryOf } from './delivery';
import { bodyOf, once, ownerOf } from './idempotency';
import { rememberMade } from './made-agreements';
import { AGREEMENT_MESSAGES, type ConcludedAgreement, type CreateResult } from './types';

/**
 * Concludes the agreement of the session's summary (proxy `gerarBoleto`), exactly once per key: the key
 * is the summary's, the upstream gets it too, and a repeat — retry, reload, another instance — answers
 * the first result without creating anything (409 while the first is still running).
 */
export async function createAgreement(
  ctx: SignedIn,
  input: z.output<typeof createAgreementInput>,
): Promise<CreateResult> {
  const { sessions, store, proxy, config } = ctx.services;
  const { cpfCnpj } = ctx.session.data;
  // the summary the creation used, for the trail once the result is recorded
  let used: Summary | undefined;
  const { result, repeated } = await once(
    store,
    { key: input.chave, owner: ownerOf(cpfCnpj), body: bodyOf(input), leaseMs: config.IDEMPOTENCY_LEASE_MS },
    async () => {
      const saved = await sessions.read(ctx.session, 'summary');
      if (!saved || saved.chave !== input.chave) {
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: AGREEMENT_MESSAGES.noSummary });
      }
      used = saved;
      const delivery = await deliveryOf(ctx, input.email || undefined, input.telefone || undefined);
      const reply = await proxy
        .call('gerarBoleto', {
          ...contractScope(ctx, saved.credor.codcredor, saved.contrato),
          formapagamento: PAYMENT_METHOD_CODE[saved.formaPagamento],
          idproposta: saved.idProposta,
          modo: saved.modo,
          ...delivery,
          // the date the user saw, when the summary says to send it (it always does: decision 0005)
          ...(saved.mandarVencimento ? { vencimento: formatBrDate(saved.detalhes.vencimento) } : {}),
          chave: saved.chave,
        })
        .catch((error: unknown) => {
          // No reply (timeout, lost socket): the upstream may have made the agreement. The outcome is
          // pending, not failed; a repeat of the key learns it, as the upstream replays a repeated key.
          if (error instanceof UpstreamError && (error.kind === 'timeout' || error.kind === 'unavailable')) {
            ctx.req.log.warn({ kind: error.kind }, 'agreement outcome unknown: answered as pending');
            throw new TRPCError({ code: 'CONFLICT', message: AGREEMENT_MESSAGES.inProgress });
          }
          throw error;
        });
      if (reply.erro) return { status: 'erro' };
      await rememberMade(ctx, saved.credor.codcredor, saved.contrato, {
        tipoAcordo: saved.tipoAcordo,
        modo: saved.modo,
      });
      const boletos = await boletoViews(ctx, saved.formaPagamento, saved.contrato, reply.boletos);
      const acordo: ConcludedAgreement = {
        tipo: 'acordo',
        titulo: AGREEMENT_MESSAGES.defaultTitle,
        credor: saved.credor,
        contrato: saved.contrato,
        contratoExibido: saved.contratoExibido,
        formaPagamento: saved.formaPagamento,
        pagamentoSite: saved.pagamentoSite,
        tipoAcordo: saved.tipoAcordo,
        idProposta: saved.idProposta,
        modo: saved.modo,
        nossonumero: reply.nossonumero,
        boletos,
        // what the boletos issued now charge: a plan's entry, else the whole
        valorCents: saved.detalhes.entradaCents ?? saved.detalhes.totalCents,
        vencimento: saved.detalhes.vencimento,
        carta: await letterFile(ctx, letterOfSummary(saved, reply.nossonumero, boletos, todayInBrazil())),
      };
      await sessions.write(ctx.session, 'agreement', acordo);
      return { status: 'concluido', acordo };
    },
  );
  if (!repeated) {
    await sessions.clear(ctx.session, 'summary');
    if (result.status === 'concluido' && used) trackAgreement(ctx, used);
  }
  return result;
}
