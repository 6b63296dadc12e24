import { loginGoogleRequest, UPSTREAM_MESSAGES } from '@portal/contracts/upstream/auth';
import { UPSTREAM_PATHS } from '@portal/contracts/upstream/paths';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GoogleIdentity } from '../google/google';
import type { StubState } from '../state/stub-state';
import { documentOnWire } from '../state/users';

const mintRequest = z.object({
  email: z.string().min(3).max(254),
  aud: z.string().min(1),
  name: z.string().optional(),
  iss: z.string().optional(),
  expiresIn: z.number().int().optional(),
  unknownKey: z.boolean().optional(),
});

/** Sign-in with a Google credential, the keys that verify it, and (under /__stub) a way to mint one. */
export function googleRoutes(app: FastifyInstance, state: StubState, google: GoogleIdentity) {
  app.get(UPSTREAM_PATHS.jwks, async () => google.jwks);

  app.post(UPSTREAM_PATHS.loginGoogle, async (request, reply) => {
    const parsed = loginGoogleRequest.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'Requisição inválida.' });
    const email = await google.emailOf(parsed.data.credential);
    if (!email) return reply.code(401).send({ msg: 'Credencial Google inválida.' });
    const user = state.findUserByEmail(email);
    if (!user) return reply.code(404).send({ msg: UPSTREAM_MESSAGES.googleNotRegistered });
    return {
      data: {
        token: state.issueToken(user),
        id: user.id,
        cpfCnpj: documentOnWire(user.cpfCnpj),
        nome: user.profile.nome,
      },
    };
  });

  app.post('/__stub/google/credential', async (request, reply) => {
    const parsed = mintRequest.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ msg: 'Pedido de credencial inválido.' });
    return { credential: await google.mint(parsed.data) };
  });
}
