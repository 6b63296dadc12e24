import { noticesListReply, noticesReply, type ScheduledNotice } from '@portal/contracts/upstream/account';
import { loginReply } from '@portal/contracts/upstream/auth';
import type { OutboxMessage } from '@portal/contracts/upstream/registration';
import { addBusinessDays } from '@portal/validation/dates';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildStub, type Stub } from '../app';

// PUT/GET /avisos (ours): reminders the upstream sends by e-mail or SMS at a set time, once, unless the
// instalment is paid by then or its agreement cancelled. On the simulator's own clock.

const TUESDAY = '2026-11-24';
const at = (iso: string, time: string) => Date.parse(`${iso}T${time}:00-03:00`);

let clock = at(TUESDAY, '10:00');
let stub: Stub;
let base = '';
beforeAll(async () => {
  stub = await buildStub({ now: () => clock, tokenTtlMs: 365 * 86_400_000 });
  base = await stub.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => stub.app.close());
beforeEach(() => {
  clock = at(TUESDAY, '10:00');
});
afterEach(() => stub.faults.reset());

const request = (method: string, path: string, body?: unknown, token?: string) =>
  fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const getJson = async <T>(path: string) => (await (await request('GET', path)).json()) as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh copy of Ana, signed in: her card agreement is Cartão Sol Nascente's (10 business days). */
async function ana() {
  const copy = (await (await request('POST', '/__stub/personas', { like: 'ana' })).json()) as {
    cpfCnpj: string;
    email: string;
    telefone: string;
  };
  const login = await request('POST', '/login', { cpfCnpj: copy.cpfCnpj, senha: 'Acordo@2026' });
  const { token } = loginReply.parse(await login.json()).data;
  const put = (avisos: unknown[]) => request('PUT', '/avisos', { avisos }, token);
  const schedule = async () =>
    noticesListReply.parse(await (await request('GET', '/avisos', undefined, token)).json()).data.avisos;
  const sent = () => getJson<{ id: string }[]>(`/__stub/avisos/enviados?cpfCnpj=${copy.cpfCnpj}`);
  /** What was sent once `count` notices went out, or after three seconds. */
  const sentOnce = async (count: number) => {
    for (const until = Date.now() + 3_000; Date.now() < until && (await sent()).length < count; )
      await sleep(50);
    return sent();
  };
  return { ...copy, token, put, schedule, sent, sentOnce };
}

const notice = (over: Partial<ScheduledNotice> = {}): ScheduledNotice => ({
  id: 'acordo-2025004417-4-vespera',
  canal: 'email',
  enviarEm: '2026-11-24T10:01:00-03:00',
  codcredor: '1006',
  contrato: '6011452873',
  codigoAcordo: '2025004417',
  numero: 4,
  texto: 'Sua parcela do acordo vence amanhã.',
  ...over,
});

describe('PUT /avisos', () => {
  it('replaces the whole schedule, an empty list leaving none', async () => {
    const person = await ana();
    const first = [notice({ id: 'a' }), notice({ id: 'b', canal: 'sms', numero: 5 })];
    const put = await person.put(first);
    expect(put.status).toBe(200);
    expect(noticesReply.parse(await put.json()).data).toEqual({ agendados: 2 });
    expect(await person.schedule()).toEqual(first);

    expect(noticesReply.parse(await (await person.put([notice({ id: 'c' })])).json()).data.agendados).toBe(1);
    expect((await person.schedule()).map((n) => n.id)).toEqual(['c']);
    expect(noticesReply.parse(await (await person.put([])).json()).data.agendados).toBe(0);
    expect(await person.schedule()).toEqual([]);
  });

  it.each([
    ['at 21:00 in Brasília', [notice({ enviarEm: '2026-11-24T21:00:00-03:00' })]],
    ['at 07:59 in Brasília', [notice({ enviarEm: '2026-11-25T07:59:00-03:00' })]],
    ['at 21:30 in Brasília, written in UTC', [notice({ enviarEm: '2026-11-25T00:30:00Z' })]],
    ['a minute ago', [notice({ enviarEm: '2026-11-24T09:59:00-03:00' })]],
    ['a time without its offset', [notice({ enviarEm: '2026-11-24T12:00:00' })]],
    ['an id twice', [notice(), notice({ numero: 5 })]],
    ['a text over 160 characters', [notice({ texto: 'x'.repeat(161) })]],
    ['another channel', [{ ...notice(), canal: 'whatsapp' }]],
    ['over 500 notices', Array.from({ length: 501 }, (_, i) => notice({ id: `n${i}` }))],
  ])('refuses a schedule with a notice %s, keeping the one it had', async (_, avisos) => {
    const person = await ana();
    await person.put([notice({ id: 'kept' })]);
    const refused = await person.put(avisos);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ msg: 'Dados inválidos.' });
    expect((await person.schedule()).map((n) => n.id)).toEqual(['kept']);
  });

  it('keeps the quiet hours the portal it serves keeps, a window within one day too', async () => {
    const person = await ana();
    stub.state.noticeQuietHours = { from: 12, to: 14 };
    try {
      // 21:30 is no longer quiet; 12:30 is
      expect((await person.put([notice({ enviarEm: '2026-11-24T21:30:00-03:00' })])).status).toBe(200);
      expect((await person.put([notice({ enviarEm: '2026-11-24T12:30:00-03:00' })])).status).toBe(400);
      expect((await person.put([notice({ enviarEm: '2026-11-24T14:00:00-03:00' })])).status).toBe(200);
    } finally {
      stub.state.noticeQuietHours = { from: 21, to: 8 };
    }
  });

  it('takes the edges of the day, and this very minute', async () => {
    const person = await ana();
    const edges = [
      notice({ id: 'now', enviarEm: '2026-11-24T13:00:00.000Z' }),
      notice({ id: 'evening', enviarEm: '2026-11-24T20:59:59-03:00' }),
      notice({ id: 'morning', enviarEm: '2026-11-25T08:00:00-03:00' }),
    ];
    expect((await person.put(edges)).status).toBe(200);
  });

  it('answers 401 Token expirado without a live token', async () => {
    const response = await request('PUT', '/avisos', { avisos: [] }, 'no-such-token');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: 'Token expirado' });
  });
});

