import { PROXY_RETORNO } from '@portal/contracts/upstream/proxy-channel';
import {
  agreementOf,
  boletoAt,
  CONTRACT,
  CREDITOR,
  failureOf,
  fakeProxy,
  fakeTrail,
  listingReplies,
  OTHER,
  summaryOf,
} from '@portal/test-kit/agreement-fakes';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import { ownerOf } from '../activity/owner';
import type { Person } from '../core/session';
import { claimContract, intentKey, processingOn, STANDING_MESSAGES } from '../negotiation/contract-standing';
import { UpstreamError } from '../upstream/errors';
import { createAgreement } from './create';
import { bodyOf, type Intent, pendingKey } from './intent';
import { AGREEMENT_MESSAGES } from './types';

const CHAVE = 'chave-1';
const INPUT = { chave: CHAVE, email: 'maria@example.com', telefone: '' };
const ISSUED = { erro: false, nossonumero: 'NN-900', boletos: [boletoAt('entrada')] };
const nothingFound = () =>
  new UpstreamError('rejected', 'proxy consultaAcordo: retorno 1', 'Nenhum acordo', {
    retorno: PROXY_RETORNO.notFound,
  });

/**
 * The ports of these tests: `consultaAcordo` answers nothing before the send and `after` once it is sent;
 * `gerarBoleto` answers `issue`.
 */
function portsWith(
  issue: () => unknown = () => ISSUED,
  after: () => unknown = () => ({ codigoAcordo: 'AC-1' }),
  listed: Parameters<typeof listingReplies>[0] = {},
) {
  let sent = false;
  const proxy = fakeProxy({
    ...listingReplies(listed),
    consultaAcordo: () => {
      if (!sent) throw nothingFound();
      return after();
    },
    gerarBoleto: () => {
      sent = true;
      return issue();
    },
  });
  const trail = fakeTrail();
  return { ports: memoryPorts({ proxy: proxy.proxy, trail: trail.trail }), proxy, trail };
}

async function withSummary(ports: ReturnType<typeof memoryPorts>): Promise<Person> {
  const maria = await signedIn(ports);
  await ports.sessions.write(maria, 'summary', summaryOf(CHAVE));
  return maria;
}

