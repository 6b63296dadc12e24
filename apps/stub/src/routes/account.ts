import {
  noticesRequest,
  notificationsRequest,
  passwordChangeRequest,
  profileUpdateRequest,
  ratingRequest,
  scoreBand,
} from '@portal/contracts/upstream/account';
import { UPSTREAM_MESSAGES } from '@portal/contracts/upstream/auth';
import { UPSTREAM_PATHS } from '@portal/contracts/upstream/paths';
import { REGISTRATION_MESSAGES } from '@portal/contracts/upstream/registration';
import { isValidBirthDate } from '@portal/validation/birth-date';
import { isValidCep } from '@portal/validation/cep';
import { todayInBrazil } from '@portal/validation/dates';
import { normalizeDocument } from '@portal/validation/document';
import { isValidEmail } from '@portal/validation/email';
import { isValidLandlineOrMobile } from '@portal/validation/phone';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FaultControl } from '../faults/faults';
import { bearerToken } from '../http/requests';
import type { StubState } from '../state/stub-state';
import { type StubUser, toProfile } from '../state/users';

export const ACCOUNT_MESSAGES = {
  invalid: 'Dados inválidos.',
  contactRequired: 'Informe um e-mail ou um celular.',
  wrongPassword: 'Senha atual incorreta.',
  samePassword: 'A nova senha deve ser diferente da atual.',
  passwordChanged: 'Senha alterada com sucesso.',
  scoreUnavailable: 'Score indisponível para este documento.',
  scoreForbidden: 'Documento não pertence ao usuário.',
} as const;

/** The user the Bearer token names, or a 401 'Token expirado' already sent. */
function userOf(state: StubState, request: FastifyRequest, reply: FastifyReply): StubUser | undefined {
  const token = bearerToken(request);
  const user = token ? state.userForToken(token) : undefined;
  if (!user) void reply.code(401).send({ msg: UPSTREAM_MESSAGES.tokenExpired });
  return user;
}

const BRASILIA_HOUR = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Sao_Paulo',
  hour: 'numeric',
  hourCycle: 'h23',
});

/** Whether an instant falls in the quiet hours (from `from`:00 to `to`:00 in Brasília), when no notice is sent. */
function inQuietHours(ms: number, { from, to }: { from: number; to: number }): boolean {
  const hour = Number(BRASILIA_HOUR.formatToParts(ms).find((p) => p.type === 'hour')?.value);
  return from > to ? hour >= from || hour < to : hour >= from && hour < to;
}

