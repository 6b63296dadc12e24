import { z } from 'zod';
import { profile } from './entities';
import { documentDigits, envelope } from './wire';

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
  cpfCnpj: documentDigits,
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
} as const;
