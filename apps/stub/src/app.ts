import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { activationChannel } from './channels/activation';
import { proxyChannel } from './channels/proxy';
import { trailChannel } from './channels/trail';
import { createFaults, type FaultControl, type Faults } from './faults/faults';
import { createGoogleIdentity } from './google/google';
import { accountRoutes, noticeRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { boletoRoutes } from './routes/boletos';
import { googleRoutes } from './routes/google';
import { logoRoutes } from './routes/logos';
import { officialChannelRoutes } from './routes/official-channels';
import { partnerRoutes } from './routes/partners';
import { registrationRoutes } from './routes/registration';
import { startNoticeDelivery } from './state/notice-delivery';
import { createStubState, type StubState, type StubStateOptions } from './state/stub-state';

export interface StubOptions extends StubStateOptions {
  logger?: FastifyServerOptions['logger'];
  /** the base URL browsers reach the stub at, for logo links; defaults to the request's Host */
  publicUrl?: string;
  faults?: Partial<Faults>;
}

/** The upstream simulator: the creditor API and its socket channels over the seeded personas. */
export interface Stub {
  app: FastifyInstance;
  state: StubState;
  faults: FaultControl;
  /** how many times each upstream route was called: `POST /login` → n */
  calls: Map<string, number>;
}

export async function buildStub(options: StubOptions = {}): Promise<Stub> {
  const app = Fastify({ logger: options.logger ?? false });
  const state = createStubState(options);
  const faults = createFaults(options.faults);

  const calls = new Map<string, number>();
  await app.register(websocket);
  app.addHook('onRequest', async (request) => {
    const key = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
  });
  app.addHook('preHandler', async (request, reply) => {
    if (request.url.startsWith('/__stub') || request.url.startsWith('/ws/')) return;
    if (await faults.apply()) return reply.code(503).send({ msg: 'Serviço indisponível.' });
  });

  authRoutes(app, state);
  accountRoutes(app, state);
  noticeRoutes(app, state, faults);
  logoRoutes(app, state);
  boletoRoutes(app, state);
  partnerRoutes(app, state);
  officialChannelRoutes(app, state);
  registrationRoutes(app, state);
  googleRoutes(app, state, await createGoogleIdentity());
  adminRoutes(app, state, faults);
  proxyChannel(app, state, faults, options.publicUrl);
  activationChannel(app, state, faults);
  trailChannel(app, faults);
  // the scheduled reminders go out while the simulator runs, and stop with it
  const stopNotices = startNoticeDelivery(state);
  app.addHook('onClose', async () => stopNotices());

  return { app, state, faults, calls };
}
