import { formatTrailMoney } from '@portal/contracts/upstream/trail-channel';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it, vi } from 'vitest';
import type { Summary } from '../core/records';
import type { Ports } from '../ports/ports';
import type { TrailVisit } from '../upstream/trail-channel';
import { trackAgreement, trackBoleto, trackView } from './trail';

/** A trail channel whose ids say what they were made of, keeping every record it was given. */
function trailChannel(fails = false) {
  const records: { visit: TrailVisit; record: Record<string, unknown> }[] = [];
  const trail = {
    sessionIdOf: (id: string, keyId?: string) => `sid:${id}${keyId ? `:${keyId}` : ''}`,
    formerSessionIdsOf: (id: string) => [`former:${id}`],
    record: async (visit: TrailVisit, record: Record<string, unknown>) => {
      records.push({ visit, record });
      if (fails) throw new TypeError('closed');
    },
  } as never as Ports['trail'];
  return { records, trail };
}

/** Lets the fired-and-forgotten records run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

const SUMMARY = {
  credor: { codcredor: '1001', nome: 'Moda Aurora', logoUrl: null },
  contrato: '4587120093',
  tipoAcordo: 'AP',
  formaPagamento: 'pix',
  detalhes: {
    negociacao: 'Parcelado',
    entradaCents: 30000,
    demaisParcelas: { quantidade: 3, valorCents: 25050 },
    vencimento: '2026-11-24',
    atualizadoCents: null,
    descontoCents: null,
    totalCents: 105150,
  },
} as Summary;

describe('trackView', () => {
  it('tracks a signed-out visitor who consented under a new visitor cookie, which opens its trail session', async () => {
    const { records, trail } = trailChannel();
    const ports = memoryPorts({ trail });
    ports.cookies.set('aceito', 'true', { path: '/', secure: false });
    trackView(ports, null, 'home', undefined);
    const cookie = ports.cookies.jar.get('visita');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.value.slice(-8)).toBe(ports.keys.newest);
    expect(cookie?.options).toEqual({
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
      maxAge: 2_592_000,
    });
    await vi.waitFor(() => expect(records).toHaveLength(1));
    expect(records[0]).toEqual({
      visit: {
        ip: ports.ip,
        device: 'mobile',
        sessionId: `sid:${cookie?.value}:${ports.keys.newest}`,
        opened: 'now',
      },
      record: { metodo: 'gravarTrilha', stage: 1, flow: 1, trail: 'home', clienteId: '' },
    });

    trackView(ports, null, 'login', undefined);
    await vi.waitFor(() => expect(records).toHaveLength(2));
    expect(ports.cookies.jar.get('visita')?.value).toBe(cookie?.value);
    expect(records[1]?.visit.opened).toBe('before');
  });

  it('replaces a visitor cookie no configured key made', async () => {
    const { records, trail } = trailChannel();
    const ports = memoryPorts({ trail });
    ports.cookies.set('aceito', 'true', { path: '/', secure: false });
    const stale = `${'a'.repeat(35)}zzzzzzzz`;
    ports.cookies.set('visita', stale, { path: '/', secure: false });
    trackView(ports, null, 'home', undefined);
    expect(ports.cookies.get('visita')).not.toBe(stale);
    await vi.waitFor(() => expect(records[0]?.visit.opened).toBe('now'));
  });

  it('does not track a visitor without the consent, and drops a visit cookie left from one withdrawn', async () => {
    const { records, trail } = trailChannel();
    const ports = memoryPorts({ trail });
    ports.cookies.set('visita', 'left-over', { path: '/', secure: false });
    trackView(ports, null, 'home', undefined);
    expect(ports.cookies.get('visita')).toBeUndefined();
    await settle();
    expect(records).toEqual([]);
    expect(await ports.limiter.count('track-ip', ports.ip)).toBe(0);
  });

  it('names the visit cookie __Host- when cookies are Secure', async () => {
    const { trail } = trailChannel();
    const ports = memoryPorts({ trail, env: { COOKIE_SECURE: 'true' } });
    ports.cookies.set('aceito', 'true', { path: '/', secure: true });
    trackView(ports, null, 'home', undefined);
    expect(ports.cookies.jar.get('__Host-visita')?.options.secure).toBe(true);
    expect(ports.cookies.get('visita')).toBeUndefined();
  });

  it('tracks a private page only for a signed-in person, under their session and client id', async () => {
    const { records, trail } = trailChannel();
    const ports = memoryPorts({ trail });
    ports.cookies.set('aceito', 'true', { path: '/', secure: false });
    trackView(ports, null, 'negociacao', '1001');
    await settle();
    expect(records).toEqual([]);

    const person = await signedIn(ports, { clientId: '2002' });
    trackView(ports, person, 'negociacao', '1001');
    await vi.waitFor(() => expect(records).toHaveLength(1));
    const [{ visit, record } = { visit: undefined, record: undefined }] = records;
    expect(record).toEqual({
      metodo: 'gravarTrilha',
      stage: 3,
      flow: 19,
      trail: 'negociacao',
      clienteId: '2002',
      extras: { codcredor: '1001' },
    });
    expect(visit).toMatchObject({ sessionId: `sid:${person.id}`, formerIds: [`former:${person.id}`] });
    const { claimForMs } = (visit?.opened ?? {}) as { claimForMs: number };
    expect(claimForMs).toBeGreaterThan(12 * 3_600_000 - 60_000);
    expect(claimForMs).toBeLessThanOrEqual(12 * 3_600_000);
    expect(ports.cookies.get('visita')).toBeUndefined();
  });

  it("drops views beyond the address's limit", async () => {
    const { records, trail } = trailChannel();
    const ports = memoryPorts({ trail, env: { TRACK_VIEWS_MAX_PER_IP: '2' } });
    const person = await signedIn(ports);
    for (let i = 0; i < 4; i += 1) trackView(ports, person, 'minha-conta', undefined);
    await vi.waitFor(() => expect(records).toHaveLength(2));
    await settle();
    expect(records).toHaveLength(2);
  });

  it('never fails the page: a record that fails is logged by its kind only', async () => {
    const { trail } = trailChannel(true);
    const ports = memoryPorts({ trail });
    const person = await signedIn(ports);
    expect(() => trackView(ports, person, 'minha-conta', undefined)).not.toThrow();
    await vi.waitFor(() =>
      expect(ports.log.lines).toEqual([
        { level: 'warn', fields: { kind: 'TypeError' }, message: 'trail: a record was not sent' },
      ]),
    );
  });
});

describe('trackAgreement', () => {
  it("records the agreement's terms under the person's session", async () => {
    const { records, trail } = trailChannel();
    const ports = memoryPorts({ trail });
    const person = await signedIn(ports, { clientId: '2002' });
    trackAgreement(ports, person, SUMMARY);
    await vi.waitFor(() => expect(records).toHaveLength(1));
    expect(records[0]?.visit.sessionId).toBe(`sid:${person.id}`);
    expect(records[0]?.record).toEqual({
      metodo: 'gravarTrilhaAcordo',
      clienteId: '2002',
      codCredor: '1001',
      contrato: '4587120093',
      tipoAcordo: 'AP',
      valorEntrada: formatTrailMoney(30000),
      valorParcela: formatTrailMoney(25050),
      quantidadeParcela: 3,
      dataVencimento: '24/11/2026',
      tipoPagamento: 'pix',
      valorTotal: formatTrailMoney(105150),
    });
  });

  it('records an upfront payment with no entry nor instalments', async () => {
    const { records, trail } = trailChannel();
    const ports = memoryPorts({ trail });
    const upfront = {
      ...SUMMARY,
      tipoAcordo: 'AV',
      detalhes: { ...SUMMARY.detalhes, entradaCents: null, demaisParcelas: null },
    } as Summary;
    trackAgreement(ports, await signedIn(ports), upfront);
    await vi.waitFor(() => expect(records).toHaveLength(1));
    expect(records[0]?.record).toMatchObject({
      valorEntrada: formatTrailMoney(0),
      valorParcela: formatTrailMoney(0),
      quantidadeParcela: 0,
    });
  });
});

describe('trackBoleto', () => {
  it('records a boleto issued again or sent, with its nosso número when it has one', async () => {
    const { records, trail } = trailChannel();
    const ports = memoryPorts({ trail });
    const person = await signedIn(ports, { clientId: '2002' });
    const acordo = {
      credor: SUMMARY.credor,
      contrato: '4587120093',
      nossonumero: '0000000012345001',
      formaPagamento: 'boleto' as const,
    };
    trackBoleto(ports, person, acordo, 'reemissao');
    trackBoleto(ports, person, { ...acordo, nossonumero: '' }, 'email');
    await vi.waitFor(() => expect(records).toHaveLength(2));
    expect(records.map((r) => r.record)).toEqual([
      {
        metodo: 'gravarTrilhaBoleto',
        clienteId: '2002',
        codCredor: '1001',
        contrato: '4587120093',
        nossonumero: '0000000012345001',
        canal: 'reemissao',
        tipoPagamento: 'boleto',
      },
      {
        metodo: 'gravarTrilhaBoleto',
        clienteId: '2002',
        codCredor: '1001',
        contrato: '4587120093',
        canal: 'email',
        tipoPagamento: 'boleto',
      },
    ]);
  });
});
