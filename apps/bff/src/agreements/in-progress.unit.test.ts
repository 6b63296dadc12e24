import {
  agreementOf,
  boletoAt,
  CONTRACT,
  CREDITOR,
  failureOf,
  fakeProxy,
  fakeTrail,
  profileWith,
  summaryOf,
} from '@portal/test-kit/agreement-fakes';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import { SHARED_MESSAGES } from '../core/messages';
import type { ConcludedAgreement } from '../core/records';
import type { Person } from '../core/session';
import { contractScope } from '../negotiation/creditors';
import type { Ports } from '../ports/ports';
import { agreementInProgress, agreementOn, reissue, sendAgreement } from './in-progress';
import { rememberMade } from './made-agreements';
import { AGREEMENT_MESSAGES } from './types';

const REISSUED = { erro: false, nossonumero: 'NN-2', boletos: [boletoAt('reissued')] };

/** The ports of these tests, the proxy answering the agreement and `emitirBoleto` so; the creditor already listed. */
async function setUp(
  replies: { agreement?: () => unknown; issue?: () => unknown } = {},
  given: Partial<Ports> & { env?: Record<string, string> } = {},
) {
  const proxy = fakeProxy({
    consultaAcordo: replies.agreement ?? (() => agreementOf()),
    emitirBoleto: replies.issue ?? (() => REISSUED),
  });
  const trail = fakeTrail();
  const ports = memoryPorts({ proxy: proxy.proxy, trail: trail.trail, ...given });
  const maria = await signedIn(ports);
  await ports.sessions.write(maria, 'creditors', [CREDITOR]);
  return { ports, maria, proxy, trail };
}

const scopeOf = (maria: Person) => ({
  cpfcnpj: maria.data.cpfCnpj,
  token: maria.data.token,
  codcredor: CREDITOR.agrupador,
  contrato: CONTRACT,
});

const shown = (changes: Partial<ConcludedAgreement> = {}): ConcludedAgreement => ({
  tipo: 'acordo',
  titulo: AGREEMENT_MESSAGES.defaultTitle,
  credor: { codcredor: CREDITOR.agrupador, nome: CREDITOR.nomcontratante, logoUrl: null },
  contrato: CONTRACT,
  contratoExibido: '72***455',
  formaPagamento: 'boleto',
  pagamentoSite: true,
  tipoAcordo: 'AP',
  idProposta: 'P-1',
  modo: '1',
  nossonumero: 'NN-1',
  boletos: [],
  valorCents: 30_000,
  vencimento: '2026-01-10',
  carta: { pdfUrl: '/api/cartas/x.pdf', arquivo: 'x.pdf' },
  ...changes,
});

describe('agreementOn', () => {
  it('shows only the first unpaid instalment payable now: every later one FUTURA', async () => {
    const { ports, maria, proxy } = await setUp();
    const agreement = await agreementOn(ports, contractScope(maria, CREDITOR.agrupador, CONTRACT));
    expect(agreement.parcelasAcordo.map((p) => p.status)).toEqual(['PAGO', 'EM ABERTO', 'FUTURA']);
    expect(proxy.of('consultaAcordo')).toEqual([scopeOf(maria)]);
  });
});

describe('agreementInProgress', () => {
  it("shows the agreement on the person's contract, its instalments in the portal's words", async () => {
    const { ports, maria } = await setUp();
    const view = await agreementInProgress(ports, maria, {
      codcredor: CREDITOR.agrupador,
      contrato: CONTRACT,
    });
    expect(view).toMatchObject({
      credor: { codcredor: CREDITOR.agrupador, nome: CREDITOR.nomcontratante },
      contrato: CONTRACT,
      contratoExibido: '72***455',
      codigoAcordo: 'AC-500',
      formaPagamento: 'boleto',
      quitado: false,
    });
    expect(view.parcelas).toEqual([
      {
        id: 'I-1',
        numero: 1,
        status: 'PAGO',
        vencimento: '2026-01-10',
        valorCents: 30_000,
        pagoEm: '2026-01-09',
      },
      {
        id: 'I-2',
        numero: 2,
        status: 'EM ABERTO',
        vencimento: '2026-02-10',
        valorCents: 25_050,
        pagoEm: null,
      },
      { id: 'I-3', numero: 3, status: 'FUTURA', vencimento: '2026-03-10', valorCents: 25_050, pagoEm: null },
    ]);
    expect(view.baixa).toMatchObject({ confirmadoEm: '2026-01-09' });
  });

  it('says when every instalment is paid', async () => {
    const paid = agreementOf();
    paid.parcelasAcordo = paid.parcelasAcordo.map((p) => ({
      ...p,
      status: 'PAGO',
      dataPagamento: '09/01/2026',
    }));
    const { ports, maria } = await setUp({ agreement: () => paid });
    const view = await agreementInProgress(ports, maria, {
      codcredor: CREDITOR.agrupador,
      contrato: CONTRACT,
    });
    expect(view.quitado).toBe(true);
  });
});

