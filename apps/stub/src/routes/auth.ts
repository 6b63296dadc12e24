import type { Profile } from '@portal/contracts/entities';
import type { LoginData } from '@portal/contracts/upstream-auth';
import { loginRequest, UPSTREAM_MESSAGES } from '@portal/contracts/upstream-auth';
import { UPSTREAM_PATHS } from '@portal/contracts/upstream-paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StubState, StubUser } from '../state';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || undefined : undefined;
}

const loginData = (user: StubUser, token: string): LoginData => ({
  token,
  id: user.id,
  cpfCnpj: user.persona.cpfCnpj,
  nome: user.persona.nome,
});

export function toProfile(user: StubUser): Profile {
  const { persona } = user;
  return {
    nome: persona.nome,
    cpfCnpj: persona.cpfCnpj,
    dtNascimento: persona.dtNascimento,
    email: persona.email,
    telefone: persona.telefone,
    whatsapp: persona.whatsapp,
    notificacao: persona.notificacao,
    endereco: persona.endereco,
  };
}

export function authRoutes(app: FastifyInstance, state: StubState) {
  app.post(UPSTREAM_PATHS.login, async (request, reply) => {
    const parsed = loginRequest.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'Requisição inválida.' });
    const body = parsed.data;
    if ('token' in body) {
      const user = state.userForToken(body.token);
      if (!user) return reply.code(401).send({ msg: UPSTREAM_MESSAGES.tokenExpired });
      return { data: loginData(user, body.token) };
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
