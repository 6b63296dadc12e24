import { PROXY_RETORNO } from '@portal/contracts/upstream/proxy-channel';
import {
  CONTRACT,
  CREDITOR,
  failureOf,
  fakeProxy,
  fakeTrail,
  OTHER,
  summaryOf,
} from '@portal/test-kit/agreement-fakes';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import { ownerOf } from '../activity/owner';
import type { ConcludedAgreement } from '../core/records';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import { intentKey } from '../negotiation/contract-standing';
import { UpstreamError } from '../upstream/errors';
import {
  agreementCodeOn,
  answeredWithError,
  answerOf,
  bodyOf,
  type Intent,
  intentStatus,
  neverSent,
  pendingAgreement,
  pendingKey,
  reconcile,
  settle,
} from './intent';
import { madeOn } from './made-agreements';
import { AGREEMENT_MESSAGES, type CreateResult } from './types';

const CHAVE = 'chave-1';
const notFound = () =>
  new UpstreamError('rejected', 'proxy consultaAcordo: retorno 1', 'Nenhum acordo', {
    retorno: PROXY_RETORNO.notFound,
  });

/** The ports of these tests: the store and session in memory, the proxy answering `consultaAcordo` so. */
function portsWith(consultaAcordo: () => unknown = () => ({ codigoAcordo: 'AC-NEW' })) {
  const proxy = fakeProxy({ consultaAcordo });
  const trail = fakeTrail();
  const ports = memoryPorts({ proxy: proxy.proxy, trail: trail.trail });
  return { ports, proxy, trail };
}

const intentOf = (
  ports: Parameters<typeof ownerOf>[0],
  person: Person,
  changes: Partial<Intent> = {},
): Intent => ({
  owner: ownerOf(ports, person),
  body: bodyOf({ email: 'maria@example.com' }),
  summary: summaryOf(CHAVE),
  before: null,
  sentAt: Date.now(),
  ...changes,
});

const concluded = { status: 'concluido', acordo: { nossonumero: 'NN-1' } as ConcludedAgreement } as const;