describe('reissue', () => {
  const INPUT = {
    codcredor: CREDITOR.agrupador,
    contrato: CONTRACT,
    parcela: 'I-2',
    email: 'maria@example.com',
  };

  it('issues the open instalment again, in the type and mode it was made with, and shows it', async () => {
    const { ports, maria, proxy, trail } = await setUp();
    await rememberMade(ports, maria, { ...summaryOf(), tipoAcordo: 'AV', modo: '2' });
    const result = await reissue(ports, maria, INPUT);
    expect(proxy.of('emitirBoleto')).toEqual([
      {
        ...scopeOf(maria),
        idproposta: 'I-2',
        modo: '2',
        canalrecebimento: 'email',
        destinorecebimento: 'maria@example.com',
        nossonumero: 'NN-2',
        formapagamento: 1,
      },
    ]);
    expect(result.status).toBe('concluido');
    if (result.status !== 'concluido') return;
    expect(result.acordo).toMatchObject({
      tipo: 'reemissao',
      titulo: AGREEMENT_MESSAGES.reissueTitle,
      tipoAcordo: 'AV',
      modo: '2',
      idProposta: 'I-2',
      nossonumero: 'NN-2',
      pagamentoSite: true,
      valorCents: 25_050,
      vencimento: '2026-02-10',
      carta: { arquivo: `${CONTRACT}_carta-acordo.pdf` },
    });
    expect(await ports.sessions.read(maria, 'agreement')).toEqual(result.acordo);
    expect(trail.records.map((r) => r.record)).toEqual([
      expect.objectContaining({ metodo: 'gravarTrilhaBoleto', canal: 'reemissao', nossonumero: 'NN-2' }),
    ]);
  });

  it('sends by SMS to the mobile on file, without the payment method', async () => {
    const { ports, maria, proxy } = await setUp(
      {},
      { upstream: profileWith({ email: '', telefone: '11987654321' }) },
    );
    await reissue(ports, maria, { ...INPUT, email: '' });
    expect(proxy.of('emitirBoleto')[0]).toMatchObject({
      canalrecebimento: 'sms',
      destinorecebimento: '11987654321',
    });
    expect(proxy.of('emitirBoleto')[0]).not.toHaveProperty('formapagamento');
  });

  it('refuses any instalment but the open one before asking the upstream to issue', async () => {
    const { ports, maria, proxy } = await setUp();
    for (const parcela of ['I-1', 'I-3', 'I-9'])
      expect(await failureOf(reissue(ports, maria, { ...INPUT, parcela }))).toMatchObject({
        kind: 'bad-request',
        message: AGREEMENT_MESSAGES.issueFailed,
      });
    expect(proxy.of('emitirBoleto')).toEqual([]);
  });

  it('refuses an erro reply, and forgets the agreement shown when nothing is left to issue', async () => {
    const failed = await setUp({ issue: () => ({ erro: true, nossonumero: '', boletos: [] }) });
    expect(await failureOf(reissue(failed.ports, failed.maria, INPUT))).toMatchObject({
      kind: 'bad-request',
      message: AGREEMENT_MESSAGES.issueFailed,
    });
    const empty = await setUp({ issue: () => ({ erro: false, nossonumero: '', boletos: [] }) });
    await empty.ports.sessions.write(empty.maria, 'agreement', shown());
    expect(await reissue(empty.ports, empty.maria, INPUT)).toEqual({ status: 'sem-boletos' });
    expect(await empty.ports.sessions.read(empty.maria, 'agreement')).toBeUndefined();
  });

  it("refuses beyond the session's sends, before asking the upstream anything", async () => {
    const { ports, maria, proxy } = await setUp({}, { env: { AGREEMENT_SENDS_PER_SESSION_HOUR: '1' } });
    await reissue(ports, maria, INPUT);
    const error = await failureOf(reissue(ports, maria, INPUT));
    expect(error).toMatchObject({ kind: 'too-many', message: SHARED_MESSAGES.tooManyAttempts });
    expect(proxy.of('emitirBoleto')).toHaveLength(1);
  });
});

