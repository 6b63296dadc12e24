import type { PaymentMethod } from '@portal/contracts/entities';
import { maskContract } from '@portal/validation/contract';
import { parseMoney } from '@portal/validation/money';
import { z } from 'zod';
import { router, sessionProcedure } from '../trpc/init';
import { logoPath } from './debts';
import { codcredor, contrato, creditorOf } from './negotiation';
import { isoOf } from './negotiation-views';

/** A boleto as the browser gets it: the PDF through our own origin, never the upstream's address. */
export interface BoletoView {
  /** /api/boletos/{ref}.pdf, opened only by the session that owns the agreement */
  pdfUrl: string;
  /** 'contract_index.pdf' (spec) */
  arquivo: string;
  linhaDigitavel: string;
  /** the PIX QR image (data: URI) when the payment is a PIX */
  qrCode: string | null;
  /** the creditor's payment page, for a card paid on its site */
  linkPagamento: string | null;
}

/** The spec's `dadosAcordoConcluido`, kept in the BFF session. */
export interface ConcludedAgreement {
  tipo: 'acordo' | 'reemissao';
  titulo: string;
  credor: { codigo: string; nome: string; logoUrl: string | null };
  contrato: string;
  contratoExibido: string;
  formaPagamento: PaymentMethod;
  pagamentoSite: boolean;
  tipoAcordo: 'AV' | 'AP';
  idProposta: string;
  modo: '1' | '2';
  nossonumero: string;
  boletos: BoletoView[];
}

export const agreementsRouter = router({
  /** What /acordo-concluido and /reemissao-concluida show; null sends the user to /minha-conta. */
  concluded: sessionProcedure.query(
    async ({ ctx }): Promise<ConcludedAgreement | null> =>
      (await ctx.services.sessions.read<ConcludedAgreement>(ctx.session, 'agreement')) ?? null,
  ),

  /** 'Ir para Minha Conta' forgets the concluded agreement (spec). */
  finish: sessionProcedure.mutation(async ({ ctx }) => {
    await ctx.services.sessions.clear(ctx.session, 'agreement');
    return { ok: true as const };
  }),

  /** The agreement in progress on a contract (proxy `consultaAcordo`), for /acordos. */
  inProgress: sessionProcedure.input(z.object({ codcredor, contrato })).query(async ({ ctx, input }) => {
    const creditor = await creditorOf(ctx, input.codcredor);
    const { cpfCnpj, token } = ctx.session.data;
    const data = await ctx.services.proxy.call('consultaAcordo', {
      cpfcnpj: cpfCnpj,
      token,
      codcredor: creditor.agrupador,
      contrato: input.contrato,
    });
    return {
      credor: {
        codigo: creditor.agrupador,
        nome: creditor.nomcontratante,
        logoUrl: logoPath(creditor.logomarca),
      },
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
  }),
});
