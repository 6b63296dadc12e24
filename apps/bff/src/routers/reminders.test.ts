import { failure, PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { reminderHoursNow, startPushReceiver } from '@portal/test-kit/push-receiver';
import { testKysely } from '@portal/test-kit/test-database';
import { addDays, todayInBrazil } from '@portal/validation/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';

// Reminders through the BFF's procedures, against the simulator and a local push service.

const keys = webpush.generateVAPIDKeys();
const hours = reminderHoursNow();
const sendHour = hours.REMINDER_SEND_HOUR.padStart(2, '0');
let stack: Stack;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
beforeAll(async () => {
  receiver = await startPushReceiver();
  stack = await startStack({
    env: {
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      PUSH_SERVICES: `${receiver.origin},https://*.push.apple.com`,
      REMINDER_SWEEP_MS: '100',
      ...hours,
    },
  });
});
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
});

/** Ana's card agreement at Cartão Sol Nascente: instalments 4, 5 and 6 open, due in 10, 40 and 70 days. */
const ANA_CARD = { codcredor: '1006', contrato: '6011452873' };

async function ana() {
  const client = stack.client();
  await client.trpc.auth.signIn.mutate(PERSONA.ana);
  await client.trpc.debts.creditors.query();
  return client;
}
/** The e-mail and SMS notices the simulator holds for Ana, as its own GET /avisos answers her token. */
async function anasNotices(): Promise<{ canal: string; numero: number; enviarEm: string; texto: string }[]> {
  const login = await fetch(`${stack.stubUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cpfCnpj: '93541134780', senha: PERSONA.ana.senha }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const reply = await fetch(`${stack.stubUrl}/avisos`, {
    headers: { authorization: `Bearer ${data.token}` },
  });
  return ((await reply.json()) as { data: { avisos: [] } }).data.avisos;
}
const pushRows = () =>
  testKysely()
    .selectFrom('push_reminders')
    .selectAll()
    .where('contrato', '=', ANA_CARD.contrato)
    .orderBy('send_at')
    .execute();

describe('reminders', () => {
  it('offers this phone, e-mail and SMS, and plans a push reminder 3 days before and on each open due date', async () => {
    const { trpc } = await ana();
    const settings = await trpc.reminders.settings.query();
    expect(settings).toMatchObject({
      disponiveis: ['push', 'email', 'sms'],
      pushChave: keys.publicKey,
      canais: ['push', 'email'],
      dias: [3, 0],
      parado: false,
    });
    const subscription = receiver.subscribe();
    await trpc.reminders.subscribe.mutate(subscription);
    await trpc.reminders.remind.mutate({ ...ANA_CARD, canais: ['push', 'email'], dias: [3, 0] });
    const today = todayInBrazil();
    const rows = await pushRows();
    expect(rows.map((r) => [r.numero, r.vence_em, r.dias, r.state])).toEqual([
      [4, addDays(today, 10), 3, 'pendente'],
      [4, addDays(today, 10), 0, 'pendente'],
      [5, addDays(today, 40), 3, 'pendente'],
      [5, addDays(today, 40), 0, 'pendente'],
      [6, addDays(today, 70), 3, 'pendente'],
      [6, addDays(today, 70), 0, 'pendente'],
    ]);
    // at the send hour in Brasília on each day
    expect(rows[0]?.send_at.toISOString()).toBe(
      new Date(`${addDays(today, 7)}T${sendHour}:00:00-03:00`).toISOString(),
    );

    // one falls due: the sweep sends it to this browser, decryptable only with its keys
    const first = rows[0];
    if (!first) throw new Error('no reminder');
    await testKysely()
      .updateTable('push_reminders')
      .set({ send_at: new Date(Date.now() - 1000) })
      .where('id', '=', first.id)
      .execute();
    const end = Date.now() + 10_000;
    while (!receiver.received.some((r) => r.payload.lembrete === first.id) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const got = receiver.received.filter((r) => r.payload.lembrete === first.id);
    expect(got.map((r) => r.payload.texto)).toEqual([
      'Sua parcela 4 com Cartão Sol Nascente vence em 3 dias',
    ]);
    // the tap names the reminder; only Ana's session turns it into her contract
    expect(await trpc.reminders.target.query({ lembrete: first.id })).toEqual(ANA_CARD);
    const other = stack.client();
    await other.trpc.auth.signIn.mutate(PERSONA.maria);
    expect(await other.trpc.reminders.target.query({ lembrete: first.id })).toBeNull();
  });

  it('pauses for 30 days and stops at once: the pending push reminders are cancelled', async () => {
    const { trpc } = await ana();
    const paused = await trpc.reminders.pause.mutate();
    expect(Date.parse(paused.pausadoAte ?? '')).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // what falls within the pause is no longer pending: the 10-day instalment's two
    const pending = (await pushRows()).filter((r) => r.state === 'pendente').map((r) => r.numero);
    expect(pending).toEqual([5, 5, 6, 6]);
    expect((await anasNotices()).map((n) => n.numero)).toEqual([5, 5, 6, 6]);
    const stopped = await trpc.reminders.stop.mutate();
    expect(stopped.parado).toBe(true);
    expect((await pushRows()).filter((r) => r.state === 'pendente')).toEqual([]);
    expect(await anasNotices()).toEqual([]);
    const resumed = await trpc.reminders.choose.mutate({ canais: ['push'], dias: [1] });
    expect(resumed).toMatchObject({ parado: false, pausadoAte: null, canais: ['push'], dias: [1] });
    expect((await pushRows()).filter((r) => r.state === 'pendente').map((r) => [r.numero, r.dias])).toEqual([
      [4, 1],
      [5, 1],
      [6, 1],
    ]);
  });

  it('schedules an e-mail due today a minute ahead, so the upstream never gets a time gone by', async () => {
    const user = stack.stub.state.clonePersona('ana');
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PERSONA.ana.senha });
    await trpc.debts.creditors.query();
    const due = await stack.stub.app.inject({
      method: 'POST',
      url: '/__stub/agreements/atrasar',
      payload: { cpfCnpj: user.cpfCnpj, contrato: ANA_CARD.contrato, numero: 4, dias: 0 },
    });
    expect(due.statusCode).toBe(200);
    const before = Date.now();
    await trpc.reminders.remind.mutate({ ...ANA_CARD, canais: ['email'], dias: [0] });
    const login = await fetch(`${stack.stubUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cpfCnpj: user.cpfCnpj, senha: PERSONA.ana.senha }),
    });
    const { data } = (await login.json()) as { data: { token: string } };
    const reply = await fetch(`${stack.stubUrl}/avisos`, {
      headers: { authorization: `Bearer ${data.token}` },
    });
    const [today] = ((await reply.json()) as { data: { avisos: { numero: number; enviarEm: string }[] } })
      .data.avisos;
    expect(today?.numero).toBe(4);
    const at = Date.parse(today?.enviarEm ?? '');
    expect(at - before).toBeGreaterThanOrEqual(59_000);
    expect(at - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it('offers only this phone where the upstream has no /avisos, and reminds by it alone', async () => {
    const { trpc } = await ana();
    stack.stub.faults.set({ semAvisos: true });
    try {
      expect((await trpc.reminders.settings.query()).disponiveis).toEqual(['push']);
      await expect(
        trpc.reminders.remind.mutate({ ...ANA_CARD, canais: ['push'], dias: [3] }),
      ).resolves.toMatchObject({
        canais: ['push'],
        dias: [3],
      });
    } finally {
      stack.stub.faults.reset();
    }
  });

  it("gives an .ics of the open instalments, an alarm for each day chosen, without the person's document", async () => {
    const { trpc } = await ana();
    const { nome, conteudo } = await trpc.reminders.calendar.mutate(ANA_CARD);
    expect(nome).toBe('acordo-cartao-sol-nascente.ics');
    expect(conteudo.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(conteudo.match(/BEGIN:VALARM/g)).toHaveLength(3);
    const today = todayInBrazil();
    for (const days of [10, 40, 70]) {
      expect(conteudo).toContain(`DTSTART;VALUE=DATE:${addDays(today, days).replaceAll('-', '')}`);
    }
    expect(conteudo).toContain('SUMMARY:Parcela 4 · Cartão Sol Nascente');
    expect(conteudo).not.toMatch(/93541134780|935\.411\.347-80/);
  });

  it('keeps a subscription only at a configured push service, whatever the encoding of the address', async () => {
    const { trpc } = await ana();
    const { keys: k } = receiver.subscribe();
    const port = new URL(receiver.origin).port;
    const hostile = [
      'http://169.254.169.254/latest/meta-data',
      `http://localhost:${port}/push/x`,
      `http://127.0.0.1:${Number(port) + 1}/push/x`,
      `https://127.0.0.1:${port}/push/x`,
      `http://user:pass@127.0.0.1:${port}/push/x`,
      'https://evil.example/.push.apple.com',
      'https://push.apple.com.evil.example/x',
      'https://evilpush.apple.com/x',
      'https://api.push.apple.com:8443/x',
      'http://api.push.apple.com/x',
      `http://[::1]:${port}/push/x`,
    ];
    for (const endpoint of hostile) {
      expect(await failure(trpc.reminders.subscribe.mutate({ endpoint, keys: k }))).toMatchObject({
        message: expect.stringMatching(
          /Não foi possível ativar as notificações neste aparelho\.|Dados inválidos/,
        ),
      });
    }
    const kept = await testKysely().selectFrom('push_subscriptions').select('endpoint').execute();
    expect(kept.every((s) => s.endpoint.startsWith(`${receiver.origin}/push/`))).toBe(true);
    await trpc.reminders.subscribe.mutate({ endpoint: 'https://api.push.apple.com/3/device/abc', keys: k });
  });
});
