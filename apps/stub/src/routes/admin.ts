import { normalizeDocument } from '@portal/validation/document';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FaultControl } from '../faults/faults';
import { faultsSchema } from '../faults/faults';
import { agreementCodeOf, makeOverdue } from '../state/live-agreements';
import { CLONABLE_PERSONAS } from '../state/personas';
import type { StubState } from '../state/stub-state';

/** Test and demo controls under /__stub: never part of the real upstream's API. */
export function adminRoutes(app: FastifyInstance, state: StubState, faults: FaultControl) {
  app.get('/__stub/faults', async () => faults.get());
  app.put('/__stub/faults', async (request, reply) => {
    const parsed = faultsSchema.partial().safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'Falhas inválidas.' });
    return faults.set(parsed.data);
  });
  app.delete('/__stub/faults', async () => faults.reset());
  /** How many of each fault were injected since the last reset (errors, lost replies, errors after a commit). */
  app.get('/__stub/faults/injected', async () => faults.injected());

  /** What the upstream "sent" by e-mail and SMS, newest last; optionally for one document. */
  app.get<{ Querystring: { cpfCnpj?: string } }>('/__stub/outbox', async (request) => {
    const cpfCnpj = request.query.cpfCnpj ? normalizeDocument(request.query.cpfCnpj) : undefined;
    return state.outbox.filter((m) => !cpfCnpj || m.cpfCnpj === cpfCnpj);
  });

  /** The agreements the simulator made (gerarBoleto; not the seeded ones a change brought in), oldest first. */
  app.get<{ Querystring: { cpfCnpj?: string } }>('/__stub/agreements', async (request) => {
    const cpfCnpj = request.query.cpfCnpj ? normalizeDocument(request.query.cpfCnpj) : undefined;
    return state.ledger.agreements.filter((a) => !a.seeded && (!cpfCnpj || a.cpfCnpj === cpfCnpj));
  });

  /**
   * Every moverParcela and alterarVencimento the simulator accepted, oldest first, as it reached it: what a
   * test counts to know how many times a change was applied (no key: each one applies again).
   */
  app.get<{ Querystring: { cpfCnpj?: string } }>('/__stub/agreements/changes', async (request) => {
    const cpfCnpj = request.query.cpfCnpj ? normalizeDocument(request.query.cpfCnpj) : undefined;
    return state.ledger.changes.filter((c) => !cpfCnpj || c.cpfCnpj === cpfCnpj);
  });

  /**
   * The clock knob: the unpaid instalment `numero` of the contract's current agreement falls due `dias`
   * calendar days ago, the others as they were (a seeded agreement is kept in the ledger from then on). 404
   * when there is no such agreement or unpaid instalment.
   */
  app.post('/__stub/agreements/atrasar', async (request, reply) => {
    const parsed = z
      .object({
        cpfCnpj: z.string().max(20),
        contrato: z.string().min(1).max(40),
        numero: z.number().int().positive(),
        dias: z.number().int().min(0).max(3650),
      })
      .safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'Parcela inválida.' });
    const done = makeOverdue(state, { ...parsed.data, cpfCnpj: normalizeDocument(parsed.data.cpfCnpj) });
    if (!done) return reply.code(404).send({ msg: 'Parcela em aberto não encontrada.' });
    return { atrasada: true };
  });

  /** The contact requests (solicitarContato), with their reason and protocol, oldest first. */
  app.get<{ Querystring: { cpfCnpj?: string } }>('/__stub/contact-requests', async (request) => {
    const cpfCnpj = request.query.cpfCnpj ? normalizeDocument(request.query.cpfCnpj) : undefined;
    return state.contactRequests.filter((c) => !cpfCnpj || c.cpfCnpj === cpfCnpj);
  });

  /** The scheduled notices the simulator sent (PUT /avisos), oldest first; optionally for one document. */
  app.get<{ Querystring: { cpfCnpj?: string } }>('/__stub/avisos/enviados', async (request) => {
    const cpfCnpj = request.query.cpfCnpj ? normalizeDocument(request.query.cpfCnpj) : undefined;
    return state.notices.sent.filter((n) => !cpfCnpj || n.cpfCnpj === cpfCnpj);
  });

  /**
   * Every gerarBoleto message that reached the simulator, oldest first, with the agreement each made (null:
   * none): what a test counts to know how many times the portal asked, per contract.
   */
  app.get<{ Querystring: { cpfCnpj?: string } }>('/__stub/agreements/requests', async (request) => {
    const cpfCnpj = request.query.cpfCnpj ? normalizeDocument(request.query.cpfCnpj) : undefined;
    return state.ledger.requests.filter((m) => !cpfCnpj || m.cpfCnpj === cpfCnpj);
  });

  /** The access records the activation channel received, oldest first; optionally for one document. */
  app.get<{ Querystring: { cpfCnpj?: string } }>('/__stub/acionamentos', async (request) => {
    const cpfCnpj = request.query.cpfCnpj ? normalizeDocument(request.query.cpfCnpj) : undefined;
    return state.acionamentos.filter((a) => !cpfCnpj || a.cpfcnpj === cpfCnpj);
  });

  /** Every message the proxy channel received (tokens left out), oldest first; by document and method. */
  app.get<{ Querystring: { cpfCnpj?: string; metodo?: string } }>(
    '/__stub/proxy/requests',
    async (request) => {
      const { metodo } = request.query;
      const cpfCnpj = request.query.cpfCnpj ? normalizeDocument(request.query.cpfCnpj) : undefined;
      return state.proxyRequests.filter(
        (m) => (!cpfCnpj || m.cpfcnpj === cpfCnpj) && (!metodo || m.metodo === metodo),
      );
    },
  );

  /** The ratings of the portal (POST /avaliacao), oldest first; optionally for one client id. */
  app.get<{ Querystring: { clienteId?: string } }>('/__stub/avaliacoes', async (request) => {
    const { clienteId } = request.query;
    return state.avaliacoes.filter((a) => !clienteId || a.clienteId === clienteId);
  });

  /** A fresh copy of a seeded persona, so that parallel end-to-end runs never share one user's debts. */
  app.post('/__stub/personas', async (request, reply) => {
    const parsed = z.object({ like: z.enum(CLONABLE_PERSONAS) }).safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'Persona inválida.' });
    const user = state.clonePersona(parsed.data.like);
    return { id: user.id, cpfCnpj: user.cpfCnpj, email: user.profile.email, telefone: user.profile.telefone };
  });

  /** The next password sign-in of a document (registered or not yet) fails with a server error, once. */
  app.post('/__stub/logins/refuse-next', async (request, reply) => {
    const parsed = z.object({ cpfCnpj: z.string().max(20) }).safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'Documento ausente.' });
    const cpfCnpj = normalizeDocument(parsed.data.cpfCnpj);
    state.refuseNextLogin(cpfCnpj);
    return { refused: cpfCnpj };
  });

  /** The next gerarBoleto of a document is carried out but never answered, once (a lost reply). */
  app.post('/__stub/agreements/lose-next-reply', async (request, reply) => {
    const parsed = z.object({ cpfCnpj: z.string().max(20) }).safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'Documento ausente.' });
    const cpfCnpj = normalizeDocument(parsed.data.cpfCnpj);
    state.loseNextAgreementReply(cpfCnpj);
    return { lost: cpfCnpj };
  });

  /**
   * Pays an instalment (the payment confirmation knob): a PIX confirms when paid, a boleto one to three
   * business days later (`diasUteis`, drawn at random when absent). `pagoEm` (ISO instant) may be in the past
   * or the future; now by default. Answers when it confirms.
   */
  app.post('/__stub/payments', async (request, reply) => {
    const parsed = z
      .object({
        cpfCnpj: z.string().max(20),
        contrato: z.string().min(1).max(40),
        parcela: z.number().int().positive(),
        metodo: z.enum(['pix', 'boleto']),
        pagoEm: z.iso.datetime().optional(),
        diasUteis: z.number().int().min(1).max(3).optional(),
      })
      .safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'Pagamento inválido.' });
    const { pagoEm, ...payment } = parsed.data;
    const cpfCnpj = normalizeDocument(payment.cpfCnpj);
    const confirmsAt = state.payments.pay({
      ...payment,
      cpfCnpj,
      // an instalment of the contract's agreement now: a later agreement's instalments are its own
      codigoAcordo: agreementCodeOf(state, cpfCnpj, payment.contrato),
      ...(pagoEm ? { pagoEm: Date.parse(pagoEm) } : {}),
    });
    return { confirmaEm: new Date(confirmsAt).toISOString() };
  });

  /**
   * The creditor reports a contract as contested (`emDisputa`, ours, on consultaContrato) or no longer: a
   * complaint or a lawsuit came in, or ended. 404 when the person has no such contract.
   */
  app.post('/__stub/disputes', async (request, reply) => {
    const parsed = z
      .object({ cpfCnpj: z.string().max(20), contrato: z.string().min(1).max(40), emDisputa: z.boolean() })
      .safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'Contrato ausente.' });
    const user = state.findUser(normalizeDocument(parsed.data.cpfCnpj));
    const contract = user?.seed.contracts.find((c) => c.numero === parsed.data.contrato);
    if (!contract) return reply.code(404).send({ msg: 'Contrato não encontrado.' });
    if (parsed.data.emDisputa) contract.emDisputa = true;
    else delete contract.emDisputa;
    return { emDisputa: parsed.data.emDisputa };
  });

  /** The creditor of a contract keeps its negative record, whatever is paid (one that ignores Súmula 548). */
  app.post('/__stub/negative-records/keep', async (request, reply) => {
    const parsed = z
      .object({ cpfCnpj: z.string().max(20), contrato: z.string().min(1).max(40) })
      .safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'Contrato ausente.' });
    state.payments.keepNegativeRecord(normalizeDocument(parsed.data.cpfCnpj), parsed.data.contrato);
    return { kept: true };
  });

  app.post('/__stub/tokens/expire', async (request, reply) => {
    const parsed = z.object({ cpfCnpj: z.string() }).safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'Documento ausente.' });
    return { expired: state.expireTokens(normalizeDocument(parsed.data.cpfCnpj)) };
  });
}
