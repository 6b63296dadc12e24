import type { Profile } from '@portal/contracts/entities';
import type { LoginData, LoginRequest } from '@portal/contracts/upstream-auth';
import { loginReply, profileReply, UPSTREAM_MESSAGES } from '@portal/contracts/upstream-auth';
import { UPSTREAM_PATHS } from '@portal/contracts/upstream-paths';
import { upstreamErrorBody } from '@portal/contracts/wire';
import { type Dispatcher, request } from 'undici';
import type { z } from 'zod';
import { UpstreamError } from './errors';

export interface UpstreamClientOptions {
  baseUrl: string;
  dispatcher: Dispatcher;
  timeoutMs: number;
}

/** The upstream's REST API; every reply is parsed with the contracts' schemas. */
export function createUpstreamClient({ baseUrl, dispatcher, timeoutMs }: UpstreamClientOptions) {
  async function call<T extends z.ZodType>(
    schema: T,
    method: Dispatcher.HttpMethod,
    path: string,
    { token, body }: { token?: string; body?: unknown } = {},
  ): Promise<z.infer<T>> {
    let response: Dispatcher.ResponseData;
    try {
      response = await request(new URL(path, baseUrl), {
        dispatcher,
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      throw new UpstreamError(
        'unavailable',
        `upstream ${method} ${path} failed: ${(error as Error).message}`,
      );
    }
    const json: unknown = await response.body.json().catch(() => undefined);
    if (response.statusCode >= 500 || json === undefined) {
      throw new UpstreamError('unavailable', `upstream ${method} ${path} answered ${response.statusCode}`);
    }
    if (response.statusCode >= 400) {
      const msg = upstreamErrorBody.safeParse(json).data?.msg;
      if (msg === UPSTREAM_MESSAGES.tokenExpired) throw new UpstreamError('token-expired', msg);
      throw new UpstreamError('rejected', `upstream ${method} ${path} refused: ${response.statusCode}`, msg);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new UpstreamError('bad-reply', `upstream ${method} ${path}: reply off contract`);
    return parsed.data;
  }

  return {
    async login(credentials: LoginRequest): Promise<LoginData> {
      return (await call(loginReply, 'POST', UPSTREAM_PATHS.login, { body: credentials })).data;
    },
    async profile(token: string): Promise<Profile> {
      return (await call(profileReply, 'GET', UPSTREAM_PATHS.consulta, { token })).data;
    },
  };
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>;
