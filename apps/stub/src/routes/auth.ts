import type { LoginData } from '@portal/contracts/upstream/auth';
import {
  loginRequest,
  solicitarLoginRequest,
  UPSTREAM_MESSAGES,
  verificarLoginRequest,
} from '@portal/contracts/upstream/auth';
import { UPSTREAM_PATHS } from '@portal/contracts/upstream/paths';
import { normalizeDocument } from '@portal/validation/document';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../http/requests';
import type { StubState } from '../state/stub-state';
import { documentOnWire, type StubUser, toProfile } from '../state/users';

const loginData = (user: StubUser, token: string): LoginData => ({
  token,
  id: user.id,
  cpfCnpj: documentOnWire(user.cpfCnpj),
  nome: user.profile.nome,
});

/** Answers compare without case, accents or extra spaces. */
const sameAnswer = (a: string, b: string) => {
  const plain = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim();
  return plain(a) === plain(b);
};

export function authRoutes(app: FastifyInstance, state: StubState) {
  app.post(UPSTREAM_PATHS.solicitarLogin, async (request, reply) => {
    const parsed = solicitarLoginRequest.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'CPF/CNPJ inválido' });
    const user = state.findUser(parsed.data.cpfCnpj);
    if (!user) return { data: { erro: true, message: 'CPF/CNPJ não cadastrado.', verificacao: '' } };
    return { data: { erro: false, message: '', verificacao: user.seed.identityQuestion.pergunta } };
  });

  app.post(UPSTREAM_PATHS.verificarLogin, async (request, reply) => {
    const parsed = verificarLoginRequest.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'Requisição inválida.' });
    const { cpfCnpj, pergunta, resposta } = parsed.data;
    const user = state.findUser(cpfCnpj);
    const question = user?.seed.identityQuestion;
    if (!user || !question || question.pergunta !== pergunta || !sameAnswer(resposta, question.resposta)) {
      return { data: { erro: true, message: 'Resposta incorreta. Verifique e tente novamente.' } };
    }
    return { data: { erro: false, message: '', ...loginData(user, state.issueToken(user)) } };
  });

  app.post(UPSTREAM_PATHS.login, async (request, reply) => {
    const parsed = loginRequest.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'Requisição inválida.' });
    const body = parsed.data;
    if ('token' in body) {
      const user = state.userForToken(body.token);
      if (!user) return reply.code(401).send({ msg: UPSTREAM_MESSAGES.tokenExpired });
      return { data: loginData(user, body.token) };
    }
    if (state.takeLoginRefusal(normalizeDocument(body.cpfCnpj))) {
      return reply.code(503).send({ msg: 'Serviço indisponível.' });
    }
    const user = state.checkPassword(body.cpfCnpj, body.senha);
    if (!user) return reply.code(401).send({ msg: UPSTREAM_MESSAGES.loginFailed });
    return { data: loginData(user, state.issueToken(user)) };
  });

  app.get(UPSTREAM_PATHS.consulta, async (request, reply) => {
    const token = bearerToken(request);
    const user = token ? state.userForToken(token) : undefined;
    if (!user) return reply.code(401).send({ msg: UPSTREAM_MESSAGES.tokenExpired });
    return { data: toProfile(user) };
  });
}
