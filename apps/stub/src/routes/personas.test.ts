import { randomUUID } from 'node:crypto';
import { loginReply, solicitarLoginReply } from '@portal/contracts/upstream/auth';
import {
  consultaDebitoData,
  consultaDividaData,
  consultaPropostaData,
  proxyReply,
} from '@portal/contracts/upstream/proxy-channel';
import { useStubServer } from '@portal/test-kit/stub-server';
import { openSocket } from '@portal/test-kit/stub-socket';
import { documentKind } from '@portal/validation/document';
import { isValidEmail } from '@portal/validation/email';
import { isValidPhone } from '@portal/validation/phone';
import { describe, expect, it } from 'vitest';
import { PERSONAS } from '../data/personas';
import { CLONABLE_PERSONAS, type ClonablePersona } from '../state/personas';

const server = useStubServer();

const { post } = server;

interface Copy {
  id: string;
  cpfCnpj: string;
  email: string;
  telefone: string;
}
const copyOf = async (like: ClonablePersona): Promise<Copy> => {
  const response = await post('/__stub/personas', { like });
  expect(response.status).toBe(200);
  return (await response.json()) as Copy;
};
const seeded = (key: ClonablePersona) => {
  const persona = PERSONAS.find((p) => p.key === key);
  if (!persona) throw new Error(`no persona ${key}`);
  return persona;
};
const signIn = async (cpfCnpj: string) => {
  const response = await post('/login', { cpfCnpj, senha: 'Acordo@2026' });
  expect(response.status).toBe(200);
  return loginReply.parse(await response.json()).data;
};

/** Asks the proxy channel as `cpfCnpj`, signed in, and returns the reply's data. */
async function proxyAs(cpfCnpj: string) {
  const { token } = await signIn(cpfCnpj);
  const channel = await openSocket(server.base, '/ws/proxy');
  let n = 0;
  const ask = async (metodo: string, extra: Record<string, unknown> = {}) => {
    n += 1;
    const reply = proxyReply.parse(
      await channel.ask({ idRequest: `p-${n}`, metodo, app: 'test', cpfcnpj: cpfCnpj, token, ...extra }),
    );
    expect(reply).toMatchObject({ err: false, retorno: 0 });
    return reply.data;
  };
  return { ask, close: channel.close };
}

describe('POST /__stub/personas', () => {
  it.each(CLONABLE_PERSONAS.map((key) => [key] as const))(
    'copies %s under a fresh valid document of the same kind, e-mail and mobile',
    async (key) => {
      const persona = seeded(key);
      const copy = await copyOf(key);
      expect(copy.cpfCnpj).not.toBe(persona.cpfCnpj);
      expect(documentKind(copy.cpfCnpj)).toBe(documentKind(persona.cpfCnpj));
      expect(/[A-Z]/.test(copy.cpfCnpj)).toBe(/[A-Z]/.test(persona.cpfCnpj));
      expect(isValidEmail(copy.email)).toBe(true);
      expect(copy.email).not.toBe(persona.email);
      expect(isValidPhone(copy.telefone)).toBe(true);
      expect(copy.telefone).not.toBe(persona.telefone);

      const user = server.stub.state.findUser(copy.cpfCnpj);
      expect(copy.id).toBe(user?.id);
      expect(user?.profile).toMatchObject({ nome: persona.nome, dtNascimento: persona.dtNascimento });
      expect(user?.seed).toEqual({
        contracts: persona.contracts,
        behaviour: persona.behaviour,
        identityQuestion: persona.identityQuestion,
        score: persona.score,
      });
      expect(server.stub.state.contactCounts(copy.email, copy.telefone)).toEqual({
        countEmail: 1,
        countTelefone: 1,
      });
    },
  );

  it('gives every copy its own document, e-mail and phone', async () => {
    const copies = await Promise.all(Array.from({ length: 20 }, () => copyOf('maria')));
    for (const field of ['cpfCnpj', 'email', 'telefone'] as const) {
      expect(new Set(copies.map((c) => c[field])).size).toBe(copies.length);
    }
  });

  it('signs the copy in with the demo password, with the same creditors and identity question', async () => {
    const copy = await copyOf('maria');
    const login = await signIn(copy.cpfCnpj);
    expect(login).toMatchObject({ cpfCnpj: copy.cpfCnpj, nome: 'Maria Aparecida da Silva' });
    expect(login.id).not.toBe((await signIn('52998224725')).id);

    const creditorsOf = async (cpfCnpj: string) => {
      const proxy = await proxyAs(cpfCnpj);
      const data = consultaDebitoData.parse(await proxy.ask('consultaDebito'));
      proxy.close();
      return data.credor.map((c) => c.agrupador);
    };
    const original = await creditorsOf('52998224725');
    expect(original.length).toBeGreaterThanOrEqual(3);
    expect(await creditorsOf(copy.cpfCnpj)).toEqual(original);

    const challenge = await post('/login/solicitar', { cpfCnpj: copy.cpfCnpj });
    expect(solicitarLoginReply.parse(await challenge.json()).data.verificacao).toBe(
      seeded('maria').identityQuestion.pergunta,
    );
  });

  it("keeps the original's contracts as they were when the copy makes an agreement", async () => {
    const copy = await copyOf('maria');
    const scope = { codcredor: '1001', contrato: '883104' };
    const debtsOf = async (cpfCnpj: string) => {
      const proxy = await proxyAs(cpfCnpj);
      const data = consultaDividaData.parse(await proxy.ask('consultaDivida', scope));
      proxy.close();
      return data.dividas.map((d) => d.id);
    };
    const before = await debtsOf('52998224725');
    expect(await debtsOf(copy.cpfCnpj)).toEqual(before);

    const proxy = await proxyAs(copy.cpfCnpj);
    const { propostas } = consultaPropostaData.parse(await proxy.ask('consultaProposta', scope));
    const total = propostas.find((p) => p.tipo === 'AV' && p.parcelasFuturas);
    if (!total) throw new Error('no upfront total-settlement proposal');
    await proxy.ask('gerarBoleto', {
      ...scope,
      formapagamento: 1,
      idproposta: total.id,
      modo: '1',
      canalrecebimento: 'email',
      destinorecebimento: copy.email,
      chave: randomUUID(),
    });
    proxy.close();

    expect(await debtsOf(copy.cpfCnpj)).toEqual([]);
    expect(await debtsOf('52998224725')).toEqual(before);
    expect(server.stub.state.ledger.agreements.filter((a) => a.cpfCnpj === '52998224725')).toEqual([]);
  });

  it('refuses a persona that cannot be copied', async () => {
    for (const like of ['naoCadastrado', 'ninguem', undefined]) {
      expect((await post('/__stub/personas', { like })).status).toBe(400);
    }
  });
});
