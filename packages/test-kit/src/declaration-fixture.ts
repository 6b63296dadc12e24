import { randomBytes, randomInt } from 'node:crypto';
import type { Declaration } from '@portal/bff/core/records';

// Crockford's base 32, as the portal's codes are written.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** A fresh verification code, QT-XXXX-XXXX-XXXX, unknown to any database yet. */
export const newCode = () => `QT-${group()}-${group()}-${group()}`;

/** Bytes that stand for a PDF: what the records keep is opaque to them. */
export const somePdf = (size = 2048) =>
  new Uint8Array(Buffer.concat([Buffer.from('%PDF-'), randomBytes(size)]));

/** A declaration as the records keep it, under a new code unless told; `overrides` change what it declares. */
export function aDeclaration(overrides: Partial<Declaration> = {}): Declaration {
  return {
    codigo: newCode(),
    owner: `k1.${randomBytes(8).toString('hex')}`,
    titular: 'Ana Beatriz Rocha',
    documento: '***.411.347-**',
    credor: 'Cartão Sol Nascente',
    contrato: '6011452873',
    codigoAcordo: '8800112233',
    parcelas: [
      { numero: 4, pagoEm: '2026-03-02', valorCents: 21_990 },
      { numero: 5, pagoEm: '2026-03-02', valorCents: 21_990 },
    ],
    totalCents: 43_980,
    quitadaEm: '2026-03-02',
    emitidaEm: '2026-03-03',
    emitidaAs: new Date('2026-03-03T14:05:06.000Z'),
    pdf: somePdf(),
    ...overrides,
  };
}
