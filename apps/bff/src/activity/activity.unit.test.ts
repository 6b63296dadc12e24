import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import { accountActivity, recordActivity, signInActivity } from './activity';
import { ownerOf } from './owner';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('signInActivity', () => {
  it('names the way, the device kind and the browser from the User-Agent', () => {
    expect(signInActivity('senha', PHONE)).toEqual({
      kind: 'entrada',
      forma: 'senha',
      dispositivo: 'Celular',
      navegador: 'Chrome',
    });
    expect(signInActivity('google', IPAD)).toMatchObject({ dispositivo: 'Tablet', navegador: 'Safari' });
    expect(signInActivity('pergunta', DESKTOP_FIREFOX)).toMatchObject({
      dispositivo: 'Computador',
      navegador: 'Firefox',
    });
  });

  it('says unknown for a client that sends no User-Agent, or one it cannot read', () => {
    expect(signInActivity('senha', '')).toMatchObject({
      dispositivo: 'Dispositivo desconhecido',
      navegador: 'Navegador desconhecido',
    });
    expect(signInActivity('senha', 'x'.repeat(10_000))).toMatchObject({
      navegador: 'Navegador desconhecido',
    });
  });
});

describe('accountActivity', () => {
  it("lists the person's own lines of the last 90 days, newest first, never another person's", async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    const other = { data: { cpfCnpj: '11144477735' } };
    const now = new Date('2026-11-27T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await recordActivity(ports, maria, { kind: 'senha-alterada' }, daysAgo(91));
    await recordActivity(ports, maria, { kind: 'contato-alterado', campos: 'e-mail' }, daysAgo(89));
    await recordActivity(ports, maria, signInActivity('senha', PHONE), daysAgo(1));
    await recordActivity(ports, other, { kind: 'senha-redefinida' }, daysAgo(1));
    expect(await accountActivity(ports, maria, now)).toEqual({
      dias: 90,
      linhas: [
        { ...signInActivity('senha', PHONE), em: daysAgo(1).toISOString() },
        { kind: 'contato-alterado', campos: 'e-mail', em: daysAgo(89).toISOString() },
      ],
    });
  });

  it('keeps the action when the database loses the line, and logs only its kind', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    const failing = { ...ports, db: { ...ports.db, addActivity: () => Promise.reject(new Error('down')) } };
    await recordActivity(failing, maria, { kind: 'senha-alterada' });
    expect(ports.log.lines).toEqual([
      { level: 'warn', fields: { kind: 'senha-alterada' }, message: 'activity: a line was not kept' },
    ]);
    expect(await ports.db.activity([ownerOf(ports, maria)], new Date(0), 10)).toEqual([]);
  });
});
