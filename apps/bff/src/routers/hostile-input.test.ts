import { VERIFY_PDF_PATH, VERIFY_PDF_TOO_LARGE_MESSAGE } from '@portal/contracts/verification-pdf';
import { PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { SHARED_MESSAGES } from '../core/messages';
import { HTTP_MESSAGES } from '../http/error-envelope';
import { PLAN_MESSAGES } from '../plan/plan-pdf';
import { INPUT_MESSAGES, MESSAGES } from '../trpc/to-trpc-error';
import { VERIFY_MESSAGES } from '../verification/verify';
import { appRouter, type ProcedurePath, proceduresOf } from './app-router';

let stack: Stack;
beforeAll(async () => {
  // the PDF route's per-address limit out of the way, so that every hostile file is read
  stack = await startStack({ env: { VERIFY_MAX_PER_IP: '100000', VERIFY_MAX_PER_SESSION: '100000' } });
});
afterAll(() => stack.close());

/** Every message the BFF may answer an input with: the portal's, the HTTP refusals', the field rules'. */
const CATALOGUE = new Set<string>([
  ...Object.values(MESSAGES),
  // a procedure without input runs whatever is sent: past its limit, the portal's 'too many attempts';
  // the plan without a budget, its own refusal
  ...Object.values(SHARED_MESSAGES),
  ...Object.values(PLAN_MESSAGES),
  ...Object.values(HTTP_MESSAGES),
  ...INPUT_MESSAGES,
]);
/** What an English parser, zod or tRPC would have said, or a stack trace. */
const FOREIGN =
  /Unexpected (token|end)|Expected property|JSON at position|is not valid JSON|Invalid input|expected .* received|Too (big|small)|invalid_type|invalid_union|No procedure|procedure at path|needs to be an object|Batch call|\bat \/|node_modules|"stack"/i;

/** A valid input of every procedure (undefined: it takes none): mutated below into invalid ones. */
const SAMPLES: Record<ProcedurePath, unknown> = {
  'auth.options': undefined,
  'auth.session': undefined,
  'auth.lookupDocument': { cpfCnpj: '529.982.247-25' },
  'auth.signIn': { cpfCnpj: '529.982.247-25', senha: 'Acordo@2026' },
  'auth.startChallenge': { cpfCnpj: '529.982.247-25' },
  'auth.answerChallenge': { resposta: '1990' },
  'auth.signInWithGoogle': { credential: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' },
  'auth.signOut': undefined,
  'account.profile': undefined,
  'account.updateProfile': {
    nome: 'Maria da Silva',
    dtNascimento: '15/03/1985',
    email: 'maria@example.com',
    telefone: '(11) 98765-4321',
    whatsapp: true,
    endereco: {
      cep: '01001-000',
      endereco: 'Praça da Sé',
      numero: '1',
      complemento: '',
      cidade: 'São Paulo',
      uf: 'SP',
    },
  },
  'account.changePassword': { senha: 'Acordo@2026', novaSenha: 'Outra@2027', confirmacao: 'Outra@2027' },
  'account.deleteAccount': { senha: 'Acordo@2026' },
  'account.activity': undefined,
  'account.disownActivity': undefined,
  'account.score': undefined,
  'account.setNotifications': { notificacao: true },
  'account.rate': { nota: 9, comentario: 'Ótimo atendimento' },
  'debts.creditors': undefined,
  'negotiation.contracts': { codcredor: '1001' },
  'negotiation.open': { codcredor: '1001' },
  'negotiation.offers': { codcredor: '1001', contrato: '4587120093', propostas: true, dividas: true },
  'negotiation.saveSummary': {
    codcredor: '1001',
    contrato: '4587120093',
    formaPagamento: 'boleto',
    retorno: '/negociacao',
    selecao: { modo: '2', parcelas: ['1'], vencimento: '2026-03-02' },
  },
  'negotiation.summary': undefined,
  'negotiation.summaryFit': undefined,
  'agreements.create': {
    chave: '0f8fad5b-d9cb-469f-a165-70867728950e',
    email: 'maria@example.com',
    telefone: '(11) 98765-4321',
  },
  'agreements.intent': { chave: '0f8fad5b-d9cb-469f-a165-70867728950e' },
  'agreements.pending': undefined,
  'agreements.concluded': undefined,
  'agreements.finish': undefined,
  'agreements.inProgress': { codcredor: '1001', contrato: '4587120093' },
  'agreements.reissue': { codcredor: '1001', contrato: '4587120093', parcela: '1' },
  'agreements.settlementDeclaration': { codcredor: '1001', contrato: '4587120093' },
  'agreements.send': { canal: 'email', destino: 'maria@example.com' },
  'agreements.attention': undefined,
  'agreements.schedulePreview': {
    codcredor: '1001',
    contrato: '4587120093',
    mudanca: { tipo: 'mover', numero: 4 },
  },
  'agreements.changeSchedule': {
    codcredor: '1001',
    contrato: '4587120093',
    mudanca: { tipo: 'dia', dia: 10 },
    chave: '0f8fad5b-d9cb-469f-a165-70867728950e',
  },
  'agreements.scheduleChange': { chave: '0f8fad5b-d9cb-469f-a165-70867728950e' },
  'agreements.hardship': { codcredor: '1001', contrato: '4587120093', motivo: 'desemprego' },
  'partners.list': undefined,
  'debts.all': undefined,
  'debts.planPdf': undefined,
  'debts.sameDay': { dia: 10 },
  'debts.sameDayReview': {
    itens: [{ codcredor: '1001', contrato: '4587120093', idProposta: '1', formaPagamento: 'boleto' }],
  },
  'debts.sameDayCart': undefined,
  'budget.get': undefined,
  'budget.save': {
    renda: 280_000,
    despesas: {
      moradia: 90_000,
      alimentacao: 60_000,
      transporte: 20_000,
      saude: 10_000,
      educacao: 0,
      contas: 10_000,
    },
    outrasParcelas: 20_000,
  },
  'budget.clear': undefined,
  'registration.checkContacts': { email: 'nova@example.com', telefone: '(11) 98765-4321' },
  'registration.register': {
    cpfCnpj: '714.602.380-01',
    nome: 'Nova Pessoa',
    email: 'nova@example.com',
    telefone: '(11) 98765-4321',
    whatsapp: false,
    notificacao: false,
  },
  'recovery.send': { cpfCnpj: '529.982.247-25' },
  'recovery.reset': { id: 'abc123', codigo: '123456', novaSenha: 'Outra@2027', confirmacao: 'Outra@2027' },
  'reminders.settings': undefined,
  'reminders.remind': { codcredor: '1001', contrato: '4587120093', canais: ['push'], dias: [3, 0] },
  'reminders.choose': { canais: ['push', 'email'], dias: [3, 0] },
  'reminders.pause': undefined,
  'reminders.stop': undefined,
  'reminders.subscribe': {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  },
  'reminders.unsubscribe': { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' },
  'reminders.target': { lembrete: 'AbCdEfGhIjKlMnOpQrStUv' },
  'reminders.calendar': { codcredor: '1001', contrato: '4587120093' },
  'tracking.view': { page: 'home', codcredor: '1001' },
  'verification.check': {
    codigo:
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
  },
};

// Sign-in and agreement creation take ten times the rest.
const RUNS: Partial<Record<ProcedurePath, number>> = { 'auth.signIn': 10_000, 'agreements.create': 10_000 };
const RUNS_EACH = 1_000;

/** Values of the wrong kind for any field: other types, huge strings, floats, NaN, bad digits, impossible dates. */
const wrongValue = fc.oneof(
  fc.anything({ maxDepth: 2, withObjectString: true, withNullPrototype: true, withBigInt: false }),
  fc.string({ minLength: 1_000, maxLength: 5_000 }),
  fc.double(),
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1234.56,
    -1,
    '',
    ' ',
    '529.982.247-24',
    '111.111.111-11',
    '2026-02-30',
    '31/02/1990',
    '01/01/2999',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '\u0000',
    'null',
  ),
);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Writes `value` at `key` as an own, enumerable property, `__proto__` included, so JSON carries it. */
const put = (target: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

/** The sample with fields dropped, retyped or added (also `__proto__` and nested ones). */
function nearValid(sample: unknown) {
  const keys = isObject(sample)
    ? Object.entries(sample).flatMap(([key, value]) =>
        isObject(value) ? [key, ...Object.keys(value).map((inner) => `${key}.${inner}`)] : [key],
      )
    : [];
  const op = fc.record({
    key: fc.constantFrom(...keys, '__proto__', 'constructor', 'extra'),
    drop: fc.boolean(),
    value: wrongValue,
  });
  return fc.array(op, { minLength: 1, maxLength: 4 }).map((ops) => {
    const copy = structuredClone(isObject(sample) ? sample : {}) as Record<string, unknown>;
    for (const { key, drop, value } of ops) {
      const [outer = '', inner] = key.split('.');
      const holder =
        inner !== undefined && isObject(copy[outer]) ? (copy[outer] as Record<string, unknown>) : copy;
      const name = inner ?? outer;
      if (drop) delete holder[name];
      else put(holder, name, value);
    }
    return JSON.stringify(copy);
  });
}

/** Text that is not JSON: cut, NaN, single quotes, trailing commas, anything typed. */
function brokenJson(sample: unknown) {
  const text = JSON.stringify(sample ?? { a: 1 });
  return fc.oneof(
    fc.string(),
    fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((cut) => text.slice(0, cut)),
    fc.constantFrom(
      text.replace(/:("[^"]*"|true|false|\d+)/, ':NaN'),
      text.replace(/"/g, "'"),
      text.replace(/}$/, ',}'),
      '{"cpfCnpj": NaN}',
      '{"__proto__": {"admin": true}',
      'undefined',
      '[1,2,',
      '\u0000',
    ),
  );
}

/** Any input text for a procedure: near its shape, of no shape, or not JSON at all. */
const hostileText = (sample: unknown) =>
  fc.oneof(
    { weight: 3, arbitrary: nearValid(sample) },
    {
      weight: 1,
      arbitrary: fc
        .anything({ withObjectString: true, withNullPrototype: true, withBigInt: false })
        .map((v) => JSON.stringify(v) ?? ''),
    },
    { weight: 1, arbitrary: brokenJson(sample) },
  );

/** Whether the procedure's own schema takes the text the server will parse: such an input is not hostile. */
function accepted(schema: ZodType, text: string) {
  let value: unknown;
  try {
    value = text === '' ? undefined : JSON.parse(text);
  } catch {
    return false;
  }
  return schema.safeParse(value).success;
}

/** Everything the upstream was asked or told: HTTP calls, proxy messages, access and trail records. */
async function upstreamActivity() {
  const trail = await stack.stub.app.inject({ url: '/__stub/trilha' });
  const calls = [...stack.stub.calls].filter(([route]) => !route.includes('/__stub/'));
  return (
    calls.reduce((sum, [, count]) => sum + count, 0) +
    stack.stub.state.proxyRequests.length +
    stack.stub.state.acionamentos.length +
    (trail.json() as unknown[]).length
  );
}

/** The messages of an answer: a tRPC error (one per call of a batch), the plain envelope, or none. */
function messagesOf(body: string): string[] {
  const json = JSON.parse(body) as unknown;
  return (Array.isArray(json) ? json : [json]).flatMap((item) => {
    const message = (item as { error?: { message?: unknown } }).error?.message;
    return message === undefined ? [] : [String(message)];
  });
}

async function signedIn() {
  const user = stack.stub.state.clonePersona('maria');
  const client = stack.client();
  await client.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PERSONA.maria.senha });
  return { cookie: client.cookieHeader(), 'sec-fetch-site': 'same-origin' };
}

const procedures = Object.entries(proceduresOf(appRouter)).map(([path, procedure]) => ({
  path: path as ProcedurePath,
  type: procedure?._def.type,
  schema: procedure?._def.inputs[0] as ZodType | undefined,
}));
// Those that take an input first: their inputs are all refused, so the upstream must hear nothing of them.
procedures.sort((a, b) => Number(!a.schema) - Number(!b.schema));

describe('hostile input to every procedure', () => {
  it('has a valid sample input for every procedure, and none for a procedure that is gone', () => {
    expect(procedures.filter(({ path }) => !(path in SAMPLES)).map(({ path }) => path)).toEqual([]);
    const names = procedures.map(({ path }) => path as string);
    expect(Object.keys(SAMPLES).filter((path) => !names.includes(path))).toEqual([]);
    for (const { path, schema } of procedures) {
      if (schema) expect(schema.safeParse(SAMPLES[path]).success, path).toBe(true);
    }
  });

  it.each(procedures)(
    '$path: thousands of malformed inputs, no 5xx, only Portuguese messages, nothing upstream',
    async ({ path, type, schema }) => {
      const headers = await signedIn();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const before = await upstreamActivity();
      const runs = RUNS[path] ?? RUNS_EACH;
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(
          schema
            ? hostileText(SAMPLES[path]).filter((text) => !accepted(schema, text))
            : hostileText(undefined),
          async (text) => {
            sent += 1;
            const response = await stack.app.inject(
              type === 'query'
                ? { url: `/trpc/${path}${text === '' ? '' : `?input=${encodeURIComponent(text)}`}`, headers }
                : {
                    method: 'POST',
                    url: `/trpc/${path}`,
                    headers: { ...headers, 'content-type': 'application/json' },
                    payload: text,
                  },
            );
            expect(response.statusCode).toBeLessThan(500);
            // a session renewed under a new id (the cookie the browser would keep), as a browser follows it
            for (const { name, value } of response.cookies)
              if (value)
                headers.cookie = headers.cookie.replace(
                  new RegExp(`(^|; )${name}=[^;]*`),
                  `$1${name}=${value}`,
                );
            // refused for what it holds: never a lost session or a foreign origin
            if (schema) expect(response.statusCode).toBe(400);
            else expect([401, 403]).not.toContain(response.statusCode);
            for (const message of messagesOf(response.body)) expect(CATALOGUE).toContain(message);
            expect(response.body).not.toMatch(FOREIGN);
          },
        ),
        { numRuns: runs },
      );
      expect(sent).toBeGreaterThanOrEqual(runs);
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (schema) expect(await upstreamActivity()).toBe(before);
    },
    300_000,
  );

  it('answers a field at fault by its name only, with the field rule’s message when it has one', async () => {
    const headers = { 'content-type': 'application/json' };
    const wrongType = await stack.app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers,
      payload: JSON.stringify({ cpfCnpj: 52998224725, senha: 'x' }),
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error).toMatchObject({
      message: 'Dados inválidos',
      data: { code: 'BAD_REQUEST', fields: ['cpfCnpj'] },
    });
    const badDocument = await stack.app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers,
      payload: JSON.stringify({ cpfCnpj: '529.982.247-24', senha: 'x' }),
    });
    expect(badDocument.json().error).toMatchObject({
      message: 'CPF/CNPJ inválido',
      data: { fields: ['cpfCnpj'] },
    });
    const broken = await stack.app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers,
      payload: '{"cpf',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe(HTTP_MESSAGES.badRequest);
  });
});

