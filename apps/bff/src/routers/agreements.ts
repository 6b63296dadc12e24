import {
  changeScheduleInput,
  createAgreementInput,
  hardshipInput,
  inProgressInput,
  intentInput,
  reissueInput,
  scheduleChangeStatusInput,
  schedulePreviewInput,
  sendAgreementInput,
} from '@portal/contracts/procedures/agreements';
import { concludedAgreement, finishAgreement } from '../agreements/concluded';
import { createAgreement } from '../agreements/create';
import { agreementInProgress, reissue, sendAgreement } from '../agreements/in-progress';
import { intentStatus, pendingAgreement } from '../agreements/intent';
import {
  agreementsNeedingAttention,
  changeSchedule,
  requestContact,
  scheduleChangeStatus,
  schedulePreview,
} from '../agreements/rescue';
import { issueSettlement } from '../agreements/settlement';
import { router, sessionProcedure } from '../trpc/init';

export const agreementsRouter = router({
  /** Concludes the agreement of the session's summary: sent at most once per key. */
  create: sessionProcedure
    .input(createAgreementInput)
    .mutation(({ ctx, input }) => createAgreement(ctx.ports, ctx.person, input)),

  /** What became of a creation still processing: polled by the summary page, never a second send. */
  intent: sessionProcedure
    .meta({ sideEffects: true })
    .input(intentInput)
    .query(({ ctx, input }) => intentStatus(ctx.ports, ctx.person, input.chave)),

  /** The person's agreement still processing, from any session or device: Minha conta says so. */
  pending: sessionProcedure
    .meta({ sideEffects: true })
    .query(({ ctx }) => pendingAgreement(ctx.ports, ctx.person)),

  /** What /acordo-concluido and /reemissao-concluida show; null sends the user to /minha-conta. */
  concluded: sessionProcedure.query(({ ctx }) => concludedAgreement(ctx.ports, ctx.person)),

  /** 'Ir para Minha Conta' forgets the concluded agreement. */
  finish: sessionProcedure.mutation(({ ctx }) => finishAgreement(ctx.ports, ctx.person)),

  /** The agreement in progress on a contract, for /acordos. */
  inProgress: sessionProcedure
    .input(inProgressInput)
    .query(({ ctx, input }) => agreementInProgress(ctx.ports, ctx.person, input)),

  /** 'Gerar pagamento' on /acordos. */
  reissue: sessionProcedure
    .input(reissueInput)
    .mutation(({ ctx, input }) => reissue(ctx.ports, ctx.person, input)),

  /** 'Baixar declaração de quitação' on /acordos, for an agreement paid in full. */
  settlementDeclaration: sessionProcedure
    .input(inProgressInput)
    .mutation(({ ctx, input }) => issueSettlement(ctx.ports, ctx.person, input)),

  /** Minha conta's warning: agreements with an instalment overdue, or cancelled upstream. */
  attention: sessionProcedure.query(({ ctx }) => agreementsNeedingAttention(ctx.ports, ctx.person)),

  /** The new dates a change of the schedule would give, before the person confirms it. */
  schedulePreview: sessionProcedure
    .input(schedulePreviewInput)
    .query(({ ctx, input }) => schedulePreview(ctx.ports, ctx.person, input)),

  /** 'Mover esta parcela para o fim do acordo' and 'Mudar o dia de pagamento', confirmed: at most once per key. */
  changeSchedule: sessionProcedure
    .input(changeScheduleInput)
    .mutation(({ ctx, input }) => changeSchedule(ctx.ports, ctx.person, input)),

  /** What became of a change still processing: polled by the page, never a second send. */
  scheduleChange: sessionProcedure
    .meta({ sideEffects: true })
    .input(scheduleChangeStatusInput)
    .query(({ ctx, input }) => scheduleChangeStatus(ctx.ports, ctx.person, input.chave)),

  /** 'Estou com dificuldade para pagar': the creditor is asked to contact the person. */
  hardship: sessionProcedure
    .input(hardshipInput)
    .mutation(({ ctx, input }) => requestContact(ctx.ports, ctx.person, input)),

  /** 'Enviar por e-mail' / 'Enviar por SMS' on the concluded page. */
  send: sessionProcedure
    .input(sendAgreementInput)
    .mutation(({ ctx, input }) => sendAgreement(ctx.ports, ctx.person, input)),
});
