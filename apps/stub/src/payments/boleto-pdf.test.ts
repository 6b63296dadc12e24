import { boletoBancarioLinhaDigitavel } from 'boleto-brasileiro-validator';
import { crc16ccitt } from 'crc';
import jsQR from 'jsqr';
import { decodePDFRawStream, PageSizes, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { BARCODE_TAG, type BoletoPdfInput, boletoPdf, PIX_QR_TAG, pixLines } from './boleto-pdf';
import { boletoBarcode, boletoFreeField, formatLinhaDigitavel, linhaDigitavel } from './febraban';
import { itfWidths } from './itf';
import { pixCopiaECola } from './pix';

const { freeField, nossoNumero } = boletoFreeField({
  convenio: '1234567',
  agreementId: '2025004417',
  parcela: 4,
});
const barcode = boletoBarcode({ bankCode: '001', dueDate: '2026-03-15', amountCents: 123456, freeField });

const input: BoletoPdfInput = {
  beneficiario: {
    nome: 'Lojas Horizonte Comércio Ltda',
    documento: '11222333000181',
    agenciaCodigo: '1234-5 / 1234567',
  },
  pagador: { nome: 'Ana Costa', documento: '93541134780' },
  linhaDigitavel: formatLinhaDigitavel(linhaDigitavel(barcode)),
  barcode,
  dueDate: '2026-03-15',
  amountCents: 123456,
  nossoNumero,
  contrato: '6011452873',
  parcela: 4,
  issuedOn: '2026-03-01',
};

/** The page's content operators as text (pdf-lib writes them Flate-compressed). */
async function pageContent(bytes: Uint8Array): Promise<{ doc: PDFDocument; content: string }> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(0).node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  const content = streams
    .map((stream) => {
      if (!(stream instanceof PDFRawStream)) throw new Error('unexpected content stream');
      return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    })
    .join('\n');
  return { doc, content };
}

/** Strings drawn with Tj, decoded from pdf-lib's hex form (WinAnsi, which is Latin-1 for these texts). */
function shownTexts(content: string): string[] {
  return [...content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map(([, hex]) =>
    Buffer.from(hex ?? '', 'hex').toString('latin1'),
  );
}

/** Bar and space widths in narrow units, read from the rectangles inside the barcode's marked content. */
function barcodeWidths(content: string): number[] {
  const section = new RegExp(`/${BARCODE_TAG} BMC([\\s\\S]*?)EMC`).exec(content)?.[1] ?? '';
  const bars = [...section.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)].map(([, x, , width]) => ({
    x: Number(x),
    width: Number(width),
  }));
  const narrow = Math.min(...bars.map((bar) => bar.width));
  const widths: number[] = [];
  for (const [index, bar] of bars.entries()) {
    const next = bars[index + 1];
    widths.push(Math.round(bar.width / narrow));
    if (next) widths.push(Math.round((next.x - bar.x - bar.width) / narrow));
  }
  return widths;
}

