import {
  accountDeletionReply,
  noticesListReply,
  noticesReply,
  notificationsReply,
  type ProfileUpdateRequest,
  passwordChangeReply,
  profileUpdateReply,
  ratingReply,
  type ScheduledNotice,
  scoreReply,
} from '@portal/contracts/upstream/account';
import type { LoginData, LoginRequest } from '@portal/contracts/upstream/auth';
import {
  loginReply,
  profileReply,
  solicitarLoginReply,
  UPSTREAM_MESSAGES,
  verificarLoginReply,
} from '@portal/contracts/upstream/auth';
import type { Profile, registration } from '@portal/contracts/upstream/entities';
import { officialChannelsReply } from '@portal/contracts/upstream/official-channels';
import { UPSTREAM_PATHS } from '@portal/contracts/upstream/paths';
import {
  contactCheckReply,
  documentStatusReply,
  partnersReply,
  recoveryResetReply,
  recoverySendReply,
  registrationReply,
} from '@portal/contracts/upstream/registration';
import { upstreamErrorBody } from '@portal/contracts/upstream/wire';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { UpstreamError } from './errors';
import { currentScope, scopeHeaders } from './request-scope';

interface UpstreamClientOptions {
  baseUrl: string;
  dispatcher: Dispatcher;
  timeoutMs: number;
}