describe('createAgreement', () => {
  it("sends the summary's agreement once and shows it concluded: boletos, letter, its record settled", async () => {
    const { ports, proxy, trail } = portsWith();
    const maria = await withSummary(ports);
    const result = await createAgreement(ports, maria, INPUT);
    expect(proxy.of('gerarBoleto')).toEqual([
      {
        cpfcnpj: maria.data.cpfCnpj,
        token: maria.data.token,
        codcredor: CREDITOR.agrupador,
        contrato: CONTRACT,
        formapagamento: 1,
        idproposta: 'P-7201938455-AP2',
        modo: '1',
        canalrecebimento: 'email',
        destinorecebimento: 'maria@example.com',
        vencimento: '24/11/2026',
        chave: CHAVE,
      },
    ]);
    expect(result.status).toBe('concluido');
    if (result.status !== 'concluido') return;
    expect(result.acordo).toMatchObject({
      tipo: 'acordo',
      titulo: AGREEMENT_MESSAGES.defaultTitle,
      nossonumero: 'NN-900',
      valorCents: 30_000,
      vencimento: '2026-11-24',
      carta: { arquivo: `${CONTRACT}_carta-acordo.pdf` },
    });
    expect(result.acordo.boletos).toHaveLength(1);
    expect(await ports.sessions.read(maria, 'agreement')).toEqual(result.acordo);
    expect(await ports.sessions.read(maria, 'summary')).toBeUndefined();
    expect((await ports.store.get<Intent>(intentKey(CHAVE)))?.result).toEqual(result);
    expect(await ports.store.get(pendingKey(ownerOf(ports, maria)))).toBeUndefined();
    expect(trail.records.map((r) => r.record.metodo)).toEqual(['gravarTrilhaAcordo']);
  });

  it('leaves out the due date when the summary says not to send it', async () => {
    const { ports, proxy } = portsWith();
    const maria = await signedIn(ports);
    await ports.sessions.write(maria, 'summary', summaryOf(CHAVE, { mandarVencimento: false }));
    await createAgreement(ports, maria, INPUT);
    expect(proxy.of('gerarBoleto')[0]).not.toHaveProperty('vencimento');
  });

  it('refuses a key that is not the summary of this session', async () => {
    const { ports, proxy } = portsWith();
    const maria = await withSummary(ports);
    const error = await failureOf(createAgreement(ports, maria, { ...INPUT, chave: 'chave-2' }));
    expect(error).toMatchObject({ kind: 'precondition', message: AGREEMENT_MESSAGES.noSummary });
    expect(proxy.calls).toEqual([]);
  });

  it('answers a repeat of the key from its record, never sending again', async () => {
    const { ports, proxy } = portsWith();
    const maria = await withSummary(ports);
    const first = await createAgreement(ports, maria, INPUT);
    expect(await createAgreement(ports, maria, INPUT)).toEqual(first);
    expect(proxy.of('gerarBoleto')).toHaveLength(1);
  });

  it('refuses a repeat while the first is in flight, with other contacts, or by another person', async () => {
    const { ports, proxy } = portsWith();
    const maria = await withSummary(ports);
    const other = await signedIn(ports, OTHER);
    const inFlight: Intent = {
      owner: ownerOf(ports, maria),
      body: bodyOf(INPUT),
      summary: summaryOf(CHAVE),
      before: null,
      sentAt: Date.now(),
    };
    await ports.store.set(intentKey(CHAVE), inFlight, 60_000);
    expect(await failureOf(createAgreement(ports, maria, INPUT))).toMatchObject({
      kind: 'conflict',
      message: AGREEMENT_MESSAGES.inProgress,
    });
    expect(
      await failureOf(createAgreement(ports, maria, { ...INPUT, email: 'x@example.com' })),
    ).toMatchObject({
      kind: 'unprocessable',
      message: AGREEMENT_MESSAGES.keyReused,
    });
    expect(await failureOf(createAgreement(ports, other, INPUT))).toMatchObject({
      kind: 'precondition',
      message: AGREEMENT_MESSAGES.noSummary,
    });
    expect(proxy.calls).toEqual([]);
  });

  it('frees the key of a request that never left, and lets its failure through', async () => {
    const unsent = new UpstreamError('unavailable', 'closed', undefined, { unsent: true });
    const { ports } = portsWith(() => {
      throw unsent;
    });
    const maria = await withSummary(ports);
    expect(await failureOf(createAgreement(ports, maria, INPUT))).toBe(unsent);
    expect(await ports.store.get(intentKey(CHAVE))).toBeUndefined();
  });

  it("after the upstream's refusal, frees the key only once nothing was made, and says its message", async () => {
    const refused = new UpstreamError('rejected', 'proxy gerarBoleto: retorno 9', 'Proposta vencida');
    const { ports } = portsWith(
      () => {
        throw refused;
      },
      () => {
        throw nothingFound();
      },
    );
    const maria = await withSummary(ports);
    expect(await failureOf(createAgreement(ports, maria, INPUT))).toBe(refused);
    expect(await ports.store.get(intentKey(CHAVE))).toBeUndefined();
  });

  it("takes an agreement found after the upstream's refusal as made: 'registrado'", async () => {
    const { ports } = portsWith(() => {
      throw new UpstreamError('rejected', 'proxy gerarBoleto: retorno 9', 'Erro');
    });
    const maria = await withSummary(ports);
    expect(await createAgreement(ports, maria, INPUT)).toMatchObject({
      status: 'registrado',
      contrato: CONTRACT,
    });
  });

  it("answers 'erro' to an erro reply that made nothing, its key free for another try", async () => {
    const { ports } = portsWith(
      () => ({ erro: true, nossonumero: '', boletos: [] }),
      () => {
        throw nothingFound();
      },
    );
    const maria = await withSummary(ports);
    expect(await createAgreement(ports, maria, INPUT)).toEqual({ status: 'erro' });
    expect(await ports.store.get(intentKey(CHAVE))).toBeUndefined();
  });

  it("is 'processando' when no reply comes, the intent kept for the polls", async () => {
    const { ports } = portsWith(() => {
      throw new UpstreamError('timeout', 'proxy gerarBoleto: timeout');
    });
    const maria = await withSummary(ports);
    expect(await createAgreement(ports, maria, INPUT)).toEqual({ status: 'processando' });
    expect(await ports.store.get<Intent>(intentKey(CHAVE))).toMatchObject({ summary: { chave: CHAVE } });
    expect(await ports.store.get(pendingKey(ownerOf(ports, maria)))).toBe(CHAVE);
    expect(ports.log.lines.map((l) => l.message)).toContain('agreement outcome unknown: pending');
  });
});