describe('intentKey, pendingKey and bodyOf', () => {
  it('name the store records, and hash the delivery contacts whatever the phone mask', () => {
    expect(intentKey('k')).toBe('agreement-intent:k');
    expect(pendingKey('o')).toBe('agreement-pending:o');
    expect(bodyOf({ telefone: '(11) 98765-4321' })).toBe(bodyOf({ telefone: '11987654321' }));
    expect(bodyOf({ email: 'a@example.com' })).not.toBe(bodyOf({ email: 'b@example.com' }));
    expect(bodyOf({})).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('answerOf', () => {
  it("answers the owner with the intent's outcome, or that it is processing", async () => {
    const { ports } = portsWith();
    const maria = await signedIn(ports);
    expect(answerOf(ports, maria, intentOf(ports, maria))).toEqual({ status: 'processando' });
    expect(answerOf(ports, maria, intentOf(ports, maria, { result: { status: 'erro' } }))).toEqual({
      status: 'erro',
    });
  });

  it('refuses another person the key, and the same key with other delivery contacts', async () => {
    const { ports } = portsWith();
    const maria = await signedIn(ports);
    const other = await signedIn(ports, OTHER);
    const intent = intentOf(ports, maria);
    expect(() => answerOf(ports, other, intent)).toThrow(
      expect.objectContaining({ kind: 'precondition', message: AGREEMENT_MESSAGES.noSummary }),
    );
    expect(() => answerOf(ports, maria, intent, bodyOf({ email: 'other@example.com' }))).toThrow(
      expect.objectContaining({ kind: 'unprocessable', message: AGREEMENT_MESSAGES.keyReused }),
    );
    expect(() => answerOf(ports, other, intent)).toThrow(Refusal);
  });
});

describe('agreementCodeOn', () => {
  it("asks consultaAcordo about the summary's contract, for the person, and answers its code", async () => {
    const { ports, proxy } = portsWith();
    const maria = await signedIn(ports);
    expect(await agreementCodeOn(ports, maria, summaryOf())).toBe('AC-NEW');
    expect(proxy.of('consultaAcordo')).toEqual([
      {
        cpfcnpj: maria.data.cpfCnpj,
        token: maria.data.token,
        codcredor: CREDITOR.agrupador,
        contrato: CONTRACT,
      },
    ]);
  });

  it("takes 'nothing found' as none, and lets any other failure through", async () => {
    const none = portsWith(() => {
      throw notFound();
    });
    const maria = await signedIn(none.ports);
    expect(await agreementCodeOn(none.ports, maria, summaryOf())).toBeNull();
    const down = portsWith(() => {
      throw new UpstreamError('timeout', 'proxy consultaAcordo: timeout');
    });
    expect(await failureOf(agreementCodeOn(down.ports, maria, summaryOf()))).toMatchObject({
      kind: 'timeout',
    });
  });
});

describe('neverSent and answeredWithError', () => {
  it('tell a request that never left from one the upstream answered with an error', () => {
    const unsent = new UpstreamError('unavailable', 'closed', undefined, { unsent: true });
    expect(neverSent(unsent)).toBe(true);
    expect(neverSent(new UpstreamError('unavailable', 'lost'))).toBe(false);
    expect(answeredWithError(new UpstreamError('rejected', 'no'))).toBe(true);
    expect(answeredWithError(new UpstreamError('token-expired', 'expired'))).toBe(true);
    expect(answeredWithError(new UpstreamError('timeout', 'late'))).toBe(false);
    expect(answeredWithError(new Error('other'))).toBe(false);
  });
});

describe('settle', () => {
  it('records the outcome, forgets the pending intent and the summary, and sends a made agreement to the trail', async () => {
    const { ports, trail } = portsWith();
    const maria = await signedIn(ports);
    const intent = intentOf(ports, maria);
    await ports.store.set(pendingKey(intent.owner), CHAVE, 60_000);
    await ports.sessions.write(maria, 'summary', summaryOf(CHAVE));
    await settle(ports, maria, CHAVE, intent, concluded);
    expect(await ports.store.get<Intent>(intentKey(CHAVE))).toEqual({ ...intent, result: concluded });
    expect(await ports.store.get(pendingKey(intent.owner))).toBeUndefined();
    expect(await ports.sessions.read(maria, 'summary')).toBeUndefined();
    expect(trail.records.map((r) => r.record)).toEqual([
      expect.objectContaining({
        metodo: 'gravarTrilhaAcordo',
        codCredor: CREDITOR.agrupador,
        contrato: CONTRACT,
      }),
    ]);
  });

  it("keeps another key's summary and pending intent, and sends nothing to the trail for an 'erro'", async () => {
    const { ports, trail } = portsWith();
    const maria = await signedIn(ports);
    const intent = intentOf(ports, maria);
    await ports.store.set(pendingKey(intent.owner), 'chave-2', 60_000);
    await ports.sessions.write(maria, 'summary', summaryOf('chave-2'));
    await settle(ports, maria, CHAVE, intent, { status: 'erro' });
    expect(await ports.store.get(pendingKey(intent.owner))).toBe('chave-2');
    expect((await ports.sessions.read(maria, 'summary'))?.chave).toBe('chave-2');
    expect(trail.records).toEqual([]);
  });
});

describe('intentStatus', () => {
  it("is 'nenhum' for a key with no intent", async () => {
    const { ports } = portsWith();
    const maria = await signedIn(ports);
    expect(await intentStatus(ports, maria, CHAVE)).toEqual({ status: 'nenhum' });
  });

  it('gives a concluded outcome, and shows its agreement in this session', async () => {
    const { ports } = portsWith();
    const maria = await signedIn(ports);
    await ports.store.set(intentKey(CHAVE), intentOf(ports, maria, { result: concluded }), 60_000);
    expect(await intentStatus(ports, maria, CHAVE)).toEqual(concluded);
    expect(await ports.sessions.read(maria, 'agreement')).toEqual(concluded.acordo);
  });

  it("is 'processando' within the channel's limit, without asking the upstream", async () => {
    const { ports, proxy } = portsWith();
    const maria = await signedIn(ports);
    await ports.store.set(intentKey(CHAVE), intentOf(ports, maria), 60_000);
    expect(await intentStatus(ports, maria, CHAVE)).toEqual({ status: 'processando' });
    expect(proxy.calls).toEqual([]);
  });

  it("past the channel's limit, is reconciled with the upstream", async () => {
    const { ports } = portsWith();
    const maria = await signedIn(ports);
    const sentAt = Date.now() - ports.config.PROXY_TIMEOUT_MS - 2_000;
    await ports.store.set(intentKey(CHAVE), intentOf(ports, maria, { sentAt }), 60_000);
    expect(await intentStatus(ports, maria, CHAVE)).toMatchObject({
      status: 'registrado',
      contrato: CONTRACT,
    });
  });

  it("refuses another person's key", async () => {
    const { ports } = portsWith();
    const maria = await signedIn(ports);
    const other = await signedIn(ports, OTHER);
    await ports.store.set(intentKey(CHAVE), intentOf(ports, maria), 60_000);
    expect(await failureOf(intentStatus(ports, other, CHAVE))).toMatchObject({
      kind: 'precondition',
      message: AGREEMENT_MESSAGES.noSummary,
    });
  });
});

describe('reconcile', () => {
  it("takes a new agreement on the contract as the intent's: 'registrado', its type and mode kept", async () => {
    const { ports, trail } = portsWith();
    const maria = await signedIn(ports);
    const intent = intentOf(ports, maria, { before: 'AC-OLD' });
    await ports.store.set(intentKey(CHAVE), intent, 60_000);
    const result: CreateResult = {
      status: 'registrado',
      codcredor: CREDITOR.agrupador,
      contrato: CONTRACT,
      logoUrl: '/api/logos/horizonte.svg',
    };
    expect(await reconcile(ports, maria, CHAVE, intent)).toEqual(result);
    expect((await ports.store.get<Intent>(intentKey(CHAVE)))?.result).toEqual(result);
    expect(await madeOn(ports, maria, CREDITOR.agrupador, CONTRACT, 1)).toEqual({
      tipoAcordo: 'AP',
      modo: '1',
    });
    expect(trail.records).toHaveLength(1);
  });

  it("frees the key when the contract has nothing new: 'nenhum', or 'erro' after an erro reply", async () => {
    const { ports } = portsWith(() => ({ codigoAcordo: 'AC-OLD' }));
    const maria = await signedIn(ports);
    const intent = intentOf(ports, maria, { before: 'AC-OLD' });
    await ports.store.set(intentKey(CHAVE), intent, 60_000);
    await ports.store.set(pendingKey(intent.owner), CHAVE, 60_000);
    expect(await reconcile(ports, maria, CHAVE, intent)).toEqual({ status: 'nenhum' });
    expect(await ports.store.get(intentKey(CHAVE))).toBeUndefined();
    expect(await ports.store.get(pendingKey(intent.owner))).toBeUndefined();
    expect(await reconcile(ports, maria, CHAVE, { ...intent, answered: 'erro' })).toEqual({ status: 'erro' });
  });

  it("stays 'processando' while the upstream cannot be asked, and is asked again at the next poll", async () => {
    let down = true;
    const { ports, proxy } = portsWith(() => {
      if (down) throw new UpstreamError('timeout', 'late');
      return { codigoAcordo: 'AC-NEW' };
    });
    const maria = await signedIn(ports);
    const intent = intentOf(ports, maria);
    await ports.store.set(intentKey(CHAVE), intent, 60_000);
    expect(await reconcile(ports, maria, CHAVE, intent)).toEqual({ status: 'processando' });
    down = false;
    expect(await reconcile(ports, maria, CHAVE, intent)).toMatchObject({ status: 'registrado' });
    expect(proxy.of('consultaAcordo')).toHaveLength(2);
  });

  it('lets one caller at a time ask the upstream', async () => {
    const { ports, proxy } = portsWith();
    const maria = await signedIn(ports);
    const intent = intentOf(ports, maria);
    await ports.store.increment(`${intentKey(CHAVE)}:reconciling`, 10_000);
    expect(await reconcile(ports, maria, CHAVE, intent)).toEqual({ status: 'processando' });
    expect(proxy.calls).toEqual([]);
  });
});

describe('pendingAgreement', () => {
  it("names the creditor and contract of the person's intent still processing, from any session", async () => {
    const { ports } = portsWith();
    const maria = await signedIn(ports);
    const elsewhere = await signedIn(ports);
    const intent = intentOf(ports, maria);
    await ports.store.set(intentKey(CHAVE), intent, 60_000);
    await ports.store.set(pendingKey(intent.owner), CHAVE, 60_000);
    expect(await pendingAgreement(ports, elsewhere)).toEqual({
      credor: intent.summary.credor,
      contratoExibido: '72***455',
    });
  });

  it("is null with none, for another person, and once the intent's outcome is known", async () => {
    const { ports } = portsWith();
    const maria = await signedIn(ports);
    const other = await signedIn(ports, OTHER);
    expect(await pendingAgreement(ports, maria)).toBeNull();
    const intent = intentOf(ports, maria, { result: { status: 'erro' } });
    await ports.store.set(intentKey(CHAVE), intent, 60_000);
    await ports.store.set(pendingKey(ownerOf(ports, other)), CHAVE, 60_000);
    expect(await pendingAgreement(ports, other)).toBeNull();
    await ports.store.set(pendingKey(intent.owner), CHAVE, 60_000);
    expect(await pendingAgreement(ports, maria)).toBeNull();
  });
});
