import { boletoAt, CONTRACT, OTHER } from '@portal/test-kit/agreement-fakes';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import type { AgreementLetter } from '../core/records';
import { boletoViews, keptBoletoFile, keptLetter, letterFile } from './boleto-files';

const PIX_CODE = `00020126580014br.gov.bcb.pix0136${'a'.repeat(120)}5204000053039865405541.91`;
const QR = 'data:image/png;base64,iVBORw0KGgo=';

const refOf = (pdfUrl: string) => /^\/api\/boletos\/([A-Za-z0-9_-]+)\.pdf$/.exec(pdfUrl)?.[1] ?? '';

const letter = (contrato: string): AgreementLetter => ({
  codigoAcordo: 'NN-1',
  credor: 'Lojas Horizonte',
  contrato,
  formaPagamento: 'boleto',
  emitidaEm: '2026-01-10',
  pagamentos: [],
  descontoCents: null,
  totalCents: 10_000,
  negociadas: [],
  codigos: [],
});

describe('boletoViews', () => {
  it('lists each upstream PDF in the session under a random ref, served from our own origin', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    const views = await boletoViews(ports, maria, 'boleto', CONTRACT, [
      boletoAt('first'),
      boletoAt('second'),
    ]);
    expect(views.map((v) => v.arquivo)).toEqual([`${CONTRACT}_1.pdf`, `${CONTRACT}_2.pdf`]);
    const files = await ports.sessions.read(maria, 'boletos');
    expect(files?.[refOf(views[0]?.pdfUrl ?? '')]).toEqual({
      path: `/boletos/${'first'.padEnd(16, '0')}.pdf`,
      arquivo: `${CONTRACT}_1.pdf`,
    });
    expect(files?.[refOf(views[1]?.pdfUrl ?? '')]?.arquivo).toBe(`${CONTRACT}_2.pdf`);
    expect(views[0]).toMatchObject({
      linhaDigitavel: '23790.00009 first',
      qrCode: null,
      linkPagamento: null,
    });
  });

  it('gives no PDF for an address that is not one of the upstream boleto files', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    const [view] = await boletoViews(ports, maria, 'boleto', CONTRACT, [
      boletoAt('x', { url: 'https://elsewhere.example/boleto.exe' }),
    ]);
    expect(view?.pdfUrl).toBe('');
    expect(await ports.sessions.read(maria, 'boletos')).toEqual({});
  });

  it("shows a hybrid boleto's PIX code only with its QR image, and a card's page only over http(s)", async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    const [hybrid, noImage, notPix] = await boletoViews(ports, maria, 'boleto', CONTRACT, [
      boletoAt('a', { qrCode: QR, pixCopiaECola: PIX_CODE }),
      boletoAt('b', { qrCode: 'javascript:alert(1)', pixCopiaECola: PIX_CODE }),
      boletoAt('c', { qrCode: QR, pixCopiaECola: 'nothing to pay with' }),
    ]);
    expect(hybrid).toMatchObject({ qrCode: QR, pixCopiaECola: PIX_CODE });
    expect(noImage).toMatchObject({ qrCode: null, pixCopiaECola: null });
    expect(notPix).toMatchObject({ qrCode: QR, pixCopiaECola: null });
    const [card, script] = await boletoViews(ports, maria, 'cartao', CONTRACT, [
      boletoAt('d', { linhaDigitavel: 'https://pagamento.example/pay/1' }),
      boletoAt('e', { linhaDigitavel: 'javascript:alert(1)' }),
    ]);
    expect(card?.linkPagamento).toBe('https://pagamento.example/pay/1');
    expect(script?.linkPagamento).toBeNull();
  });

  it('keeps the last 100 files only', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    const first = await boletoViews(ports, maria, 'boleto', CONTRACT, [boletoAt('oldest')]);
    const many = Array.from({ length: 100 }, (_, i) => boletoAt(`b${i}`));
    await boletoViews(ports, maria, 'boleto', CONTRACT, many);
    const files = (await ports.sessions.read(maria, 'boletos')) ?? {};
    expect(Object.keys(files)).toHaveLength(100);
    expect(files[refOf(first[0]?.pdfUrl ?? '')]).toBeUndefined();
  });
});

describe('keptBoletoFile', () => {
  it('finds a file by its ref in the session that listed it, and in no other', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    const other = await signedIn(ports, OTHER);
    const [view] = await boletoViews(ports, maria, 'boleto', CONTRACT, [boletoAt('mine')]);
    const ref = refOf(view?.pdfUrl ?? '');
    expect(await keptBoletoFile(ports, maria, ref)).toEqual({
      path: `/boletos/${'mine'.padEnd(16, '0')}.pdf`,
      arquivo: `${CONTRACT}_1.pdf`,
    });
    expect(await keptBoletoFile(ports, other, ref)).toBeUndefined();
    expect(await keptBoletoFile(ports, maria, 'A'.repeat(24))).toBeUndefined();
  });
});

describe('letterFile and keptLetter', () => {
  it('keep what the letter says under a random ref of this session, named after the contract', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    const other = await signedIn(ports, OTHER);
    const carta = await letterFile(ports, maria, letter(CONTRACT));
    expect(carta.arquivo).toBe(`${CONTRACT}_carta-acordo.pdf`);
    const ref = /^\/api\/cartas\/([A-Za-z0-9_-]{24})\.pdf$/.exec(carta.pdfUrl)?.[1] ?? '';
    expect(await keptLetter(ports, maria, ref)).toEqual(letter(CONTRACT));
    expect(await keptLetter(ports, other, ref)).toBeUndefined();
  });

  it('keep the last 20 letters only', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    const first = await letterFile(ports, maria, letter('first'));
    for (let i = 0; i < 20; i++) await letterFile(ports, maria, letter(`c${i}`));
    const letters = (await ports.sessions.read(maria, 'cartas')) ?? {};
    expect(Object.keys(letters)).toHaveLength(20);
    expect(Object.values(letters).map((l) => l.contrato)).not.toContain('first');
    expect(first.arquivo).toBe('first_carta-acordo.pdf');
  });
});
