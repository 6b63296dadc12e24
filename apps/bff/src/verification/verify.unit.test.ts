import type { AgreementQueryResult, Creditor } from '@portal/contracts/upstream/entities';
import type { OfficialChannel } from '@portal/contracts/upstream/official-channels';
import { CONVENIO } from '@portal/stub/negotiation/agreements';
import {
  boletoBarcode,
  boletoFreeField,
  formatLinhaDigitavel,
  linhaDigitavel,
} from '@portal/stub/payments/febraban';
import { pixCopiaECola, STUB_PIX_KEY } from '@portal/stub/payments/pix';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { addDays, formatBrDate, todayInBrazil } from '@portal/validation/dates';
import { describe, expect, it } from 'vitest';
import { SHARED_MESSAGES } from '../core/messages';
import { Refusal } from '../core/refusal';
import { PdfReaderBusyError } from '../pdf/pdf-reader';
import type { Ports } from '../ports/ports';
import { VERIFY_MESSAGES, verifyCode, verifyPdf } from './verify';

const BENEFICIARY_CNPJ = '11444777000161';
const CHANNELS: OfficialChannel[] = [
  {
    codcredor: '1001',
    credor: 'Moda Aurora',
    bancos: ['999'],
    convenios: [CONVENIO],
    cnpjsBeneficiarios: [BENEFICIARY_CNPJ],
    chavesPix: [STUB_PIX_KEY],
    nomesRecebedor: ['MODA AURORA'],
  },
];

const DUE = addDays(todayInBrazil(), 10);
const FREE = boletoFreeField({ convenio: CONVENIO, agreementId: 'A-1', parcela: 2 });
const line = (change: { bankCode?: string; amountCents?: number } = {}) =>
  linhaDigitavel(
    boletoBarcode({
      bankCode: '999',
      dueDate: DUE,
      amountCents: 15000,
      freeField: FREE.freeField,
      ...change,
    }),
  );
const PIX = pixCopiaECola({
  key: STUB_PIX_KEY,
  merchantName: 'Moda Aurora',
  merchantCity: 'SAO PAULO',
  amountCents: 15000,
});

/** The upstream's official channels, counting how often they are asked. */
function channelsUpstream() {
  const asked = { count: 0 };
  const upstream = {
    officialChannels: async () => {
      asked.count += 1;
      return CHANNELS;
    },
  } as never as Ports['upstream'];
  return { asked, upstream };
}

const CREDITOR: Creditor = {
  logomarca: 'https://upstream.example/logos/moda.svg',
  nomcontratante: 'Moda Aurora',
  agrupador: '1001',
  url: '',
  pagamento: [
    { idTipoPagamento: 1, tipoPagamento: 'boleto', pagamentoInterno: true, pagamentoProposta: true },
  ],
  parcelasIndividuaisSequenciais: false,
};

/** A proxy where the person has one agreement with Moda Aurora, its instalment 2 the boleto's (open, R$ 150,00). */
function agreementProxy(status: 'EM ABERTO' | 'PAGO' = 'EM ABERTO') {
  const agreement: AgreementQueryResult = {
    codigoAcordo: 'A-1',
    formaPagamento: 'boleto',
    parcelasAcordo: [
      {
        id: 'i2',
        numero: 2,
        status,
        dataVencimento: formatBrDate(DUE),
        valorPago: '150,00',
        nossonumero: FREE.nossoNumero,
      },
    ],
  };
  return {
    call: async (method: string) => {
      if (method === 'consultaDebito') return { credor: [CREDITOR] };
      if (method === 'consultaContrato')
        return {
          contratos: [
            {
              codcredor: '1001',
              numcontrato: 'C-1',
              situacao: 'Contrato',
              quantidadeParcelas: 1,
              valorprincipal: '150,00',
              permiteacordo: true,
              permiteproposta: false,
              permitedivida: false,
            },
          ],
        };
      if (method === 'consultaAcordo') return agreement;
      throw new Error(`unexpected ${method}`);
    },
  } as never as Ports['proxy'];
}

/** A PDF reader that reads `text` from any file, counting the places it gave back. */
function pdfReaderOf(text: string | null) {
  const places = { released: 0 };
  const pdfReader = {
    reserve: () => ({
      read: async () => text,
      release: () => {
        places.released += 1;
      },
    }),
  } as never as Ports['pdfReader'];
  return { places, pdfReader };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );
const OWN = {
  credor: 'Moda Aurora',
  contrato: 'C-1',
  numero: 2,
  status: 'EM ABERTO',
  vencimento: DUE,
  cents: 15000,
} as const;