describe('hostile files to the PDF route', () => {
  const PDF_MESSAGES = new Set<string>([
    ...CATALOGUE,
    VERIFY_PDF_TOO_LARGE_MESSAGE,
    ...(Object.values(VERIFY_MESSAGES) as unknown[]).filter((m): m is string => typeof m === 'string'),
  ]);
  const header = '%PDF-1.7\n';
  const body = fc.oneof(
    fc.uint8Array({ maxLength: 4_096 }).map((bytes) => Buffer.from(bytes)),
    fc.string({ maxLength: 2_000 }).map((text) => Buffer.from(header + text)),
    fc.constantFrom(
      Buffer.alloc(0),
      Buffer.from(header),
      Buffer.from(
        `${header}1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF`,
      ),
      Buffer.from(`${header}${'('.repeat(10_000)}`),
      Buffer.from('{"codigo": "x"}'),
    ),
  );

  it('300 malformed files: no 5xx, only Portuguese messages', async () => {
    const headers = await signedIn();
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.constantFrom('application/pdf', 'application/json', 'text/plain'),
        async (file, type) => {
          const response = await stack.app.inject({
            method: 'POST',
            url: VERIFY_PDF_PATH,
            headers: { ...headers, 'content-type': type },
            payload: file,
          });
          expect(response.statusCode).toBeLessThan(500);
          for (const message of messagesOf(response.body)) expect(PDF_MESSAGES).toContain(message);
          expect(response.body).not.toMatch(FOREIGN);
        },
      ),
      { numRuns: 300 },
    );
    const tooLarge = await stack.app.inject({
      method: 'POST',
      url: VERIFY_PDF_PATH,
      headers: { ...headers, 'content-type': 'application/pdf' },
      payload: Buffer.alloc(2 * 1024 * 1024 + 1, 0x20),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(messagesOf(tooLarge.body)).toEqual([VERIFY_PDF_TOO_LARGE_MESSAGE]);
  }, 120_000);
});
