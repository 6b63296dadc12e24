import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, emvFields, findPixCodes, pixKeyKind, readPix } from './pix';

// BCB's Manual de Padrões para Iniciação do Pix, static example.
const MANUAL_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
  '5913Fulano de Tal6008BRASILIA62070503***63041D3D';

const withCrc = (body: string) => body + crc16CcittFalse(body);

describe('crc16CcittFalse', () => {
  it('gives the catalogue check value for 123456789, and the manual example’s CRC', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse(MANUAL_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });
});

describe('emvFields', () => {
  it('splits ID, length and value, and refuses a field running past the end or given twice', () => {
    expect([...(emvFields('0002010102AB') ?? [])]).toEqual([
      ['00', '01'],
      ['01', 'AB'],
    ]);
    expect(emvFields('0005AB')).toBeNull();
    expect(emvFields('0001A0001B')).toBeNull();
    expect(emvFields('X001A')).toBeNull();
  });
});

describe('pixKeyKind', () => {
  it('tells the key types apart', () => {
    expect(pixKeyKind('52998224725')).toBe('cpf');
    expect(pixKeyKind('11444777000161')).toBe('cnpj');
    expect(pixKeyKind('12ABC34501DE35')).toBe('cnpj');
    expect(pixKeyKind('+5511987654321')).toBe('telefone');
    expect(pixKeyKind('cobranca@lojas.com.br')).toBe('email');
    expect(pixKeyKind('123e4567-e12b-12d1-a456-426655440000')).toBe('aleatoria');
    expect(pixKeyKind('12345678901')).toBe('desconhecida');
  });
});

describe('readPix', () => {
  it('reads the manual’s example field by field', () => {
    expect(readPix(MANUAL_EXAMPLE)).toEqual({
      wellFormed: true,
      crc: '1D3D',
      expectedCrc: '1D3D',
      key: '123e4567-e12b-12d1-a456-426655440000',
      keyKind: 'aleatoria',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      amountCents: undefined,
      txid: '***',
    });
  });

  it('reads an amount, a dynamic code’s location, and a code pasted across lines', () => {
    const body =
      '00020101021226570014br.gov.bcb.pix2535pix.example.com/qr/v2/cobv/9d36b84f' +
      '52040000530398654071234.565802BR5904LOJA6006RECIFE62070503***6304';
    const reading = readPix(withCrc(body).replace('5802', '\n5802'));
    expect(reading).toMatchObject({
      wellFormed: true,
      url: 'pix.example.com/qr/v2/cobv/9d36b84f',
      amountCents: 123_456,
    });
    expect(reading?.crc).toBe(reading?.expectedCrc);
  });

  it('finds the CRC wrong when one character changes', () => {
    const tampered = MANUAL_EXAMPLE.replace('Fulano', 'Fulana');
    expect(readPix(tampered)).toMatchObject({ crc: '1D3D', expectedCrc: expect.not.stringMatching('1D3D') });
  });

  it('is not well formed without the PIX account, the currency or the CRC field last', () => {
    expect(
      readPix(withCrc(MANUAL_EXAMPLE.slice(0, -4).replace('br.gov.bcb.pix', 'br.gov.bcb.xyz')))?.wellFormed,
    ).toBe(false);
    expect(readPix(withCrc(MANUAL_EXAMPLE.slice(0, -4).replace('5303986', '5303840')))?.wellFormed).toBe(
      false,
    );
    expect(readPix('000201ZZZZ')?.wellFormed).toBe(false);
  });

  it('is not a PIX code unless it starts with the payload format field', () => {
    expect(readPix('hello')).toBeNull();
    expect(readPix('')).toBeNull();
    expect(readPix(`0002010${'1'.repeat(600)}`)).toBeNull();
  });
});

describe('findPixCodes', () => {
  it('finds a code broken over lines, however its fields are cut, and only whole ones', () => {
    const broken = `Pague com PIX\nPIX Copia e Cola\n${MANUAL_EXAMPLE.slice(0, 48)}\n${MANUAL_EXAMPLE.slice(48, 96)}\n${MANUAL_EXAMPLE.slice(96)}\nFim`;
    expect(findPixCodes(broken)).toEqual([MANUAL_EXAMPLE]);
    expect(findPixCodes(MANUAL_EXAMPLE.slice(0, -10))).toEqual([]);
    expect(findPixCodes('sem código')).toEqual([]);
  });
});
