import { type AppDeps, buildApp } from '@portal/bff/app';
import type { AppRouter } from '@portal/bff/app-router';
import { buildStub, type StubOptions } from '@portal/stub/app';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { expect } from 'vitest';
import { testConfig } from './test-config';

/** A real stub and a real BFF on loopback ports, for integration tests. */
export async function startStack({
  env = {},
  stub: stubOptions = {},
  deps = {},
  stubJwks = false,
}: {
  env?: Record<string, string>;
  stub?: StubOptions;
  deps?: AppDeps;
  /** verify Google credentials against the keys the stub publishes */
  stubJwks?: boolean;
} = {}) {
  const stub = await buildStub(stubOptions);
  const stubUrl = await stub.app.listen({ port: 0, host: '127.0.0.1' });
  const config = testConfig(stubUrl, {
    ...(stubJwks
      ? { GOOGLE_JWKS_URL: `${stubUrl}/.well-known/jwks.json`, GOOGLE_ISSUERS: 'https://accounts.google.com' }
      : {}),
    ...env,
  });
  // the simulated upstream keeps the notices' quiet hours the BFF keeps (a suite runs at any hour)
  stub.state.noticeQuietHours = config.REMINDER_QUIET_HOURS;
  const app = await buildApp(config, deps);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    stub,
    stubUrl,
    url,
    config,
    client: (headers?: Record<string, string>) => createClient(url, headers),
    async close() {
      await app.close();
      await stub.app.close();
    },
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

/**
 * A browser-like tRPC client: keeps the session cookie and sends a same-origin Origin, plus any
 * `extraHeaders` (a phone's User-Agent, say) on every call.
 */
export function createClient(baseUrl: string, extraHeaders: Record<string, string> = {}) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const fetchWithCookies: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
    if (jar.size) headers.set('cookie', cookieHeader());
    headers.set('origin', baseUrl);
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) jar.delete(name.trim());
      else jar.set(name.trim(), value.trim());
    }
    return response;
  };
  const trpc = createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${baseUrl}/trpc`, fetch: fetchWithCookies })],
  });
  return { trpc, jar, cookieHeader };
}

export const PERSONA = {
  maria: { cpfCnpj: '529.982.247-25', senha: 'Acordo@2026' },
  joao: { cpfCnpj: '111.444.777-35', senha: 'Acordo@2026' },
  ana: { cpfCnpj: '935.411.347-80', senha: 'Acordo@2026' },
  carlos: { cpfCnpj: '390.533.447-05', senha: 'Acordo@2026' },
  novaEra: { cpfCnpj: '12.ABC.345/01DE-35', senha: 'Acordo@2026' },
  paulo: { cpfCnpj: '868.224.410-18', senha: 'Acordo@2026' },
  luciana: { cpfCnpj: '004.815.162-98', senha: 'Acordo@2026' },
  naoCadastrado: { cpfCnpj: '714.602.380-01', senha: 'Acordo@2026' },
} as const;

/**
 * A fresh copy of a persona in the simulator (a document of its own, so a test's agreements touch no other
 * test), signed in on a new client of `stack`: the client and the copy.
 */
export async function signedInCopy(
  stack: Stack,
  like: Parameters<Stack['stub']['state']['clonePersona']>[0],
) {
  const user = stack.stub.state.clonePersona(like);
  const client = stack.client();
  await client.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PERSONA.maria.senha });
  return { ...client, user };
}

/** The TRPCClientError a call fails with; fails the test if the call succeeds. */
export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => {
      expect(e).toBeInstanceOf(TRPCClientError);
      return e as TRPCClientError<AppRouter>;
    },
  );

type Trpc = ReturnType<typeof createClient>['trpc'];

/** The signed-in person's contract that has an agreement in progress, found as the pages find it. */
export async function contractWithAgreement(trpc: Trpc): Promise<{ codcredor: string; contrato: string }> {
  for (const creditor of await trpc.debts.creditors.query()) {
    const contracts = await trpc.negotiation.contracts.query({ codcredor: creditor.codcredor });
    const withAgreement = contracts.find((c) => c.destino === 'acordos');
    if (withAgreement) return { codcredor: creditor.codcredor, contrato: withAgreement.contrato };
  }
  throw new Error('no agreement in progress');
}

/**
 * 'Gerar pagamento' on the signed-in person's agreement in progress, as /acordos does it: the agreement, its
 * open instalment and the re-issued payment (with its boleto from the simulator).
 */
export async function reissueOpenInstalment(trpc: Trpc) {
  const found = await contractWithAgreement(trpc);
  const agreement = await trpc.agreements.inProgress.query(found);
  const open = agreement.parcelas.find((p) => p.status === 'EM ABERTO');
  if (!open) throw new Error('no open instalment');
  const reissued = await trpc.agreements.reissue.mutate({ ...found, parcela: open.id });
  if (reissued.status !== 'concluido') throw new Error('not reissued');
  return { found, agreement, open, acordo: reissued.acordo };
}

/**
 * Maria's 7201938455 (creditor 1001) concluded as three individual instalments (modo '2') by boleto, as the
 * signed-in person would: the scope and what agreements.create answered.
 */
export async function concludeIndividualInstalments(trpc: Trpc, email: string) {
  const scope = { codcredor: '1001', contrato: '7201938455' };
  const offers = await trpc.negotiation.offers.query({ ...scope, propostas: false, dividas: true });
  const chosen = offers.debts.slice(0, 3);
  const { chave } = await trpc.negotiation.saveSummary.mutate({
    ...scope,
    formaPagamento: 'boleto',
    retorno: '/negociacao',
    selecao: { modo: '2', parcelas: chosen.map((d) => d.id), vencimento: chosen[0]?.validade ?? '' },
  });
  return { scope, created: await trpc.agreements.create.mutate({ chave, email }) };
}