describe('createAgreement and the contract it concludes', () => {
  it('refuses a contract its creditor says is in dispute, sending nothing and keeping nothing', async () => {
    const { ports, proxy } = portsWith(undefined, undefined, { emDisputa: true });
    const maria = await withSummary(ports);
    expect(await failureOf(createAgreement(ports, maria, INPUT))).toMatchObject({
      kind: 'precondition',
      message: STANDING_MESSAGES.disputed,
    });
    expect(proxy.of('gerarBoleto')).toEqual([]);
    expect(await ports.store.get(intentKey(CHAVE))).toBeUndefined();
    expect(await processingOn(ports, maria, CREDITOR.agrupador, CONTRACT)).toBeUndefined();
  });

  it('refuses a contract that has a live agreement, and concludes one whose agreement was cancelled', async () => {
    const live = fakeProxy({
      ...listingReplies({ permiteacordo: true }),
      consultaAcordo: () => agreementOf(),
    });
    const ports = memoryPorts({ proxy: live.proxy, trail: fakeTrail().trail });
    const maria = await withSummary(ports);
    expect(await failureOf(createAgreement(ports, maria, INPUT))).toMatchObject({
      message: STANDING_MESSAGES.inAgreement,
    });
    expect(live.of('gerarBoleto')).toEqual([]);

    let sent = false;
    const cancelled = fakeProxy({
      ...listingReplies({ permiteacordo: true }),
      consultaAcordo: () => (sent ? { codigoAcordo: 'AC-NEW' } : agreementOf({ situacao: 'CANCELADO' })),
      gerarBoleto: () => {
        sent = true;
        return ISSUED;
      },
    });
    const again = memoryPorts({ proxy: cancelled.proxy, trail: fakeTrail().trail });
    const ana = await withSummary(again);
    expect((await createAgreement(again, ana, INPUT)).status).toBe('concluido');
    expect(cancelled.of('gerarBoleto')).toHaveLength(1);
  });

  it('makes one agreement per contract: another key for it waits for the first, whatever path kept it', async () => {
    const { ports, proxy } = portsWith(() => {
      throw new UpstreamError('timeout', 'proxy gerarBoleto: timeout');
    });
    const maria = await withSummary(ports);
    expect(await createAgreement(ports, maria, INPUT)).toEqual({ status: 'processando' });
    expect(await processingOn(ports, maria, CREDITOR.agrupador, CONTRACT)).toBe(CHAVE);
    // the same contract in a 'Tudo no mesmo dia' review, under its own key
    await ports.sessions.write(maria, 'cart', { vencimento: '2026-11-24', itens: [summaryOf('chave-2')] });
    expect(await failureOf(createAgreement(ports, maria, { ...INPUT, chave: 'chave-2' }))).toMatchObject({
      kind: 'precondition',
      message: STANDING_MESSAGES.processing,
    });
    expect(proxy.of('gerarBoleto')).toHaveLength(1);
    expect(await ports.store.get(intentKey('chave-2'))).toBeUndefined();
  });

  it('takes over the claim of an intent that is gone, and gives its own up once settled', async () => {
    const { ports, proxy } = portsWith();
    const maria = await withSummary(ports);
    await claimContract(ports, maria, { codcredor: CREDITOR.agrupador, contrato: CONTRACT }, 'gone', 60_000);
    expect(await processingOn(ports, maria, CREDITOR.agrupador, CONTRACT)).toBeUndefined();
    expect((await createAgreement(ports, maria, INPUT)).status).toBe('concluido');
    expect(proxy.of('gerarBoleto')).toHaveLength(1);
    expect(await processingOn(ports, maria, CREDITOR.agrupador, CONTRACT)).toBeUndefined();
    expect(
      await claimContract(
        ports,
        maria,
        { codcredor: CREDITOR.agrupador, contrato: CONTRACT },
        'next',
        60_000,
      ),
    ).toBe(true);
  });
});
