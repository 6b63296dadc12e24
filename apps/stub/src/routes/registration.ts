import { UPSTREAM_PATHS } from '@portal/contracts/upstream/paths';
import {
  REGISTRATION_MESSAGES,
  recoveryResetRequest,
  recoverySendRequest,
  registrationRequest,
} from '@portal/contracts/upstream/registration';
import { isValidDocument } from '@portal/validation/document';
import { isValidEmail, maskEmail } from '@portal/validation/email';
import { isValidPhone, maskPhoneForDisplay } from '@portal/validation/phone';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { StubState } from '../state/stub-state';

const documentQuery = z.object({ cpfCnpj: z.string().max(20) });
const contactQuery = z.object({
  email: z.string().max(254).default(''),
  telefone: z.string().max(20).default(''),
});

/** Registration, the e-mail/phone check, and public password recovery. */
export function registrationRoutes(app: FastifyInstance, state: StubState) {
  app.get(UPSTREAM_PATHS.cadastroSituacao, async (request, reply) => {
    const parsed = documentQuery.safeParse(request.query);
    if (!parsed.success || !isValidDocument(parsed.data.cpfCnpj)) {
      return reply.code(400).send({ msg: 'CPF/CNPJ inválido' });
    }
    return { data: { cadastrado: state.findUser(parsed.data.cpfCnpj) !== undefined } };
  });

  app.get(UPSTREAM_PATHS.consultaEmail, async (request, reply) => {
    const parsed = contactQuery.safeParse(request.query);
    if (!parsed.success) return reply.code(400).send({ msg: REGISTRATION_MESSAGES.invalid });
    return { data: state.contactCounts(parsed.data.email, parsed.data.telefone) };
  });

  app.post(UPSTREAM_PATHS.cadastro, async (request, reply) => {
    const parsed = registrationRequest.safeParse(request.body);
    const body = parsed.data;
    if (
      !body ||
      !isValidDocument(body.cpfCnpj) ||
      !isValidEmail(body.email.toLowerCase()) ||
      !isValidPhone(body.telefone) ||
      body.nome.trim().length < 3
    ) {
      return reply.code(400).send({ msg: REGISTRATION_MESSAGES.invalid });
    }
    if (state.findUser(body.cpfCnpj))
      return reply.code(409).send({ msg: REGISTRATION_MESSAGES.documentTaken });
    const counts = state.contactCounts(body.email, body.telefone);
    if (counts.countEmail > 0) return reply.code(409).send({ msg: REGISTRATION_MESSAGES.emailTaken });
    if (counts.countTelefone > 0) return reply.code(409).send({ msg: REGISTRATION_MESSAGES.phoneTaken });
    const pass = state.register({
      cpfCnpj: body.cpfCnpj,
      nome: body.nome.trim(),
      email: body.email,
      telefone: body.telefone,
      whatsapp: body.whatsapp,
      notificacao: body.notificacao,
    });
    return { data: { pass } };
  });

  app.post(UPSTREAM_PATHS.recuperarSenhaPublico, async (request, reply) => {
    const parsed = recoverySendRequest.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'CPF/CNPJ inválido' });
    const user = state.findUser(parsed.data.cpfCnpj);
    if (!user) return reply.code(404).send({ msg: REGISTRATION_MESSAGES.notRegistered });
    const id = state.startRecovery(user);
    return {
      data: {
        id,
        email: maskEmail(user.profile.email),
        telefone: maskPhoneForDisplay(user.profile.telefone),
      },
    };
  });

  app.post(UPSTREAM_PATHS.recuperarSenhaNova, async (request, reply) => {
    const parsed = recoveryResetRequest.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: REGISTRATION_MESSAGES.invalid });
    const { id, codigo, novaSenha } = parsed.data;
    if (!state.finishRecovery(id, codigo, novaSenha)) {
      return reply.code(400).send({ msg: REGISTRATION_MESSAGES.recoveryLinkInvalid });
    }
    return { data: { alterada: true } };
  });
}