describe('boletoPdf', () => {
  it('makes one A4 page', async () => {
    const { doc } = await pageContent(await boletoPdf(input));
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([width, height]).toEqual(PageSizes.A4);
  });

  it('draws the 44 digits as 114 ITF bars whose widths encode the barcode', async () => {
    const { content } = await pageContent(await boletoPdf(input));
    const widths = barcodeWidths(content);
    // Start 2 bars, 22 digit pairs of 5 bars, stop 2 bars; bars and spaces alternate, so 2 × 114 − 1 widths.
    expect(widths.filter((_, index) => index % 2 === 0)).toHaveLength(114);
    expect(widths).toEqual(itfWidths(barcode));
  });

  it('prints the formatted line, the amount, the dates and the documents', async () => {
    const { content } = await pageContent(await boletoPdf(input));
    const texts = shownTexts(content);
    expect(texts).toContain('00191.23454 67000.202506 04417.004175 3 13860000123456');
    expect(texts).toContain('R$\u00a01.234,56');
    expect(texts).toContain('15/03/2026');
    expect(texts).toContain('01/03/2026');
    expect(texts).toContain('0002025004417004');
    expect(texts).toContain('6011452873/4');
    expect(texts).toContain('Ana Costa - CPF/CNPJ 935.411.347-80');
    expect(texts).toContain('Lojas Horizonte Comércio Ltda - CNPJ 11.222.333/0001-81');
    expect(texts).toContain('001-9');
  });

  it('prints characters the standard fonts lack as ?', async () => {
    const { content } = await pageContent(
      await boletoPdf({ ...input, pagador: { ...input.pagador, nome: 'Ana 😀 Costa' } }),
    );
    expect(shownTexts(content)).toContain('Ana ? Costa - CPF/CNPJ 935.411.347-80');
  });

  it('refuses a line, an amount or a due date that does not match the barcode', async () => {
    const other = boletoBarcode({ bankCode: '001', dueDate: '2026-03-15', amountCents: 100, freeField });
    await expect(boletoPdf({ ...input, linhaDigitavel: linhaDigitavel(other) })).rejects.toThrow(RangeError);
    await expect(boletoPdf({ ...input, amountCents: 100 })).rejects.toThrow(/amountCents/);
    await expect(boletoPdf({ ...input, dueDate: '2026-03-16' })).rejects.toThrow(/dueDate/);
  });

  describe('a hybrid boleto (with PIX)', () => {
    const pix = pixCopiaECola({
      key: 'e33ba64d-e833-4c5c-99d1-e80a319a1ebe',
      amountCents: 123456,
      merchantName: 'Lojas Horizonte',
      merchantCity: 'Sao Paulo',
      txid: '2025004417P4',
    });

    /** The QR's dark modules, read from the rectangles in its marked content, as an RGBA bitmap with a margin. */
    function qrBitmap(content: string): { data: Uint8ClampedArray; size: number } {
      const section = new RegExp(`/${PIX_QR_TAG} BMC([\\s\\S]*?)EMC`).exec(content)?.[1] ?? '';
      const squares = [...section.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)].map(([, x, y, w, h]) =>
        [x, y, w, h].map(Number),
      );
      const module = Math.min(...squares.map(([, , , h = 0]) => h));
      const left = Math.min(...squares.map(([x = 0]) => x));
      const top = Math.max(...squares.map(([, y = 0, , h = 0]) => y + h));
      const modules = Math.round((Math.max(...squares.map(([x = 0, , w = 0]) => x + w)) - left) / module);
      const scale = 4;
      const size = (modules + 8) * scale;
      const data = new Uint8ClampedArray(size * size * 4).fill(255);
      for (const [x = 0, y = 0, w = 0] of squares) {
        const row = Math.round((top - y) / module) - 1;
        const from = Math.round((x - left) / module);
        for (let column = from; column < from + Math.round(w / module); column += 1)
          for (let dy = 0; dy < scale; dy += 1)
            for (let dx = 0; dx < scale; dx += 1) {
              const offset = (((row + 4) * scale + dy) * size + (column + 4) * scale + dx) * 4;
              data.fill(0, offset, offset + 3);
            }
      }
      return { data, size };
    }

    it('carries a QR code that a QR reader decodes to the PIX code, a valid BR Code for the same amount', async () => {
      const { content } = await pageContent(await boletoPdf({ ...input, pix }));
      const { data, size } = qrBitmap(content);
      const decoded = jsQR(data, size, size)?.data ?? '';
      expect(decoded).toBe(pix);
      const parsed = parsePix(decoded);
      if (hasError(parsed) || !isStaticPix(parsed)) throw new Error('pix-utils refused the QR code');
      expect(Math.round((parsed.transactionAmount ?? 0) * 100)).toBe(input.amountCents);
      expect(decoded.slice(-4)).toBe(
        crc16ccitt(decoded.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0'),
      );
    });

    it('prints the copia-e-cola text whole under the QR, beside a linha digitável still valid', async () => {
      const texts = shownTexts((await pageContent(await boletoPdf({ ...input, pix }))).content);
      const after = texts.slice(texts.indexOf('PIX Copia e Cola') + 1);
      expect(after.join('')).toBe(pix);
      expect(texts).toContain('Pague também com PIX');
      const line = texts.find((t) => /^\d{5}\.\d{5} /.test(t)) ?? '';
      expect(boletoBancarioLinhaDigitavel(line.replace(/\D/g, ''), true)).toBe(true);
    });

    it('breaks the printed code only between two characters that are not spaces', () => {
      const code = `${'A'.repeat(47)} B${'C'.repeat(50)} D`;
      const lines = pixLines(code, 48);
      expect(lines.join('')).toBe(code);
      for (const line of lines) {
        expect(line.length).toBeLessThanOrEqual(48);
        expect(line).toBe(line.trim());
      }
    });

    it('has no PIX block when the boleto has no PIX code', async () => {
      const { content } = await pageContent(await boletoPdf(input));
      expect(content).not.toContain(`/${PIX_QR_TAG} BMC`);
      expect(shownTexts(content)).not.toContain('PIX Copia e Cola');
    });
  });
});