describe('verifyCode', () => {
  it('does not take what is no code', async () => {
    const ports = memoryPorts();
    expect(await verifyCode(ports, null, 'isto não é um código')).toEqual({
      tipo: 'desconhecido',
      veredito: 'invalido',
      titulo: VERIFY_MESSAGES.unknown,
      motivos: [VERIFY_MESSAGES.unknownReason],
      campos: [],
    });
  });

  it("tells a signed-out visitor a genuine boleto is of a partner's official channel, and asks the channels once", async () => {
    const { asked, upstream } = channelsUpstream();
    const ports = memoryPorts({ upstream });
    const result = await verifyCode(ports, null, line());
    expect(result).toMatchObject({
      tipo: 'boleto',
      veredito: 'confere',
      titulo: VERIFY_MESSAGES.official('boleto', ['Moda Aurora']),
      motivos: [VERIFY_MESSAGES.signInToMatch],
      credor: 'Moda Aurora',
    });
    expect(result.campos.filter((c) => c.situacao === 'erro')).toEqual([]);
    await verifyCode(ports, null, line());
    expect(asked.count).toBe(1);
  });

  it('says not to pay a boleto of a bank no partner uses', async () => {
    const { upstream } = channelsUpstream();
    const result = await verifyCode(memoryPorts({ upstream }), null, line({ bankCode: '001' }));
    expect(result).toMatchObject({
      veredito: 'nao-pague',
      titulo: VERIFY_MESSAGES.bank('001 – Banco do Brasil'),
    });
  });

  it("names the signed-in person's own instalment the boleto pays", async () => {
    const { upstream } = channelsUpstream();
    const ports = memoryPorts({ upstream, proxy: agreementProxy() });
    const result = await verifyCode(ports, await signedIn(ports), line());
    expect(result).toMatchObject({
      veredito: 'confere',
      titulo: VERIFY_MESSAGES.yours('boleto', OWN),
      motivos: [],
      credor: 'Moda Aurora',
    });
  });

  it('says not to pay again an instalment already paid, nor another amount for it', async () => {
    const { upstream } = channelsUpstream();
    const paid = memoryPorts({ upstream, proxy: agreementProxy('PAGO') });
    expect(await verifyCode(paid, await signedIn(paid), line())).toMatchObject({
      veredito: 'nao-pague',
      titulo: VERIFY_MESSAGES.paid({ ...OWN, status: 'PAGO' }),
    });
    const other = memoryPorts({ upstream, proxy: agreementProxy() });
    expect(await verifyCode(other, await signedIn(other), line({ amountCents: 99 }))).toMatchObject({
      veredito: 'nao-pague',
      titulo: VERIFY_MESSAGES.otherAmount(OWN, 99),
    });
  });

  it("tells a signed-out visitor a partner's PIX code is of its official channel", async () => {
    const { upstream } = channelsUpstream();
    expect(await verifyCode(memoryPorts({ upstream }), null, PIX)).toMatchObject({
      tipo: 'pix',
      veredito: 'confere',
      titulo: VERIFY_MESSAGES.official('PIX', ['Moda Aurora']),
      motivos: [VERIFY_MESSAGES.signInToMatch],
    });
  });

  it('finds a declaration of settlement this portal issued, and says when it did not', async () => {
    const codigo = 'QT-7K2M-9XQ4-H3PD';
    const base = memoryPorts();
    // the declaration as the database keeps it, under its code
    await base.db.keepDeclaration({
      codigo,
      owner: 'k.owner',
      titular: 'Maria da Silva',
      documento: '***.982.247-**',
      credor: 'Moda Aurora',
      contrato: 'C-1',
      codigoAcordo: 'A-1',
      parcelas: [{ numero: 1, pagoEm: '2026-01-09', valorCents: 15000 }],
      totalCents: 15000,
      quitadaEm: '2026-01-09',
      emitidaEm: '2026-01-20',
      emitidaAs: new Date('2026-01-20T15:00:00Z'),
      pdf: new Uint8Array([37, 80, 68, 70]),
    });
    const ports = base;
    const found = await verifyCode(ports, null, 'qt 7k2m 9xq4 h3pd');
    expect(found).toMatchObject({
      tipo: 'declaracao',
      veredito: 'confere',
      titulo: VERIFY_MESSAGES.settlement,
      credor: 'Moda Aurora',
    });
    expect(found.campos).toEqual(
      expect.arrayContaining([
        { campo: 'Código de verificação', valor: codigo, situacao: 'ok' },
        { campo: 'CPF', valor: '***.982.247-**', situacao: 'info' },
        { campo: 'Quitado em', valor: '09/01/2026', situacao: 'info' },
      ]),
    );
    expect(await verifyCode(ports, null, 'QT-0000-0000-0000')).toMatchObject({
      tipo: 'declaracao',
      veredito: 'invalido',
      titulo: VERIFY_MESSAGES.settlementUnknown,
    });
  });

  it("refuses past the address's limit, and past the session's for a signed-in person", async () => {
    const byIp = memoryPorts({ env: { VERIFY_MAX_PER_IP: '1' } });
    await verifyCode(byIp, null, 'x');
    const overIp = await refusal(verifyCode(byIp, null, 'x'));
    expect(overIp).toBeInstanceOf(Refusal);
    expect(overIp).toMatchObject({ kind: 'too-many', message: SHARED_MESSAGES.tooManyAttempts });

    const bySession = memoryPorts({ env: { VERIFY_MAX_PER_SESSION: '1' } });
    const person = await signedIn(bySession);
    await verifyCode(bySession, person, 'x');
    expect(await refusal(verifyCode(bySession, person, 'x'))).toMatchObject({ kind: 'too-many' });
    // signed out, from the same address, the session's limit is not theirs
    expect((await verifyCode(bySession, null, 'x')).veredito).toBe('invalido');
  });
});