/** The signed-in user's own account: profile edit, password, deletion, score, rating, consent. */
export function accountRoutes(app: FastifyInstance, state: StubState) {
  app.put(UPSTREAM_PATHS.edicao, async (request, reply) => {
    const user = userOf(state, request, reply);
    if (!user) return reply;
    const body = profileUpdateRequest.safeParse(request.body).data;
    if (
      !body ||
      body.nome.trim().length < 3 ||
      !isValidBirthDate(body.dtNascimento, todayInBrazil(new Date(state.now()))) ||
      (body.email !== '' && !isValidEmail(body.email.toLowerCase())) ||
      (body.telefone !== '' && !isValidLandlineOrMobile(body.telefone)) ||
      (body.endereco && !isValidCep(body.endereco.cep))
    ) {
      return reply.code(400).send({ msg: ACCOUNT_MESSAGES.invalid });
    }
    if (body.email === '' && body.telefone === '') {
      return reply.code(400).send({ msg: ACCOUNT_MESSAGES.contactRequired });
    }
    if (state.contactTakenByOther(user, 'email', body.email)) {
      return reply.code(409).send({ msg: REGISTRATION_MESSAGES.emailTaken });
    }
    if (state.contactTakenByOther(user, 'telefone', body.telefone)) {
      return reply.code(409).send({ msg: REGISTRATION_MESSAGES.phoneTaken });
    }
    const { endereco, ...fields } = body;
    state.updateProfile(user, {
      ...fields,
      nome: fields.nome.trim(),
      // Without a CEP the address on file is kept: the address goes only with one.
      ...(endereco ? { endereco } : {}),
    });
    return { data: toProfile(user) };
  });

  app.post(UPSTREAM_PATHS.recuperarSenhaPrivado, async (request, reply) => {
    const user = userOf(state, request, reply);
    if (!user) return reply;
    const body = passwordChangeRequest.safeParse(request.body).data;
    if (!body) return reply.code(400).send({ msg: ACCOUNT_MESSAGES.invalid });
    if (!state.checkPassword(user.cpfCnpj, body.senha)) {
      return reply.code(400).send({ msg: ACCOUNT_MESSAGES.wrongPassword });
    }
    if (body.senha === body.novaSenha) return reply.code(400).send({ msg: ACCOUNT_MESSAGES.samePassword });
    state.setPassword(user, body.novaSenha);
    return { data: { mensagem: ACCOUNT_MESSAGES.passwordChanged } };
  });

  app.delete(UPSTREAM_PATHS.excluirCadastro, async (request, reply) => {
    const user = userOf(state, request, reply);
    if (!user) return reply;
    state.deleteUser(user);
    return { data: { excluido: true } };
  });

  app.get(UPSTREAM_PATHS.score, async (request, reply) => {
    const user = userOf(state, request, reply);
    if (!user) return reply;
    const query = z.object({ cpfCnpj: z.string().max(20) }).safeParse(request.query).data;
    if (!query) return reply.code(400).send({ msg: ACCOUNT_MESSAGES.invalid });
    if (normalizeDocument(query.cpfCnpj) !== user.cpfCnpj) {
      return reply.code(403).send({ msg: ACCOUNT_MESSAGES.scoreForbidden });
    }
    const { score } = user.seed;
    if (score === null) return reply.code(404).send({ msg: ACCOUNT_MESSAGES.scoreUnavailable });
    return { data: { score, faixa: scoreBand(score) } };
  });

  app.post(UPSTREAM_PATHS.avaliacao, async (request, reply) => {
    const user = userOf(state, request, reply);
    if (!user) return reply;
    const body = ratingRequest.safeParse(request.body).data;
    if (!body) return reply.code(400).send({ msg: ACCOUNT_MESSAGES.invalid });
    state.recordRating(user, body.nota, body.comentario ?? '');
    return { data: { registrada: true } };
  });

  app.put(UPSTREAM_PATHS.notificacoes, async (request, reply) => {
    const user = userOf(state, request, reply);
    if (!user) return reply;
    const body = notificationsRequest.safeParse(request.body).data;
    if (!body) return reply.code(400).send({ msg: ACCOUNT_MESSAGES.invalid });
    state.updateProfile(user, { notificacao: body.notificacao });
    return { data: { notificacao: user.profile.notificacao } };
  });
}

/**
 * The user's scheduled reminders (ours): PUT replaces the whole schedule, GET reads what is still to be sent.
 * Refused as invalid: a malformed body, an id twice, a time gone by or in the quiet hours. With `semAvisos`
 * both answer 404, as an upstream without them does.
 */
export function noticeRoutes(app: FastifyInstance, state: StubState, faults: FaultControl) {
  app.put(UPSTREAM_PATHS.avisos, async (request, reply) => {
    if (faults.get().semAvisos) {
      reply.callNotFound();
      return reply;
    }
    const user = userOf(state, request, reply);
    if (!user) return reply;
    const body = noticesRequest.safeParse(request.body).data;
    const now = state.now();
    const valid =
      body !== undefined &&
      new Set(body.avisos.map((a) => a.id)).size === body.avisos.length &&
      body.avisos.every((a) => {
        const at = Date.parse(a.enviarEm);
        return at >= now && !inQuietHours(at, state.noticeQuietHours);
      });
    if (!valid) return reply.code(400).send({ msg: ACCOUNT_MESSAGES.invalid });
    return { data: { agendados: state.notices.replaceSchedule(user.cpfCnpj, body.avisos) } };
  });

  app.get(UPSTREAM_PATHS.avisos, async (request, reply) => {
    if (faults.get().semAvisos) {
      reply.callNotFound();
      return reply;
    }
    const user = userOf(state, request, reply);
    if (!user) return reply;
    return { data: { avisos: state.notices.scheduleOf(user.cpfCnpj) } };
  });
}
