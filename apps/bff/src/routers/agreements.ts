import { createHash, randomBytes } from 'node:crypto';
import type { Boleto } from '@portal/contracts/entities';
import { PAYMENT_METHOD_CODE, type PaymentMethod } from '@portal/contracts/entities';
import { UPSTREAM_PATHS } from '@portal/contracts/upstream-paths';
import { maskContract } from '@portal/validation/contract';
import { formatBrDate } from '@portal/validation/dates';
import { EMAIL_INVALID_SUMMARY_MESSAGE, isValidEmail, normalizeEmail } from '@portal/validation/email';
import { digitsOnly } from '@portal/validation/mask';
import { parseMoney } from '@portal/validation/money';
import { isValidPhone, normalizePhone, PHONE_INVALID_SUMMARY_MESSAGE } from '@portal/validation/phone';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { router, sessionProcedure } from '../trpc/init';
import { UpstreamError } from '../upstream/errors';
import { codcredor, contrato, creditorBrief, creditorOf, type SignedIn, type Summary } from './negotiation';
import { isoOf } from './negotiation-views';
import { trackAgreement, trackBoleto } from './tracking';

export const AGREEMENT_MESSAGES = {
  noSummary: 'Não encontramos o resumo do seu acordo. Comece a negociação novamente.',
  noContact: 'Informe um e-mail ou um celular para receber o boleto.',
  noAgreement: 'Não encontramos o acordo. Volte para Minha Conta.',
  sent: 'Suas informações foram enviadas com sucesso.',
  inProgress: 'Seu acordo está sendo processado. Aguarde um instante e consulte Minha Conta.',
  keyReused: 'Este acordo já foi concluído com outros dados de envio. Consulte Minha Conta.',
  issueFailed: 'Ocorreu um erro ao solicitar sua requisição.',
  defaultTitle: 'Parabéns, acordo concluído com sucesso!',
  reissueTitle: 'Pagamento gerado com sucesso!',
} as const;

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

export type CreateResult = { status: 'concluido'; acordo: ConcludedAgreement } | { status: 'erro' };

/** The boleto files a session may open: ref → the upstream PDF path and the file name. */
export type BoletoFiles = Record<string, { path: string; arquivo: string }>;
const MAX_BOLETO_FILES = 100;

/** What a repeat of an idempotency key gets: the first result, for the same document only. */
interface IdempotencyRecord {
  owner: string;
  /** what the first request asked for (its delivery contacts), as a hash */
  body: string;
  result: CreateResult;
}
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A key is the owner's alone: another document presenting it learns nothing. The same key with other
 * delivery contacts is refused (422) rather than answered with a result it did not ask for.
 */
function resultFor(record: IdempotencyRecord, owner: string, body: string): CreateResult {
  if (record.owner !== owner)
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: AGREEMENT_MESSAGES.noSummary });
  if (record.body !== body)
    throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: AGREEMENT_MESSAGES.keyReused });
  return record.result;
}
const bodyOf = (input: { email?: string | undefined; telefone?: string | undefined }) =>
  createHash('sha256')
    .update(JSON.stringify([input.email ?? '', digitsOnly(input.telefone ?? '')]))
    .digest('hex');
const ownerOf = (cpfCnpj: string) => createHash('sha256').update(`agreement-owner:${cpfCnpj}`).digest('hex');

const PDF_PATH = new RegExp(`^${UPSTREAM_PATHS.boletos}/[A-Za-z0-9_-]{16,100}\\.pdf$`);

/** The upstream's PDF path inside its address, or null when it is not one of its boleto files. */
function pdfPathOf(url: string): string | null {
  try {
    const { pathname } = new URL(url, 'http://upstream.invalid');
    return PDF_PATH.test(pathname) ? pathname : null;
  } catch {
    return null;
  }
}