describe('verifyPdf', () => {
  it("checks the boleto's line with the beneficiary's CNPJ it prints, and gives its reader's place back", async () => {
    const { upstream } = channelsUpstream();
    const { places, pdfReader } = pdfReaderOf(
      `Beneficiário: Moda Aurora CNPJ 11.444.777/0001-61\n${formatLinhaDigitavel(line())}`,
    );
    const result = await verifyPdf(memoryPorts({ upstream, pdfReader }), null, new Uint8Array([37]));
    expect(result).toMatchObject({ tipo: 'boleto', veredito: 'confere' });
    expect(result.campos).toContainEqual({
      campo: 'CNPJ do beneficiário',
      valor: '11.444.777/0001-61',
      situacao: 'ok',
    });
    expect(places.released).toBe(1);
  });

  it('lets the worse of the line and the PIX code lead, with both fields', async () => {
    const { upstream } = channelsUpstream();
    const { pdfReader } = pdfReaderOf(`CNPJ 22.333.444/0001-81\n${formatLinhaDigitavel(line())}\n${PIX}`);
    const result = await verifyPdf(memoryPorts({ upstream, pdfReader }), null, new Uint8Array([37]));
    expect(result).toMatchObject({
      tipo: 'boleto',
      veredito: 'nao-pague',
      titulo: VERIFY_MESSAGES.cnpj,
      motivos: [VERIFY_MESSAGES.official('PIX', ['Moda Aurora']), VERIFY_MESSAGES.signInToMatch],
      credor: 'Moda Aurora',
    });
    expect(result.campos.map((c) => c.campo)).toEqual(expect.arrayContaining(['Banco', 'PIX: Chave PIX']));
  });

  it('says when a file cannot be read, or carries no code', async () => {
    const unreadable = pdfReaderOf(null);
    expect(
      await verifyPdf(memoryPorts({ pdfReader: unreadable.pdfReader }), null, new Uint8Array()),
    ).toMatchObject({
      veredito: 'invalido',
      titulo: VERIFY_MESSAGES.pdfUnreadable,
    });
    const empty = pdfReaderOf('Nada aqui');
    expect(
      await verifyPdf(memoryPorts({ pdfReader: empty.pdfReader }), null, new Uint8Array()),
    ).toMatchObject({
      veredito: 'invalido',
      titulo: VERIFY_MESSAGES.pdfNoCode,
    });
  });

  it('counts a file refused for want of a reader against no limit, and gives the place back when refused', async () => {
    const busy = {
      reserve: () => {
        throw new PdfReaderBusyError();
      },
    } as never as Ports['pdfReader'];
    const ports = memoryPorts({ pdfReader: busy });
    await expect(verifyPdf(ports, null, new Uint8Array())).rejects.toBeInstanceOf(PdfReaderBusyError);
    expect(await ports.limiter.count('verify-ip', ports.ip)).toBe(0);

    const { places, pdfReader } = pdfReaderOf('Nada aqui');
    const limited = memoryPorts({ pdfReader, env: { VERIFY_MAX_PER_IP: '1' } });
    await verifyPdf(limited, null, new Uint8Array());
    expect(await refusal(verifyPdf(limited, null, new Uint8Array()))).toMatchObject({ kind: 'too-many' });
    expect(places.released).toBe(2);
  });
});
