import { z } from 'zod';
import { profile } from './entities';
import { documentDigits, envelope, upstreamDocument } from './wire';

/** POST /login: credentials, or a token to re-validate. */
export const loginRequest = z.union([
  z.object({ cpfCnpj: documentDigits, senha: z.string().min(1).max(200) }),
  z.object({ token: z.string().min(1).max(2000) }),
]);
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginData = z.object({
  token: z.string().min(1),
  /** the client id */
  id: z.string().min(1),
  cpfCnpj: upstreamDocument,
  nome: z.string().min(1),
});
export type LoginData = z.infer<typeof loginData>;
export const loginReply = envelope(loginData);

/** GET /consulta (Authorization: Bearer token). */
export const profileReply = envelope(profile);

/** Upstream messages the BFF reacts to by name. */
export const UPSTREAM_MESSAGES = {
  loginFailed: 'Usuário ou senha incorretos. Verifique os dados, caps lock, e tente novamente.',
  tokenExpired: 'Token expirado',
  /** POST /login-google: a Google account no registration has */
  googleNotRegistered: 'E-mail não cadastrado.',
} as const;

/** POST /login-google: a Google ID token the BFF has already verified; the upstream verifies it too. */
export const loginGoogleRequest = z.object({ credential: z.string().min(1).max(10_000) });

/** POST /login/solicitar (solicitarLogin). */
export const solicitarLoginRequest = z.object({ cpfCnpj: documentDigits });
export const solicitarLoginReply = envelope(
  z.object({ erro: z.boolean(), message: z.string(), verificacao: z.string() }),
);

/** POST /login/verificar (verificarLogin): the answer to the identity question. */
export const verificarLoginRequest = z.object({
  cpfCnpj: documentDigits,
  pergunta: z.string().min(1).max(500),
  resposta: z.string().min(1).max(200),
});
export const verificarLoginReply = envelope(
  z.union([
    loginData.extend({ erro: z.literal(false), message: z.string() }),
    z.object({ erro: z.literal(true), message: z.string() }),
  ]),
);
