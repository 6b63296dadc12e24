import { activationReply } from '@portal/contracts/upstream/activation-channel';
import { useStubServer } from '@portal/test-kit/stub-server';
import { openSocket } from '@portal/test-kit/stub-socket';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReceivedAccessRecord } from '../state/access-records';
import { RECORDING_MESSAGES } from './recording-channel';

const server = useStubServer();
afterEach(() => {
  server.stub.faults.reset();
  server.stub.state.acionamentos.length = 0;
});

const record = {
  dispositivo: 'mobile',
  codcredor: '1001',
  cpfcnpj: '52998224725',
  empresa: 'Negocia Varejo',
  idacionamento: 3000,
  tipo: 'Posicao',
  observacao: 'Cliente acessou o portal de negociação',
  usuario: 30000,
  stage: 1,
} as const;

const received = async (cpfCnpj: string) => {
  const response = await fetch(`${server.base}/__stub/acionamentos?cpfCnpj=${encodeURIComponent(cpfCnpj)}`);
  return (await response.json()) as ReceivedAccessRecord[];
};

describe('activation channel', () => {
  it('keeps an access record with the time it arrived and answers its idRequest', async () => {
    const channel = await openSocket(server.base, '/ws/acionamento');
    const reply = await channel.ask({ idRequest: 'a-1', metodo: 'registraAcionamento', ...record });
    channel.close();
    expect(activationReply.parse(reply)).toEqual({ idRequest: 'a-1', err: false });
    const [kept, ...more] = await received('529.982.247-25');
    expect(more).toEqual([]);
    expect(kept).toEqual({ ...record, receivedAt: expect.any(String) });
    expect(Date.now() - Date.parse(kept?.receivedAt ?? '')).toBeLessThan(5_000);
    expect(await received('111.444.777-35')).toEqual([]);
  });

  it('answers a malformed record that carries an idRequest with an error, and keeps nothing', async () => {
    const channel = await openSocket(server.base, '/ws/acionamento');
    const wrongMethod = await channel.ask({ idRequest: 'b-1', metodo: 'gravarTrilha', ...record });
    const badDocument = await channel.ask({
      idRequest: 'b-2',
      metodo: 'registraAcionamento',
      ...record,
      cpfcnpj: '529.982.247-25',
    });
    const missingField = await channel.ask({ idRequest: 'b-3', metodo: 'registraAcionamento' });
    channel.close();
    for (const [reply, idRequest] of [
      [wrongMethod, 'b-1'],
      [badDocument, 'b-2'],
      [missingField, 'b-3'],
    ]) {
      expect(activationReply.parse(reply)).toEqual({
        idRequest,
        err: true,
        msg: RECORDING_MESSAGES.invalid,
      });
    }
    expect(server.stub.state.acionamentos).toEqual([]);
  });

  it('drops what has no idRequest or is not JSON, and goes on serving the connection', async () => {
    const channel = await openSocket(server.base, '/ws/acionamento');
    expect(await channel.ask('not json {', 200)).toBeUndefined();
    expect(await channel.ask({ metodo: 'registraAcionamento', ...record }, 200)).toBeUndefined();
    expect(await channel.ask(null, 200)).toBeUndefined();
    expect(await channel.ask([1, 2], 200)).toBeUndefined();
    const reply = await channel.ask({ idRequest: 'c-1', metodo: 'registraAcionamento', ...record });
    channel.close();
    expect(reply).toEqual({ idRequest: 'c-1', err: false });
    expect(server.stub.state.acionamentos).toHaveLength(1);
  });

  it('keeps the record but never answers while activationSilent is on', async () => {
    await fetch(`${server.base}/__stub/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ activationSilent: true }),
    });
    const channel = await openSocket(server.base, '/ws/acionamento');
    const reply = await channel.ask({ idRequest: 'd-1', metodo: 'registraAcionamento', ...record }, 300);
    channel.close();
    expect(reply).toBeUndefined();
    expect(await received('52998224725')).toHaveLength(1);
  });

  it('answers a server error and keeps nothing while the error rate is 1', async () => {
    server.stub.faults.set({ errorRate: 1 });
    const channel = await openSocket(server.base, '/ws/acionamento');
    const reply = await channel.ask({ idRequest: 'e-1', metodo: 'registraAcionamento', ...record });
    channel.close();
    expect(reply).toEqual({ idRequest: 'e-1', err: true, msg: RECORDING_MESSAGES.serverError });
    expect(server.stub.state.acionamentos).toEqual([]);
  });
});