const isHttpUrl = (url: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

async function boletoViews(
  ctx: SignedIn,
  method: PaymentMethod,
  contract: string,
  boletos: Boleto[],
): Promise<BoletoView[]> {
  const { sessions } = ctx.services;
  const files = (await sessions.read<BoletoFiles>(ctx.session, 'boletos')) ?? {};
  const views = boletos.map((b, index): BoletoView => {
    const arquivo = `${contract}_${index + 1}.pdf`;
    const path = pdfPathOf(b.url);
    let pdfUrl = '';
    if (path) {
      const ref = randomBytes(18).toString('base64url');
      files[ref] = { path, arquivo };
      pdfUrl = `/api/boletos/${ref}.pdf`;
    }
    return {
      pdfUrl,
      arquivo,
      linhaDigitavel: b.linhaDigitavel,
      qrCode: b.qrCode?.startsWith('data:image/') ? b.qrCode : null,
      linkPagamento: method === 'cartao' && isHttpUrl(b.url) ? b.url : null,
    };
  });
  const kept = Object.entries(files).slice(-MAX_BOLETO_FILES);
  await sessions.write(ctx.session, 'boletos', Object.fromEntries(kept));
  return views;
}

/** Spec §7: 'email;sms', 'email' or 'sms', and the matching addresses joined by ';'. */
async function deliveryOf(ctx: SignedIn, email: string | undefined, telefone: string | undefined) {
  let mail = email ? normalizeEmail(email) : '';
  let phone = telefone ? normalizePhone(telefone) : '';
  if (!mail && !phone) {
    const profile = await ctx.services.upstream.profile(ctx.session.data.token);
    mail = profile.email;
    phone = profile.telefone;
  }
  if (mail && phone)
    return { canalrecebimento: 'email;sms' as const, destinorecebimento: `${mail};${phone}` };
  if (mail) return { canalrecebimento: 'email' as const, destinorecebimento: mail };
  if (phone) return { canalrecebimento: 'sms' as const, destinorecebimento: phone };
  throw new TRPCError({ code: 'BAD_REQUEST', message: AGREEMENT_MESSAGES.noContact });
}

// Typed e-mails arrive with capitals and spaces: the spec's rule reads the normalized form.
const emailInput = z
  .string()
  .max(254)
  .transform(normalizeEmail)
  .refine((v) => v === '' || isValidEmail(v), EMAIL_INVALID_SUMMARY_MESSAGE);
const phoneInput = z
  .string()
  .max(20)
  .refine((v) => v === '' || isValidPhone(v), PHONE_INVALID_SUMMARY_MESSAGE);
const contactInput = { email: emailInput.optional(), telefone: phoneInput.optional() };

export const agreementsRouter = router({
  /**
   * Concludes the agreement of the session's summary (proxy `gerarBoleto`), exactly once: the key is
   * the summary's, the upstream gets it too, and a repeat — retry, reload, another instance — answers
   * the first result without creating anything (409 while the first is still running).
   */
  create: sessionProcedure
    .input(z.object({ chave: z.uuid(), ...contactInput }))
    .mutation(async ({ ctx, input }): Promise<CreateResult> => {
      const { sessions, store, proxy } = ctx.services;
      const { cpfCnpj, token } = ctx.session.data;
      const idemKey = `idem:agreement:${input.chave}`;
      const owner = ownerOf(cpfCnpj);
      const body = bodyOf(input);
      const earlier = await store.get<IdempotencyRecord>(idemKey);
      if (earlier) return resultFor(earlier, owner, body);
      // One request per key creates. A repeat while it runs (a reload, a retry, another instance) gets
      // 409 and asks again; the claim is a lease renewed while the creation runs, so one whose instance
      // died is taken over — safe, since the upstream itself answers a repeated key with its first result.
      const claim = `${idemKey}:claim`;
      const leaseMs = ctx.services.config.IDEMPOTENCY_LEASE_MS;
      if ((await store.increment(claim, leaseMs)) > 1) {
        const first = await store.get<IdempotencyRecord>(idemKey);
        if (first) return resultFor(first, owner, body);
        throw new TRPCError({ code: 'CONFLICT', message: AGREEMENT_MESSAGES.inProgress });
      }
      const renew = setInterval(() => void store.set(claim, 1, leaseMs).catch(() => undefined), leaseMs / 3);
      try {
        const summary = await sessions.read<Summary>(ctx.session, 'summary');
        if (!summary || summary.chave !== input.chave) {
          throw new TRPCError({ code: 'PRECONDITION_FAILED', message: AGREEMENT_MESSAGES.noSummary });
        }
        const delivery = await deliveryOf(ctx, input.email || undefined, input.telefone || undefined);
        const reply = await proxy
          .call('gerarBoleto', {
            cpfcnpj: cpfCnpj,
            token,
            codcredor: summary.credor.codigo,
            contrato: summary.contrato,
            formapagamento: PAYMENT_METHOD_CODE[summary.formaPagamento],
            idproposta: summary.idProposta,
            modo: summary.modo,
            ...delivery,
            vencimento: formatBrDate(summary.detalhes.vencimento),
            chave: summary.chave,
          })
          .catch((error: unknown) => {
            // No reply (timeout, lost socket): the upstream may have made the agreement. The outcome is
            // pending, not failed; a repeat of the key learns it, as the upstream replays a repeated key.
            if (
              error instanceof UpstreamError &&
              (error.kind === 'timeout' || error.kind === 'unavailable')
            ) {
              ctx.req.log.warn({ kind: error.kind }, 'agreement outcome unknown: answered as pending');
              throw new TRPCError({ code: 'CONFLICT', message: AGREEMENT_MESSAGES.inProgress });
            }
            throw error;
          });

        let result: CreateResult;
        if (reply.erro) {
          result = { status: 'erro' };
        } else {
          const acordo: ConcludedAgreement = {
            tipo: 'acordo',
            titulo: AGREEMENT_MESSAGES.defaultTitle,
            credor: summary.credor,
            contrato: summary.contrato,
            contratoExibido: summary.contratoExibido,
            formaPagamento: summary.formaPagamento,
            pagamentoSite: summary.pagamentoSite,
            tipoAcordo: summary.tipoAcordo,
            idProposta: summary.idProposta,
            modo: summary.modo,
            nossonumero: reply.nossonumero,
            boletos: await boletoViews(ctx, summary.formaPagamento, summary.contrato, reply.boletos),
          };
          await sessions.write(ctx.session, 'agreement', acordo);
          result = { status: 'concluido', acordo };
        }
        await store.set(idemKey, { owner, body, result } satisfies IdempotencyRecord, IDEMPOTENCY_TTL_MS);
        await sessions.clear(ctx.session, 'summary');
        if (result.status === 'concluido') trackAgreement(ctx, summary);
        return result;
      } catch (error) {
        await store.delete(claim).catch(() => undefined);
        throw error;
      } finally {
        clearInterval(renew);
      }
    }),

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
  }),

  /** 'Gerar pagamento' on /acordos: issues the boleto of an open agreement instalment again (`emitirBoleto`). */
  reissue: sessionProcedure
    .input(z.object({ codcredor, contrato, parcela: z.string().min(1).max(60), ...contactInput }))
    .mutation(async ({ ctx, input }): Promise<CreateResult> => {
      const creditor = await creditorOf(ctx, input.codcredor);
      const { cpfCnpj, token } = ctx.session.data;
      const { proxy, sessions } = ctx.services;
      const current = await proxy.call('consultaAcordo', {
        cpfcnpj: cpfCnpj,
        token,
        codcredor: creditor.agrupador,
        contrato: input.contrato,
      });
      const delivery = await deliveryOf(ctx, input.email || undefined, input.telefone || undefined);
      const reply = await proxy.call('emitirBoleto', {
        cpfcnpj: cpfCnpj,
        token,
        codcredor: creditor.agrupador,
        contrato: input.contrato,
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
    }),

  /** 'Enviar por e-mail' / 'Enviar por SMS' on the concluded page: the open instalment's boleto to that address. */
  send: sessionProcedure
    .input(
      z.discriminatedUnion('canal', [
        z.object({
          canal: z.literal('email'),
          destino: emailInput.refine((v) => v !== '', EMAIL_INVALID_SUMMARY_MESSAGE),
        }),
        z.object({
          canal: z.literal('sms'),
          destino: phoneInput.refine((v) => v !== '', PHONE_INVALID_SUMMARY_MESSAGE),
        }),
      ]),
    )
    .mutation(async ({ ctx, input }) => {
      const acordo = await ctx.services.sessions.read<ConcludedAgreement>(ctx.session, 'agreement');
      if (!acordo)
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: AGREEMENT_MESSAGES.noAgreement });
      const { cpfCnpj, token } = ctx.session.data;
      const scope = { cpfcnpj: cpfCnpj, token, codcredor: acordo.credor.codigo, contrato: acordo.contrato };
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
      return { ok: true as const, message: AGREEMENT_MESSAGES.sent };
    }),
});
