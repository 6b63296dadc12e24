import { describe, expect, it } from 'vitest';
import { creditor, PAYMENT_METHOD_CODE } from './entities';
import { PROXY_TIMEOUT_REPLY, proxyRequest } from './proxy-channel';
import { loginRequest } from './upstream-auth';
import { brDate, documentDigits, moneyString } from './wire';

describe('wire formats', () => {
  it('accepts the upstream money strings and refuses others', () => {
    for (const ok of ['0,00', '1.234,56', 'R$ 1.234,56', 'R$0,99', '123.456.789,00']) {
      expect(moneyString.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['1234.56', '1.234', '12,5', '-1,00', '1,234.56', '']) {
      expect(moneyString.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('takes dates as dd/mm/yyyy only', () => {
    expect(brDate.safeParse('05/04/2026').success).toBe(true);
    expect(brDate.safeParse('2026-04-05').success).toBe(false);
  });

  it('takes normalized documents: 11 or 14 characters, letters upper-case', () => {
    expect(documentDigits.safeParse('52998224725').success).toBe(true);
    expect(documentDigits.safeParse('12ABC34501DE35').success).toBe(true);
    expect(documentDigits.safeParse('12abc34501de35').success).toBe(false);
    expect(documentDigits.safeParse('529.982.247-25').success).toBe(false);
  });

  it('keeps the spec payment codes', () => {
    expect(PAYMENT_METHOD_CODE).toEqual({ boleto: 1, cartao: 2, pix: 4 });
  });
});

describe('upstream messages', () => {
  it('takes credentials or a token at /login, nothing else', () => {
    expect(loginRequest.safeParse({ cpfCnpj: '52998224725', senha: 'x' }).success).toBe(true);
    expect(loginRequest.safeParse({ token: 'abc' }).success).toBe(true);
    expect(loginRequest.safeParse({ cpfCnpj: '52998224725' }).success).toBe(false);
    expect(loginRequest.safeParse({}).success).toBe(false);
  });

  it('refuses a proxy request for an unknown method', () => {
    const base = { idRequest: '1', app: 'a', cpfcnpj: '52998224725', token: 't' };
    expect(proxyRequest.safeParse({ ...base, metodo: 'consultaDebito' }).success).toBe(true);
    expect(proxyRequest.safeParse({ ...base, metodo: 'apagarTudo' }).success).toBe(false);
  });

  it('describes the timeout reply (Erro de timeout, retorno 99)', () => {
    expect(PROXY_TIMEOUT_REPLY).toMatchObject({ err: true, msg: 'Erro de timeout', retorno: 99 });
  });

  it('parses a creditor and drops fields it does not know', () => {
    const parsed = creditor.parse({
      logomarca: 'http://x/logos/a.svg',
      nomcontratante: 'Lojas Horizonte',
      agrupador: '1001',
      url: 'https://lojashorizonte.example',
      pagamento: [
        { idTipoPagamento: 1, tipoPagamento: 'boleto', pagamentoInterno: true, pagamentoProposta: true },
      ],
      parcelasIndividuaisSequenciais: false,
      campoNovo: 'ignorado',
    });
    expect(parsed).not.toHaveProperty('campoNovo');
  });
});
