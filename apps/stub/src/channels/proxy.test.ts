import { proxyReply } from '@portal/contracts/upstream/proxy-channel';
import { useStubServer } from '@portal/test-kit/stub-server';
import { openSocket } from '@portal/test-kit/stub-socket';
import { describe, expect, it } from 'vitest';

// What the simulator sends is read here as raw JSON: the contracts' schemas would repair it.
const server = useStubServer();

const MARIA = '52998224725';
const ANA = '93541134780';
const LUCIANA = '00481516298';

const tokenOf = async (cpfCnpj: string): Promise<string> => {
  const response = await server.post('/login', { cpfCnpj, senha: 'Acordo@2026' });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
};

/** Asks the proxy channel as `cpfCnpj`, signed in, and returns each successful reply's raw data. */
async function proxyAs(cpfCnpj: string) {
  const token = await tokenOf(cpfCnpj);
  const channel = await openSocket(server.base, '/ws/proxy');
  let n = 0;
  const ask = async (metodo: string, extra: Record<string, unknown> = {}): Promise<unknown> => {
    n += 1;
    const reply = proxyReply.parse(
      await channel.ask({ idRequest: `q-${n}`, metodo, app: 'test', cpfcnpj: cpfCnpj, token, ...extra }),
    );
    expect(reply, metodo).toMatchObject({ err: false, retorno: 0 });
    return reply.data;
  };
  return { ask, close: channel.close };
}

/** Every string under a key starting with 'valor', wherever it sits in the reply. */
function amountsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) amountsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.startsWith('valor') && typeof inner === 'string') found.push(inner);
      else amountsIn(inner, found);
    }
  }
  return found;
}

describe('the proxy channel, as the least forgiving upstream', () => {
  it('sends every amount without thousands separators: contracts, debts, proposals and agreements', async () => {
    const maria = await proxyAs(MARIA);
    const scope = { codcredor: '1002', contrato: '4587120093' };
    const replies = [
      await maria.ask('consultaContrato', {
        codcredor: '1002',
        logomarca: '',
        url: '',
        parcelasIndividuaisSequenciais: true,
        pagamento: [],
      }),
      await maria.ask('consultaDivida', scope),
      await maria.ask('consultaProposta', scope),
    ];
    maria.close();
    const ana = await proxyAs(ANA);
    replies.push(await ana.ask('consultaAcordo', { codcredor: '1006', contrato: '6011452873' }));
    ana.close();

    const amounts = replies.flatMap((data) => amountsIn(data));
    expect(amounts.length).toBeGreaterThan(20);
    for (const amount of amounts) expect(amount).toMatch(/^\d+,\d{2}$/);
    // some of them reach the thousands, where a separator would show
    expect(amounts.some((a) => a.length > 6)).toBe(true);
  });

  it("sends Luciana's creditors as they come: one without pagamento, one with a malformed payment type", async () => {
    const luciana = await proxyAs(LUCIANA);
    const data = (await luciana.ask('consultaDebito')) as { credor: Record<string, unknown>[] };
    luciana.close();
    const byCode = new Map(data.credor.map((c) => [c.agrupador, c]));
    expect([...byCode.keys()]).toEqual(['1003', '1007', '1009']);
    expect(byCode.get('1003')?.pagamento).toHaveLength(3);
    expect(byCode.get('1007')).not.toHaveProperty('pagamento');
    const malformed = byCode.get('1009')?.pagamento as Record<string, unknown>[];
    expect(malformed).toContainEqual({ idTipoPagamento: '4', tipoPagamento: 'PIX', pagamentoInterno: 'S' });
  });

  it("keeps Maria's creditors whole", async () => {
    const maria = await proxyAs(MARIA);
    const data = (await maria.ask('consultaDebito')) as { credor: Record<string, unknown>[] };
    maria.close();
    for (const c of data.credor) {
      expect(Array.isArray(c.pagamento) && c.pagamento.length > 0, String(c.agrupador)).toBe(true);
    }
  });
});

describe('documents in replies', () => {
  const raw = async (path: string, init: RequestInit = {}) =>
    ((await (await fetch(`${server.base}${path}`, init)).json()) as { data: { cpfCnpj: string } }).data;

  it('go without their leading zeros at login and in the profile', async () => {
    const login = await server.post('/login', { cpfCnpj: LUCIANA, senha: 'Acordo@2026' });
    const { cpfCnpj, token } = ((await login.json()) as { data: { cpfCnpj: string; token: string } }).data;
    expect(cpfCnpj).toBe('481516298');
    const profile = await raw('/consulta', { headers: { authorization: `Bearer ${token}` } });
    expect(profile.cpfCnpj).toBe('481516298');
  });

  it('go whole when they have no leading zero, alphanumeric ones included', async () => {
    for (const document of [MARIA, '11222333000181', '12ABC34501DE35']) {
      const login = await server.post('/login', { cpfCnpj: document, senha: 'Acordo@2026' });
      expect(((await login.json()) as { data: { cpfCnpj: string } }).data.cpfCnpj).toBe(document);
    }
  });

  it('are still asked for whole: a request with the short document is refused', async () => {
    const response = await server.post('/login', { cpfCnpj: '481516298', senha: 'Acordo@2026' });
    expect(response.status).toBe(400);
  });
});
