import { creditor } from '@portal/contracts/upstream/entities';
import {
  consultaDebitoData,
  PROXY_RETORNO,
  proxyReply,
  proxyReplyData,
} from '@portal/contracts/upstream/proxy-channel';
import { openSocket } from '@portal/test-kit/stub-socket';
import {
  addBusinessDays,
  addDays,
  formatBrDate,
  isBusinessDay,
  monthlyOnDay,
  parseBrDate,
} from '@portal/validation/dates';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildStub, type Stub } from '../app';
import { boletoNossoNumero } from './agreements';

// Keeping an agreement alive, as the least forgiving upstream does it: the creditor's tolerance after a due
// date, instalments moved to the end, the due day changed (no key: each request accepted applies again), and a
// request to be contacted. Through the simulator's sockets and controls, on its own clock.

const MONDAY = '2026-11-23';
const noonOf = (iso: string) => Date.parse(`${iso}T12:00:00-03:00`);
const YEAR_MS = 365 * 86_400_000;

let clock = noonOf(MONDAY);
let stub: Stub;
let base = '';
beforeAll(async () => {
  stub = await buildStub({ now: () => clock, tokenTtlMs: YEAR_MS });
  base = await stub.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => stub.app.close());
beforeEach(() => {
  clock = noonOf(MONDAY);
});

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const getJson = async <T>(path: string) => (await (await fetch(`${base}${path}`)).json()) as T;

// Ana's card agreement: Cartão Sol Nascente keeps an agreement 10 business days and allows two changes
const ANA_CARD = { codcredor: '1006', contrato: '6011452873' };
const ANA_CODE = '2025004417';
// Ana's pharmacy: a creditor that names no tolerance and allows no change
const ANA_PHARMACY = { codcredor: '1004', contrato: '51200347' };
// Maria's Ipê Eletro (5 business days, one change) and Lojas Horizonte (3 business days, no change)
const MARIA_IPE = { codcredor: '1002', contrato: '4587120093' };
const MARIA_LOJAS = { codcredor: '1001', contrato: '7201938455' };

type Instalment = { numero: number; status: string; dataVencimento: string; valorPago: string };

/** A fresh copy of a persona, signed in on the proxy channel. */
async function signedIn(like: 'ana' | 'maria') {
  const copy = (await (await post('/__stub/personas', { like })).json()) as {
    cpfCnpj: string;
    email: string;
  };
  const login = await post('/login', { cpfCnpj: copy.cpfCnpj, senha: 'Acordo@2026' });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const channel = await openSocket(base, '/ws/proxy');
  let n = 0;
  const ask = async (metodo: string, extra: Record<string, unknown> = {}) => {
    n += 1;
    return proxyReply.parse(
      await channel.ask({ idRequest: `r-${n}`, metodo, app: 'test', cpfcnpj: copy.cpfCnpj, token, ...extra }),
    );
  };
  const agreement = async (scope: Record<string, unknown>) => {
    const reply = await ask('consultaAcordo', scope);
    return proxyReplyData.consultaAcordo.parse(reply.data);
  };
  /** The first proposal of the kind asked for, made into an agreement paid by boleto. */
  const conclude = async (scope: Record<string, unknown>, tipo: 'AV' | 'AP') => {
    const offers = proxyReplyData.consultaProposta.parse((await ask('consultaProposta', scope)).data);
    const proposal = offers.propostas.find((p) => p.tipo === tipo);
    if (!proposal) throw new Error(`no ${tipo} proposal`);
    const made = await ask('gerarBoleto', {
      ...scope,
      formapagamento: 1,
      idproposta: proposal.id,
      modo: '1',
      canalrecebimento: 'email',
      destinorecebimento: copy.email,
    });
    expect(made).toMatchObject({ err: false, data: { erro: false } });
    return (await agreement(scope)).codigoAcordo;
  };
  const overdue = (scope: { contrato: string }, numero: number, dias: number) =>
    post('/__stub/agreements/atrasar', { cpfCnpj: copy.cpfCnpj, contrato: scope.contrato, numero, dias });
  const pay = (scope: { contrato: string }, parcela: number) =>
    post('/__stub/payments', { cpfCnpj: copy.cpfCnpj, contrato: scope.contrato, parcela, metodo: 'pix' });
  return { ...copy, ask, agreement, conclude, overdue, pay, close: channel.close };
}

type Person = Awaited<ReturnType<typeof signedIn>>;

const reissue = (person: Person, codigo: string, numero: number) =>
  person.ask('emitirBoleto', {
    ...ANA_CARD,
    idproposta: `${codigo}-${numero}`,
    modo: '1',
    canalrecebimento: 'email',
    destinorecebimento: person.email,
    nossonumero: boletoNossoNumero(codigo, numero),
    formapagamento: 1,
  });

const dueDates = (parcelas: readonly Instalment[]) => parcelas.map((p) => parseBrDate(p.dataVencimento));

describe('the creditors’ rules (regrasAcordo, ours)', () => {
  it('go on the wire with consultaDebito, and a creditor without them sends none', async () => {
    const ana = await signedIn('ana');
    const maria = await signedIn('maria');
    try {
      const rulesOf = async (person: Person) => {
        const { credor } = consultaDebitoData.parse((await person.ask('consultaDebito')).data);
        return Object.fromEntries(credor.map((c) => [c.agrupador, c.regrasAcordo]));
      };
      expect(await rulesOf(ana)).toEqual({
        '1006': {
          toleranciaDias: 10,
          moverParcelaFim: true,
          alterarDiaVencimento: true,
          alteracoesPorAcordo: 2,
        },
        '1004': undefined,
      });
      expect(await rulesOf(maria)).toMatchObject({
        '1002': { toleranciaDias: 5, moverParcelaFim: true, alterarDiaVencimento: true },
        '1001': { toleranciaDias: 3 },
      });
    } finally {
      ana.close();
      maria.close();
    }
  });

  it('are read as none when malformed, so that the creditor is still shown and nothing is promised', () => {
    const wire = {
      logomarca: 'x',
      nomcontratante: 'Credor',
      agrupador: '1',
      url: '',
      parcelasIndividuaisSequenciais: false,
    };
    expect(creditor.parse({ ...wire, regrasAcordo: { toleranciaDias: 61 } }).regrasAcordo).toBeUndefined();
    expect(creditor.parse({ ...wire, regrasAcordo: 'sim' }).regrasAcordo).toBeUndefined();
    expect(creditor.parse({ ...wire, regrasAcordo: { toleranciaDias: 0 } }).regrasAcordo).toEqual({
      toleranciaDias: 0,
    });
  });
});

describe('an instalment left unpaid past the tolerance', () => {
  it('keeps the agreement through the tenth business day after its due date, and cancels it on the eleventh', async () => {
    const ana = await signedIn('ana');
    try {
      expect(await ana.agreement(ANA_CARD)).toMatchObject({ situacao: 'ATIVO' });
      // the seeded agreement's instalment 4 falls due today
      expect((await ana.overdue(ANA_CARD, 4, 0)).status).toBe(200);
      const tenth = addBusinessDays(MONDAY, 10);
      clock = noonOf(tenth);
      expect(await ana.agreement(ANA_CARD)).toMatchObject({ situacao: 'ATIVO' });
      expect(await reissue(ana, ANA_CODE, 4)).toMatchObject({ data: { erro: false } });

      const eleventh = addBusinessDays(MONDAY, 11);
      expect(eleventh).toBe('2026-12-08');
      clock = noonOf(eleventh);
      const cancelled = await ana.agreement(ANA_CARD);
      expect(cancelled).toMatchObject({
        codigoAcordo: ANA_CODE,
        situacao: 'CANCELADO',
        canceladoEm: '08/12/2026',
        negativado: true,
      });
      // its instalments keep their statuses
      expect(cancelled.parcelasAcordo.map((p) => p.status)).toEqual([
        'PAGO',
        'PAGO',
        'PAGO',
        'EM ABERTO',
        'EM ABERTO',
        'EM ABERTO',
      ]);
      // nothing of it is issued or changed any more
      expect(await reissue(ana, ANA_CODE, 4)).toMatchObject({
        err: false,
        data: { erro: true, boletos: [] },
      });
      for (const [metodo, extra] of [
        ['moverParcela', { numero: 4 }],
        ['alterarVencimento', { dia: 10 }],
      ] as const) {
        expect(
          await ana.ask(metodo, { ...ANA_CARD, codigoAcordo: ANA_CODE, ...extra }),
          metodo,
        ).toMatchObject({
          err: true,
          retorno: PROXY_RETORNO.error,
          msg: 'Operação não permitida para este acordo.',
        });
      }
    } finally {
      ana.close();
    }
  });

  it('keeps it when paid within the tolerance, the payment counting on the day it was confirmed', async () => {
    const ana = await signedIn('ana');
    try {
      await ana.overdue(ANA_CARD, 4, 0);
      clock = noonOf(addBusinessDays(MONDAY, 10));
      expect((await ana.pay(ANA_CARD, 4)).status).toBe(200);
      clock = noonOf(addBusinessDays(MONDAY, 30));
      const kept = await ana.agreement(ANA_CARD);
      expect(kept.situacao).toBe('ATIVO');
      expect(kept.parcelasAcordo.find((p) => p.numero === 4)?.status).toBe('PAGO');
    } finally {
      ana.close();
    }
  });

  it('never cancels at a creditor that names no tolerance', async () => {
    const ana = await signedIn('ana');
    try {
      await ana.conclude(ANA_PHARMACY, 'AV');
      expect((await ana.overdue(ANA_PHARMACY, 1, 120)).status).toBe(200);
      const agreement = await ana.agreement(ANA_PHARMACY);
      expect(agreement.situacao).toBe('ATIVO');
      expect(agreement.canceladoEm).toBeUndefined();
    } finally {
      ana.close();
    }
  });

  it('releases the debt it settled for a new negotiation, whose instalments owe nothing to the old payments', async () => {
    const maria = await signedIn('maria');
    try {
      const debts = async () =>
        proxyReplyData.consultaDivida.parse((await maria.ask('consultaDivida', MARIA_IPE)).data).dividas
          .length;
      const contract = async () =>
        proxyReplyData.consultaContrato
          .parse(
            (
              await maria.ask('consultaContrato', {
                ...MARIA_IPE,
                logomarca: '',
                url: '',
                parcelasIndividuaisSequenciais: true,
                pagamento: [],
              })
            ).data,
          )
          .contratos.find((c) => c.numcontrato === MARIA_IPE.contrato);
      const before = await debts();
      const first = await maria.conclude(MARIA_IPE, 'AP');
      expect(await debts()).toBeLessThan(before);
      await maria.pay(MARIA_IPE, 1);
      // instalment 2, thirty calendar days late: past five business days
      expect((await maria.overdue(MARIA_IPE, 2, 30)).status).toBe(200);
      expect(await maria.agreement(MARIA_IPE)).toMatchObject({ codigoAcordo: first, situacao: 'CANCELADO' });
      expect(await debts()).toBe(before);
      expect(await contract()).toMatchObject({
        permiteproposta: true,
        permitedivida: true,
        permiteacordo: true,
      });

      const second = await maria.conclude(MARIA_IPE, 'AP');
      expect(second).not.toBe(first);
      const renegotiated = await maria.agreement(MARIA_IPE);
      expect(renegotiated.situacao).toBe('ATIVO');
      expect(renegotiated.parcelasAcordo[0]?.status).toBe('EM ABERTO');
      expect(await getJson<unknown[]>(`/__stub/agreements?cpfCnpj=${maria.cpfCnpj}`)).toHaveLength(2);
    } finally {
      maria.close();
    }
  });

  it('is made overdue only when it exists and is unpaid (404 otherwise)', async () => {
    const ana = await signedIn('ana');
    try {
      expect((await ana.overdue(ANA_CARD, 2, 5)).status).toBe(404);
      expect((await ana.overdue(ANA_CARD, 9, 5)).status).toBe(404);
      expect((await ana.overdue(ANA_PHARMACY, 1, 5)).status).toBe(404);
      expect(
        (await post('/__stub/agreements/atrasar', { cpfCnpj: ana.cpfCnpj, contrato: ANA_CARD.contrato }))
          .status,
      ).toBe(400);
      // a seeded agreement a knob changed is not one gerarBoleto made
      expect((await ana.overdue(ANA_CARD, 5, 3)).status).toBe(200);
      expect(await getJson<unknown[]>(`/__stub/agreements?cpfCnpj=${ana.cpfCnpj}`)).toEqual([]);
      const parcelas = (await ana.agreement(ANA_CARD)).parcelasAcordo;
      expect(parcelas.find((p) => p.numero === 5)?.dataVencimento).toBe(formatBrDate(addDays(MONDAY, -3)));
      expect(parcelas.find((p) => p.numero === 4)?.dataVencimento).toBe(formatBrDate(addDays(MONDAY, 10)));
    } finally {
      ana.close();
    }
  });
});

describe('moverParcela (ours; no key)', () => {
  const move = (person: Person, numero: number, codigoAcordo = ANA_CODE) =>
    person.ask('moverParcela', { ...ANA_CARD, codigoAcordo, numero });
  const changes = async (person: Person) =>
    getJson<{ metodo: string; numero?: number }[]>(`/__stub/agreements/changes?cpfCnpj=${person.cpfCnpj}`);

  it('moves the instalment to the end, and a repeat moves the new instalment of that number again', async () => {
    const ana = await signedIn('ana');
    try {
      const before = dueDates((await ana.agreement(ANA_CARD)).parcelasAcordo);
      const [d4, d5, d6] = before.slice(3);
      if (!d4 || !d5 || !d6) throw new Error('no instalments 4 to 6');

      const once = await move(ana, 4);
      expect(once).toMatchObject({ err: false, retorno: 0 });
      const moved = proxyReplyData.moverParcela.parse(once.data).parcelasAcordo;
      // the later ones take the number before theirs with their dates; the last is due 30 days after the former last
      const d7 = addDays(d6, 30);
      expect(isBusinessDay(d7)).toBe(true);
      expect(dueDates(moved)).toEqual([...before.slice(0, 3), d5, d6, d7]);
      expect(moved.map((p) => p.status)).toEqual([
        'PAGO',
        'PAGO',
        'PAGO',
        'EM ABERTO',
        'EM ABERTO',
        'EM ABERTO',
      ]);
      for (const p of moved) expect(p.nossonumero).toBe(boletoNossoNumero(ANA_CODE, p.numero));
      expect((await ana.agreement(ANA_CARD)).parcelasAcordo).toEqual(moved);
      // the boleto of instalment 4 is now the one due on the former fifth's date
      expect(await reissue(ana, ANA_CODE, 4)).toMatchObject({ data: { erro: false } });

      const again = proxyReplyData.moverParcela.parse((await move(ana, 4)).data).parcelasAcordo;
      expect(dueDates(again).slice(3)).toEqual([d6, d7, addDays(d7, 30)]);
      expect(await changes(ana)).toMatchObject([
        { metodo: 'moverParcela', numero: 4, codigoAcordo: ANA_CODE, contrato: ANA_CARD.contrato },
        { metodo: 'moverParcela', numero: 4 },
      ]);
      // two changes an agreement at this creditor: the third is refused and not applied
      expect(await move(ana, 4)).toMatchObject({
        err: true,
        msg: 'Operação não permitida para este acordo.',
      });
      expect(await changes(ana)).toHaveLength(2);
    } finally {
      ana.close();
    }
  });

  it('takes every payment along with its instalment to its new number', async () => {
    const ana = await signedIn('ana');
    try {
      // this creditor leaves all unpaid instalments payable: the fifth is paid before the fourth
      expect((await ana.pay(ANA_CARD, 5)).status).toBe(200);
      const moved = proxyReplyData.moverParcela.parse((await move(ana, 4)).data).parcelasAcordo;
      expect(moved.slice(3).map((p) => p.status)).toEqual(['PAGO', 'EM ABERTO', 'EM ABERTO']);
    } finally {
      ana.close();
    }
  });

  it('gives the last number the moved value', async () => {
    const maria = await signedIn('maria');
    try {
      const codigo = await maria.conclude(MARIA_IPE, 'AP');
      const before = (await maria.agreement(MARIA_IPE)).parcelasAcordo;
      const reply = await maria.ask('moverParcela', { ...MARIA_IPE, codigoAcordo: codigo, numero: 1 });
      const after = proxyReplyData.moverParcela.parse(reply.data).parcelasAcordo;
      expect(after.map((p) => p.valorPago)).toEqual([...before.slice(1), before[0]].map((p) => p?.valorPago));
      expect(after.map((p) => p.numero)).toEqual(before.map((p) => p.numero));
    } finally {
      maria.close();
    }
  });

  it.each([
    ['the last instalment', 6, ANA_CODE],
    ['a paid instalment', 2, ANA_CODE],
    ['an instalment the agreement does not have', 9, ANA_CODE],
    ['another agreement', 4, '1111111111'],
  ])('refuses %s', async (_, numero, codigo) => {
    const ana = await signedIn('ana');
    try {
      expect(await move(ana, numero, codigo)).toMatchObject({
        err: true,
        retorno: PROXY_RETORNO.error,
        msg: 'Operação não permitida para este acordo.',
      });
      expect(await changes(ana)).toEqual([]);
    } finally {
      ana.close();
    }
  });

  it('refuses at a creditor whose rule does not allow it, and answers no agreement where there is none', async () => {
    const maria = await signedIn('maria');
    try {
      const codigo = await maria.conclude(MARIA_LOJAS, 'AP');
      for (const [metodo, extra] of [
        ['moverParcela', { numero: 1 }],
        ['alterarVencimento', { dia: 10 }],
      ] as const) {
        expect(
          await maria.ask(metodo, { ...MARIA_LOJAS, codigoAcordo: codigo, ...extra }),
          metodo,
        ).toMatchObject({
          err: true,
          msg: 'Operação não permitida para este acordo.',
        });
        expect(
          await maria.ask(metodo, { ...MARIA_IPE, codigoAcordo: codigo, ...extra }),
          metodo,
        ).toMatchObject({
          err: true,
          retorno: PROXY_RETORNO.notFound,
        });
      }
    } finally {
      maria.close();
    }
  });

  it('counts moves and day changes together against the creditor’s allowance (one by default)', async () => {
    const maria = await signedIn('maria');
    try {
      const codigo = await maria.conclude(MARIA_IPE, 'AP');
      const scope = { ...MARIA_IPE, codigoAcordo: codigo };
      expect(await maria.ask('alterarVencimento', { ...scope, dia: 10 })).toMatchObject({ err: false });
      expect(await maria.ask('moverParcela', { ...scope, numero: 1 })).toMatchObject({
        err: true,
        msg: 'Operação não permitida para este acordo.',
      });
      expect(await maria.ask('alterarVencimento', { ...scope, dia: 12 })).toMatchObject({ err: true });
    } finally {
      maria.close();
    }
  });
});

describe('alterarVencimento (ours; no key)', () => {
  const change = (person: Person, dia: number) =>
    person.ask('alterarVencimento', { ...ANA_CARD, codigoAcordo: ANA_CODE, dia });

  it.each([
    // Sunday 20/12, Saturday 20/02
    [20, ['2026-12-21', '2027-01-20', '2027-02-22']],
    // Saturday 02/01
    [2, ['2026-12-02', '2027-01-04', '2027-02-02']],
  ])(
    'puts every unpaid instalment on day %i from the next one on, never on a day off',
    async (dia, dates) => {
      const ana = await signedIn('ana');
      try {
        const before = dueDates((await ana.agreement(ANA_CARD)).parcelasAcordo);
        const reply = await change(ana, dia);
        const after = dueDates(proxyReplyData.alterarVencimento.parse(reply.data).parcelasAcordo);
        expect(after).toEqual([...before.slice(0, 3), ...dates]);
        expect(dates).toEqual(monthlyOnDay(MONDAY, dia, 3));
        for (const date of dates) expect(isBusinessDay(date)).toBe(true);
        expect(await getJson(`/__stub/agreements/changes?cpfCnpj=${ana.cpfCnpj}`)).toMatchObject([
          { metodo: 'alterarVencimento', dia, codigoAcordo: ANA_CODE },
        ]);
      } finally {
        ana.close();
      }
    },
  );

  it('applies a repeat again, refuses a day past 28 as an invalid request, and rescues an overdue agreement', async () => {
    const ana = await signedIn('ana');
    try {
      await ana.overdue(ANA_CARD, 4, 0);
      clock = noonOf(addBusinessDays(MONDAY, 8));
      expect(await change(ana, 29)).toMatchObject({ err: true, msg: 'Requisição inválida.' });
      expect(await change(ana, 20)).toMatchObject({ err: false });
      expect(await change(ana, 20)).toMatchObject({ err: false });
      expect(await getJson<unknown[]>(`/__stub/agreements/changes?cpfCnpj=${ana.cpfCnpj}`)).toHaveLength(2);
      // past the tolerance of the former due date, the agreement lives on
      clock = noonOf(addBusinessDays(MONDAY, 12));
      const agreement = await ana.agreement(ANA_CARD);
      expect(agreement.situacao).toBe('ATIVO');
      expect(agreement.parcelasAcordo[3]?.dataVencimento).toBe('21/12/2026');
    } finally {
      ana.close();
    }
  });
});

describe('solicitarContato (ours)', () => {
  it('answers a protocol and keeps the reason for the creditor alone', async () => {
    const ana = await signedIn('ana');
    try {
      const reply = await ana.ask('solicitarContato', { ...ANA_PHARMACY, motivo: 'desemprego' });
      const { protocolo } = proxyReplyData.solicitarContato.parse(reply.data);
      expect(protocolo).toMatch(/^20261123\d{6}$/);
      expect(await getJson(`/__stub/contact-requests?cpfCnpj=${ana.cpfCnpj}`)).toEqual([
        {
          receivedAt: new Date(clock).toISOString(),
          cpfCnpj: ana.cpfCnpj,
          ...ANA_PHARMACY,
          motivo: 'desemprego',
          protocolo,
        },
      ]);
      const [journaled] = await getJson<Record<string, unknown>[]>(
        `/__stub/proxy/requests?cpfCnpj=${ana.cpfCnpj}&metodo=solicitarContato`,
      );
      expect(journaled).toMatchObject(ANA_PHARMACY);
      expect(journaled).not.toHaveProperty('motivo');
    } finally {
      ana.close();
    }
  });

  it('refuses another person’s contract and a reason not on the list', async () => {
    const ana = await signedIn('ana');
    try {
      expect(await ana.ask('solicitarContato', { ...MARIA_IPE, motivo: 'luto' })).toMatchObject({
        err: true,
        retorno: PROXY_RETORNO.notFound,
      });
      expect(await ana.ask('solicitarContato', { ...ANA_PHARMACY, motivo: 'ferias' })).toMatchObject({
        err: true,
        msg: 'Requisição inválida.',
      });
      expect(await getJson(`/__stub/contact-requests?cpfCnpj=${ana.cpfCnpj}`)).toEqual([]);
    } finally {
      ana.close();
    }
  });
});
