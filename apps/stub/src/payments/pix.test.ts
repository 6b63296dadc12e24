import { crc16CcittFalse, readPix } from '@portal/validation/pix';
import { crc16ccitt } from 'crc';
import fc from 'fast-check';
import jsQR from 'jsqr';
import { hasError, isDynamicPix, isStaticPix, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { type PixInput, pixCopiaECola, pixQrSvg, pixText, STUB_PIX_KEY } from './pix';

const RUNS = 300;

/** The CRC as a second, unrelated implementation computes it. */
const independentCrc = (payloadWithoutCrc: string) =>
  crc16ccitt(payloadWithoutCrc).toString(16).toUpperCase().padStart(4, '0');

describe('crc16CcittFalse', () => {
  it('gives the catalogue check value for 123456789', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('reproduces the CRC of the static example in BCB’s Manual de Padrões para Iniciação do Pix', () => {
    const example =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
      '5913Fulano de Tal6008BRASILIA62070503***63041D3D';
    expect(crc16CcittFalse(example.slice(0, -4))).toBe(example.slice(-4));
  });
});

describe('pixText', () => {
  it('drops accents and punctuation and upper-cases', () => {
    expect(pixText('Ótica São João Ltda.', 25)).toBe('OTICA SAO JOAO LTDA');
  });

  it('cuts to the field size without a trailing space', () => {
    expect(pixText('Lojas Horizonte Comércio e Serviços', 25)).toBe('LOJAS HORIZONTE COMERCIO');
    expect(pixText('Santa Bárbara d’Oeste', 15)).toBe('SANTA BARBARA D');
  });

  it('refuses text with nothing usable', () => {
    expect(() => pixText(' -- ', 25)).toThrow(RangeError);
  });
});

describe('pixCopiaECola', () => {
  it('builds the hand-assembled static vector', () => {
    const expected = [
      '000201', // 00 payload format indicator, "01"
      '010212', // 01 point of initiation, "12" = single use
      '2658', // 26 merchant account information, 58 characters:
      '0014br.gov.bcb.pix', //   00 GUI (14)
      `0136${STUB_PIX_KEY}`, //   01 key, the EVP UUID (36)
      '52040000', // 52 merchant category code
      '5303986', // 53 currency, 986 = BRL
      '5406123.45', // 54 amount
      '5802BR', // 58 country
      '5924LOJAS HORIZONTE COMERCIO', // 59 merchant name (24)
      '6009SAO PAULO', // 60 city (9)
      '6222', // 62 additional data, 22 characters:
      '0518ACORDO2025004417P4', //   05 txid (18)
      '6304', // 63 CRC, 4 characters, computed over everything up to here
    ].join('');
    const payload = pixCopiaECola({
      key: STUB_PIX_KEY,
      amountCents: 12345,
      merchantName: 'Lojas Horizonte Comércio',
      merchantCity: 'São Paulo',
      txid: 'ACORDO2025004417P4',
    });
    expect(payload.slice(0, -4)).toBe(expected);
    expect(payload.slice(-4)).toBe(independentCrc(expected));
    expect(payload.slice(-4)).toBe('C90A');
  });

  it('writes *** as the txid when none is given and leaves the amount out when it is zero', () => {
    const payload = pixCopiaECola({
      key: STUB_PIX_KEY,
      amountCents: 0,
      merchantName: 'Loja',
      merchantCity: 'Recife',
    });
    expect(payload).toContain('62070503***6304');
    expect(payload).not.toContain('5404');
  });

  it('builds a dynamic code with the payload location and txid ***', () => {
    const payload = pixCopiaECola({
      url: 'pix.simulador.example/qr/v2/cobv/9d36b84f',
      amountCents: 21240,
      merchantName: 'Ipê Eletro',
      merchantCity: 'Curitiba',
    });
    const parsed = parsePix(payload);
    if (hasError(parsed) || !isDynamicPix(parsed)) throw new Error(`pix-utils refused ${payload}`);
    expect(parsed.url).toBe('pix.simulador.example/qr/v2/cobv/9d36b84f');
    expect(payload).toContain('62070503***');
  });

  it('refuses a bad txid, a url with its scheme, an empty key and a bad amount', () => {
    const base = { merchantName: 'Loja', merchantCity: 'Recife' };
    expect(() => pixCopiaECola({ ...base, key: STUB_PIX_KEY, txid: 'ACORDO-1' })).toThrow(RangeError);
    expect(() => pixCopiaECola({ ...base, key: STUB_PIX_KEY, txid: 'A'.repeat(26) })).toThrow(RangeError);
    expect(() => pixCopiaECola({ ...base, url: 'https://pix.example/qr/1' })).toThrow(RangeError);
    expect(() => pixCopiaECola({ ...base, key: ' ' })).toThrow(RangeError);
    expect(() => pixCopiaECola({ ...base, key: STUB_PIX_KEY, amountCents: -1 })).toThrow(RangeError);
    expect(() => pixCopiaECola({ ...base, key: STUB_PIX_KEY, amountCents: 0.5 })).toThrow(RangeError);
  });
});

const names = fc
  .string({
    unit: fc.constantFrom(...'ABCabcxyzÁÉÍÓÚÂÊÔÃÕÇáéíóúâêôãõçü 0123456789.-&/'),
    minLength: 1,
    maxLength: 40,
  })
  .filter((text) => /[A-Za-z0-9]/.test(text.normalize('NFD')));
const staticInputs = fc.record({
  key: fc.uuid().map((uuid) => uuid.toLowerCase()),
  amountCents: fc.integer({ min: 1, max: 99_999_999_999 }),
  merchantName: names,
  merchantCity: names,
  txid: fc.string({ unit: fc.constantFrom(...'ABCXYZabcxyz0123456789'), minLength: 1, maxLength: 25 }),
});

describe('generated PIX codes', () => {
  it('parse with pix-utils, which checks the CRC, and carry the fields they were given', () => {
    fc.assert(
      fc.property(staticInputs, (input) => {
        const payload = pixCopiaECola(input);
        const parsed = parsePix(payload);
        if (hasError(parsed) || !isStaticPix(parsed)) throw new Error(`pix-utils refused ${payload}`);
        expect(parsed.pixKey).toBe(input.key);
        expect(Math.round((parsed.transactionAmount ?? 0) * 100)).toBe(input.amountCents);
        expect(parsed.txid).toBe(input.txid);
        expect(parsed.merchantName).toBe(pixText(input.merchantName, 25));
        expect(parsed.merchantName).toMatch(/^[A-Z0-9 ]{1,25}$/);
        expect(parsed.merchantCity).toMatch(/^[A-Z0-9 ]{1,15}$/);
        expect(parsed.merchantCategoryCode).toBe('0000');
        expect(parsed.transactionCurrency).toBe('986');
        expect(parsed.countryCode).toBe('BR');
      }),
      { numRuns: RUNS },
    );
  });

  it('end with the CRC that the crc package computes', () => {
    fc.assert(
      fc.property(staticInputs, (input) => {
        const payload = pixCopiaECola(input);
        expect(payload.slice(-8, -4)).toBe('6304');
        expect(payload.slice(-4)).toBe(independentCrc(payload.slice(0, -4)));
      }),
      { numRuns: RUNS },
    );
  });

  it('are refused by pix-utils once a character changes', () => {
    const payload = pixCopiaECola({
      key: STUB_PIX_KEY,
      amountCents: 12345,
      merchantName: 'Loja',
      merchantCity: 'Recife',
    });
    const tampered = payload.replace('5406123.45', '5406123.46');
    expect(hasError(parsePix(tampered))).toBe(true);
  });
});

describe('readPix (@portal/validation) on generated codes', () => {
  it('reads what pix-utils reads, and finds the CRC right', () => {
    fc.assert(
      fc.property(staticInputs, (input) => {
        const payload = pixCopiaECola(input);
        const parsed = parsePix(payload);
        if (hasError(parsed) || !isStaticPix(parsed)) throw new Error(`pix-utils refused ${payload}`);
        const reading = readPix(payload);
        expect(reading).toMatchObject({
          wellFormed: true,
          crc: reading?.expectedCrc,
          key: parsed.pixKey,
          merchantName: parsed.merchantName,
          merchantCity: parsed.merchantCity,
          amountCents: Math.round((parsed.transactionAmount ?? 0) * 100),
          txid: parsed.txid,
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('finds the CRC wrong exactly when pix-utils refuses a code with one character changed', () => {
    fc.assert(
      fc.property(staticInputs, fc.nat(), fc.constantFrom(...'0123456789ABCXYZ'), (input, at, character) => {
        const payload = pixCopiaECola(input);
        const index = at % (payload.length - 4);
        fc.pre(payload[index] !== character);
        const tampered = payload.slice(0, index) + character + payload.slice(index + 1);
        const reading = readPix(tampered);
        const refused = hasError(parsePix(tampered));
        if (reading === null) expect(refused).toBe(true);
        else expect(reading.crc === reading.expectedCrc && reading.wellFormed).toBe(!refused);
      }),
      { numRuns: RUNS },
    );
  });
});

/** Paints the dark modules of qrcode's SVG (runs written as M/m moves and h lines) into an RGBA bitmap. */
function rasterize(svg: string, scale: number): { data: Uint8ClampedArray; size: number } {
  const modules = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const path = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const size = modules * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  let x = 0;
  let y = 0;
  for (const [, command, args] of path.matchAll(/([Mmh])([^Mmh]+)/g)) {
    const [a = 0, b = 0] = (args ?? '').trim().split(/[ ,]+/).map(Number);
    if (command === 'M') [x, y] = [a, b];
    else if (command === 'm') [x, y] = [x + a, y + b];
    else {
      for (let column = x; column < x + a; column += 1) {
        for (let dy = 0; dy < scale; dy += 1) {
          for (let dx = 0; dx < scale; dx += 1) {
            const offset = ((Math.floor(y) * scale + dy) * size + column * scale + dx) * 4;
            data.fill(0, offset, offset + 3);
          }
        }
      }
      x += a;
    }
  }
  return { data, size };
}

describe('pixQrSvg', () => {
  it('returns an SVG document that a QR reader decodes back to the payload', async () => {
    const input: PixInput = {
      key: STUB_PIX_KEY,
      amountCents: 21240,
      merchantName: 'Lojas Horizonte',
      merchantCity: 'Belo Horizonte',
      txid: 'ACORDO2025004417P4',
    };
    const payload = pixCopiaECola(input);
    const svg = await pixQrSvg(payload);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const { data, size } = rasterize(svg, 4);
    expect(jsQR(data, size, size)?.data).toBe(payload);
  });
});
