import { parseMoney } from '@portal/validation/money';
import { describe, expect, it } from 'vitest';
import { loginData, loginRequest } from './auth';
import { creditor, PAYMENT_METHOD_CODE, profile } from './entities';
import { PROXY_TIMEOUT_REPLY, proxyReplyData, proxyRequest } from './proxy-channel';
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

  it('accepts amounts without thousands separators, as the least forgiving upstream writes them', () => {
    for (const ok of ['1234,56', 'R$ 1234,56', '1000000,00', 'R$\u00a01234,56']) {
      expect(moneyString.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['1234', '1234,5', '12.34,56', '1.2345,67', 'R$ ', ',56']) {
      expect(moneyString.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('reads back every amount from its three spellings: bare, grouped and with R$', () => {
    // Spelled out here rather than with the formatters, over small amounts and a spread of large ones.
    const amounts = [0, 1, 99, 100, 99_999, 100_000, 123_456, 100_000_000, Number.MAX_SAFE_INTEGER];
    for (let c = 7; c < Number.MAX_SAFE_INTEGER / 13; c = c * 13 + 5) amounts.push(c);
    for (const cents of amounts) {
      const units = String(Math.floor(cents / 100));
      const fraction = String(cents % 100).padStart(2, '0');
      const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
      for (const spelling of [
        `${units},${fraction}`,
        `${grouped},${fraction}`,
        `R$ ${grouped},${fraction}`,
      ]) {
        const parsed = moneyString.safeParse(spelling);
        expect(parsed.success, spelling).toBe(true);
        expect(parseMoney(parsed.data ?? ''), spelling).toBe(cents);
      }
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

  it("keeps the upstream's payment codes", () => {
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

describe('a creditor of consultaDebito', () => {
  const base = {
    logomarca: 'http://x/logos/a.svg',
    nomcontratante: 'ConstruBem Materiais',
    agrupador: '1007',
    url: 'https://construbem.example',
    parcelasIndividuaisSequenciais: false,
  };
  const boletoInside = {
    idTipoPagamento: 1,
    tipoPagamento: 'boleto',
    pagamentoInterno: true,
    pagamentoProposta: true,
  };

  it('gets the default payment type (id 1, boleto, paid inside the portal) without pagamento', () => {
    expect(creditor.parse(base).pagamento).toEqual([boletoInside]);
    expect(creditor.parse({ ...base, pagamento: null }).pagamento).toEqual([boletoInside]);
  });

  it('gets the default payment type when pagamento is an empty list', () => {
    expect(creditor.parse({ ...base, pagamento: [] }).pagamento).toEqual([boletoInside]);
  });

  it('keeps the payment types it was sent', () => {
    const pix = {
      idTipoPagamento: 4,
      tipoPagamento: 'pix',
      pagamentoInterno: true,
      pagamentoProposta: false,
    };
    expect(creditor.parse({ ...base, pagamento: [pix] }).pagamento).toEqual([pix]);
  });

  it('is refused with a malformed payment type', () => {
    const bad = { idTipoPagamento: '4', tipoPagamento: 'PIX', pagamentoInterno: 'S' };
    expect(creditor.safeParse({ ...base, pagamento: [bad] }).success).toBe(false);
  });

  it('does not fail the whole reply: the reader takes the creditors one at a time', () => {
    const bad = { ...base, agrupador: '1009', pagamento: [{ tipoPagamento: 'PIX' }] };
    const reply = proxyReplyData.consultaDebito.safeParse({ credor: [base, bad] });
    expect(reply.success).toBe(true);
    expect(reply.data?.credor.map((entry) => creditor.safeParse(entry).success)).toEqual([true, false]);
    expect(proxyReplyData.consultaDebito.safeParse({ credor: 'nada' }).success).toBe(false);
  });
});

describe('a document the upstream sends', () => {
  const login = { token: 't', id: '42', nome: 'Luciana' };
  const profileOf = (cpfCnpj: string) => ({
    nome: 'Luciana',
    cpfCnpj,
    dtNascimento: '12/12/1987',
    email: '',
    telefone: '',
    whatsapp: false,
    notificacao: false,
    endereco: null,
  });

  it('gets back the leading zeros of a CPF (11 digits or fewer) at login and in the profile', () => {
    expect(loginData.parse({ ...login, cpfCnpj: '481516298' }).cpfCnpj).toBe('00481516298');
    expect(loginData.parse({ ...login, cpfCnpj: '4815162985' }).cpfCnpj).toBe('04815162985');
    expect(profile.parse(profileOf('481516298')).cpfCnpj).toBe('00481516298');
  });

  it('gets back the leading zeros of a numeric CNPJ (12 or 13 digits)', () => {
    expect(loginData.parse({ ...login, cpfCnpj: '1222333000181' }).cpfCnpj).toBe('01222333000181');
    expect(profile.parse(profileOf('222333000181')).cpfCnpj).toBe('00222333000181');
  });

  it('keeps complete and alphanumeric documents as they are', () => {
    expect(loginData.parse({ ...login, cpfCnpj: '52998224725' }).cpfCnpj).toBe('52998224725');
    expect(loginData.parse({ ...login, cpfCnpj: '12ABC34501DE35' }).cpfCnpj).toBe('12ABC34501DE35');
  });

  it('is still refused when it is no document at all', () => {
    for (const bad of ['', '529.982.247-25', '112223330001810', '12abc34501de35', 'ABC']) {
      expect(loginData.safeParse({ ...login, cpfCnpj: bad }).success, bad).toBe(false);
    }
  });
});