/** The upstream's REST API; every reply is parsed with the contracts' schemas. */
export function createUpstreamClient({ baseUrl, dispatcher, timeoutMs }: UpstreamClientOptions) {
  // Paths are absolute: a call goes to the base URL's origin, whatever path the base URL has.
  const origin = new URL(baseUrl).origin;
  async function call<T extends z.ZodType>(
    schema: T,
    method: Dispatcher.HttpMethod,
    path: string,
    { token, body }: { token?: string; body?: unknown } = {},
  ): Promise<z.infer<T>> {
    // Error messages name the path only: a query may carry a document (GET /score?cpfCnpj=…).
    const where = `${method} ${path.split('?')[0]}`;
    // The request this call serves: its id and trace go upstream, so both sides' logs can be joined.
    const scope = currentScope();
    const started = performance.now();
    let response: Dispatcher.ResponseData;
    try {
      response = await dispatcher.request({
        origin,
        path,
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...scopeHeaders(),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      scope?.log.debug({ upstream: where, failed: true }, 'upstream call');
      throw new UpstreamError('unavailable', `upstream ${where} failed: ${(error as Error).message}`);
    }
    scope?.log.debug(
      { upstream: where, statusCode: response.statusCode, ms: Math.round(performance.now() - started) },
      'upstream call',
    );
    const json: unknown = await response.body.json().catch(() => undefined);
    if (response.statusCode >= 500 || json === undefined) {
      throw new UpstreamError('unavailable', `upstream ${where} answered ${response.statusCode}`);
    }
    if (response.statusCode >= 400) {
      const msg = upstreamErrorBody.safeParse(json).data?.msg;
      if (msg === UPSTREAM_MESSAGES.tokenExpired) throw new UpstreamError('token-expired', msg);
      throw new UpstreamError('rejected', `upstream ${where} refused: ${response.statusCode}`, msg, {
        status: response.statusCode,
      });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new UpstreamError('bad-reply', `upstream ${where}: reply off contract`);
    return parsed.data;
  }

  return {
    async login(credentials: LoginRequest): Promise<LoginData> {
      return (await call(loginReply, 'POST', UPSTREAM_PATHS.login, { body: credentials })).data;
    },
    async profile(token: string): Promise<Profile> {
      return (await call(profileReply, 'GET', UPSTREAM_PATHS.consulta, { token })).data;
    },
    async partners() {
      return (await call(partnersReply, 'GET', UPSTREAM_PATHS.parceiros)).data;
    },
    async officialChannels() {
      return (await call(officialChannelsReply, 'GET', UPSTREAM_PATHS.canaisOficiais)).data;
    },
    async loginGoogle(credential: string): Promise<LoginData> {
      return (await call(loginReply, 'POST', UPSTREAM_PATHS.loginGoogle, { body: { credential } })).data;
    },
    async solicitarLogin(cpfCnpj: string) {
      return (await call(solicitarLoginReply, 'POST', UPSTREAM_PATHS.solicitarLogin, { body: { cpfCnpj } }))
        .data;
    },
    async verificarLogin(body: { cpfCnpj: string; pergunta: string; resposta: string }) {
      return (await call(verificarLoginReply, 'POST', UPSTREAM_PATHS.verificarLogin, { body })).data;
    },
    async documentStatus(cpfCnpj: string) {
      const path = `${UPSTREAM_PATHS.cadastroSituacao}?${new URLSearchParams({ cpfCnpj })}`;
      return (await call(documentStatusReply, 'GET', path)).data;
    },
    async contactCheck(email: string, telefone: string) {
      const path = `${UPSTREAM_PATHS.consultaEmail}?${new URLSearchParams({ email, telefone })}`;
      return (await call(contactCheckReply, 'GET', path)).data;
    },
    async register(body: z.infer<typeof registration>) {
      return (await call(registrationReply, 'POST', UPSTREAM_PATHS.cadastro, { body })).data;
    },
    async sendRecovery(cpfCnpj: string) {
      return (
        await call(recoverySendReply, 'POST', UPSTREAM_PATHS.recuperarSenhaPublico, { body: { cpfCnpj } })
      ).data;
    },
    async updateProfile(token: string, body: ProfileUpdateRequest): Promise<Profile> {
      return (await call(profileUpdateReply, 'PUT', UPSTREAM_PATHS.edicao, { token, body })).data;
    },
    async changePassword(token: string, body: { senha: string; novaSenha: string }) {
      return (await call(passwordChangeReply, 'POST', UPSTREAM_PATHS.recuperarSenhaPrivado, { token, body }))
        .data;
    },
    async deleteAccount(token: string) {
      return (await call(accountDeletionReply, 'DELETE', UPSTREAM_PATHS.excluirCadastro, { token })).data;
    },
    async score(token: string, cpfCnpj: string) {
      const path = `${UPSTREAM_PATHS.score}?${new URLSearchParams({ cpfCnpj })}`;
      return (await call(scoreReply, 'GET', path, { token })).data;
    },
    async rate(token: string, body: { nota: number; comentario?: string }) {
      return (await call(ratingReply, 'POST', UPSTREAM_PATHS.avaliacao, { token, body })).data;
    },
    async setNotifications(token: string, notificacao: boolean) {
      const body = { notificacao };
      return (await call(notificationsReply, 'PUT', UPSTREAM_PATHS.notificacoes, { token, body })).data;
    },
    /** The e-mail and SMS notices scheduled for the user (ours); null: this upstream has no /avisos. */
    async notices(token: string): Promise<ScheduledNotice[] | null> {
      return withoutPath(
        async () => (await call(noticesListReply, 'GET', UPSTREAM_PATHS.avisos, { token })).data.avisos,
      );
    },
    /** Replaces the user's whole schedule of notices (ours); null: this upstream has no /avisos. */
    async scheduleNotices(token: string, avisos: ScheduledNotice[]) {
      const body = { avisos };
      return withoutPath(
        async () => (await call(noticesReply, 'PUT', UPSTREAM_PATHS.avisos, { token, body })).data,
      );
    },
    async resetPassword(body: { id: string; codigo: string; novaSenha: string }) {
      return (await call(recoveryResetReply, 'POST', UPSTREAM_PATHS.recuperarSenhaNova, { body })).data;
    },
  };
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>;

/** A path of ours an upstream may not have: its 404 is null, not a failure. */
async function withoutPath<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof UpstreamError && error.details.status === 404) return null;
    throw error;
  }
}