describe('sendAgreement', () => {
  it("sends the open instalment's boleto of the agreement shown to the address given", async () => {
    const { ports, maria, proxy, trail } = await setUp();
    await ports.sessions.write(maria, 'agreement', shown());
    expect(await sendAgreement(ports, maria, { canal: 'sms', destino: '(11) 98765-4321' })).toEqual({
      ok: true,
      message: AGREEMENT_MESSAGES.sent,
    });
    expect(proxy.of('emitirBoleto')).toEqual([
      {
        ...scopeOf(maria),
        idproposta: 'I-2',
        modo: '1',
        canalrecebimento: 'sms',
        destinorecebimento: '11987654321',
        nossonumero: 'NN-2',
      },
    ]);
    expect(trail.records.map((r) => r.record)).toEqual([
      expect.objectContaining({ metodo: 'gravarTrilhaBoleto', canal: 'sms', nossonumero: 'NN-2' }),
    ]);
  });

  it('sends every unpaid instalment of an individual-instalments agreement, with the method by e-mail', async () => {
    const { ports, maria, proxy } = await setUp();
    await ports.sessions.write(maria, 'agreement', shown({ modo: '2' }));
    await sendAgreement(ports, maria, { canal: 'email', destino: 'maria@example.com' });
    expect(proxy.of('emitirBoleto').map((b) => [b.idproposta, b.formapagamento])).toEqual([
      ['I-2', 1],
      ['I-3', 1],
    ]);
  });

  it('refuses without an agreement shown, and with nothing payable', async () => {
    const { ports, maria } = await setUp({
      agreement: () => agreementOf({ parcelasAcordo: agreementOf().parcelasAcordo.slice(0, 1) }),
    });
    expect(
      await failureOf(sendAgreement(ports, maria, { canal: 'email', destino: 'a@example.com' })),
    ).toMatchObject({
      kind: 'precondition',
      message: AGREEMENT_MESSAGES.noAgreement,
    });
    await ports.sessions.write(maria, 'agreement', shown());
    expect(
      await failureOf(sendAgreement(ports, maria, { canal: 'email', destino: 'a@example.com' })),
    ).toMatchObject({
      kind: 'bad-request',
      message: AGREEMENT_MESSAGES.issueFailed,
    });
  });

  it('forgets the agreement shown when the upstream has nothing left to issue', async () => {
    const { ports, maria } = await setUp({ issue: () => ({ erro: false, nossonumero: '', boletos: [] }) });
    await ports.sessions.write(maria, 'agreement', shown());
    expect(await sendAgreement(ports, maria, { canal: 'email', destino: 'a@example.com' })).toEqual({
      ok: false,
      message: AGREEMENT_MESSAGES.nothingToIssue,
    });
    expect(await ports.sessions.read(maria, 'agreement')).toBeUndefined();
  });

  it("refuses beyond the document's sends a day", async () => {
    const { ports, maria } = await setUp({}, { env: { AGREEMENT_SENDS_PER_PERSON_DAY: '1' } });
    await ports.sessions.write(maria, 'agreement', shown());
    await sendAgreement(ports, maria, { canal: 'email', destino: 'a@example.com' });
    expect(
      await failureOf(sendAgreement(ports, maria, { canal: 'email', destino: 'a@example.com' })),
    ).toMatchObject({
      kind: 'too-many',
    });
  });
});