describe('the notices sent', () => {
  it('go once, when their time comes, to the e-mail or phone on file', async () => {
    const person = await ana();
    const avisos = [
      notice({ id: 'mail' }),
      notice({ id: 'text', canal: 'sms', texto: 'Parcela vence amanhã.' }),
    ];
    await person.put(avisos);
    await sleep(1_200);
    expect(await person.sent()).toEqual([]);

    clock = at(TUESDAY, '10:02');
    expect(await person.sentOnce(2)).toEqual([
      {
        id: 'mail',
        canal: 'email',
        cpfCnpj: person.cpfCnpj,
        texto: avisos[0]?.texto,
        sentAt: '2026-11-24T13:02:00.000Z',
      },
      {
        id: 'text',
        canal: 'sms',
        cpfCnpj: person.cpfCnpj,
        texto: avisos[1]?.texto,
        sentAt: '2026-11-24T13:02:00.000Z',
      },
    ]);
    const outbox = await getJson<OutboxMessage[]>(`/__stub/outbox?cpfCnpj=${person.cpfCnpj}`);
    expect(outbox).toMatchObject([
      { canal: 'email', destino: person.email, texto: avisos[0]?.texto },
      { canal: 'sms', destino: person.telefone, texto: avisos[1]?.texto },
    ]);
    expect(await person.schedule()).toEqual([]);

    // scheduled again under the same ids, they are not sent twice
    expect(
      noticesReply.parse(
        await (await person.put(avisos.map((a) => ({ ...a, enviarEm: '2026-11-24T10:30:00-03:00' })))).json(),
      ).data.agendados,
    ).toBe(0);
    clock = at(TUESDAY, '10:31');
    await sleep(1_300);
    expect(await person.sent()).toHaveLength(2);
  });

  it('skip an instalment paid by then, an agreement cancelled by then and one that is not the contract’s', async () => {
    const paid = await ana();
    await request('POST', '/__stub/payments', {
      cpfCnpj: paid.cpfCnpj,
      contrato: '6011452873',
      parcela: 4,
      metodo: 'pix',
    });
    await paid.put([
      notice({ id: 'paid' }),
      notice({ id: 'other-agreement', codigoAcordo: '1111111111' }),
      notice({ id: 'next', numero: 5 }),
    ]);

    const late = await ana();
    // instalment 4 falls due today: the agreement is cancelled on the eleventh business day after
    await request('POST', '/__stub/agreements/atrasar', {
      cpfCnpj: late.cpfCnpj,
      contrato: '6011452873',
      numero: 4,
      dias: 0,
    });
    const cancelledOn = addBusinessDays(TUESDAY, 11);
    await late.put([
      notice({ id: 'in-time', enviarEm: '2026-11-24T10:01:00-03:00' }),
      notice({ id: 'too-late', enviarEm: `${cancelledOn}T10:00:00-03:00` }),
    ]);

    clock = at(TUESDAY, '10:02');
    expect((await paid.sentOnce(1)).map((n) => n.id)).toEqual(['next']);
    expect((await late.sentOnce(1)).map((n) => n.id)).toEqual(['in-time']);
    clock = at(cancelledOn, '10:01');
    await sleep(1_300);
    expect((await late.sent()).map((n) => n.id)).toEqual(['in-time']);
    expect(await late.schedule()).toEqual([]);
    expect((await paid.sent()).map((n) => n.id)).toEqual(['next']);
  });
});

describe('an upstream without scheduled notices (semAvisos)', () => {
  it('answers 404 to both methods, so that the portal offers no reminders', async () => {
    const person = await ana();
    expect((await request('PUT', '/__stub/faults', { semAvisos: true })).status).toBe(200);
    expect((await person.put([notice()])).status).toBe(404);
    expect((await request('GET', '/avisos', undefined, person.token)).status).toBe(404);
    await request('DELETE', '/__stub/faults');
    expect((await person.put([notice()])).status).toBe(200);
  });
});
