/**
 * One A4 page as banks print a boleto: the recibo do pagador on top, a cut line, then the ficha de
 * compensação with the linha digitável and the ITF barcode that cashiers and apps scan.
 */
import { dueDateFactor } from '@portal/validation/boleto';
import { formatBrDate, todayInBrazil } from '@portal/validation/dates';
import { formatDocument } from '@portal/validation/document';
import { formatMoney } from '@portal/validation/money';
import {
  beginMarkedContent,
  endMarkedContent,
  fill,
  PageSizes,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  StandardFonts,
  setFillingGrayscaleColor,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { barcodeFromLinha, formatLinhaDigitavel } from './febraban';
import { itfBars } from './itf';

export interface BoletoPdfInput {
  beneficiario: { nome: string; documento: string; agenciaCodigo: string };
  pagador: { nome: string; documento: string };
  /** 47 digits, bare or printed */
  linhaDigitavel: string;
  /** 44 digits; must be the one behind linhaDigitavel */
  barcode: string;
  /** ISO date; must match the barcode's due factor */
  dueDate: string;
  /** must match the barcode's amount */
  amountCents: number;
  nossoNumero: string;
  contrato: string;
  parcela: number;
  instrucoes?: readonly string[];
  /** ISO date printed as data do documento and data de processamento; today in Brasília by default */
  issuedOn?: string;
  /** printed beside the bank code */
  bankName?: string;
  /**
   * A hybrid boleto (since February 2025): a PIX copia-e-cola for the same charge, printed under the ficha as
   * a QR code with its text below it.
   */
  pix?: string;
}

/** Marked-content tag around the barcode bars, so tests (and anyone) can find them in the page content. */
export const BARCODE_TAG = 'Barcode';
/** Marked-content tag around the PIX QR code's dark modules. */
export const PIX_QR_TAG = 'PixQr';

const MM = 72 / 25.4;
// The PIX QR: 1 mm modules; a 4-module quiet zone is left around it.
const QR_MODULE = 1 * MM;
const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const LEFT = 12 * MM;
const WIDTH = PAGE_WIDTH - 2 * LEFT;
const RIGHT_COLUMN = 46 * MM;
const ROW = 22;
const LABEL_SIZE = 6;
const VALUE_SIZE = 9;
// FEBRABAN barcode: narrow bar 0.254 mm (405 narrow units ≈ 103 mm for 44 digits), 13 mm tall.
const NARROW = 0.254 * MM;
const BAR_HEIGHT = 13 * MM;
const LINE = rgb(0, 0, 0);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface Cell {
  x: number;
  /** distance from the top of the page */
  top: number;
  width: number;
  height?: number;
  label: string;
  value?: string;
  align?: 'left' | 'right';
  bold?: boolean;
  size?: number;
}

const characterSets = new WeakMap<PDFFont, ReadonlySet<number>>();

/** Standard fonts only cover WinAnsi: anything else (emoji, CJK) would make pdf-lib throw. */
function printable(font: PDFFont, text: string): string {
  let supported = characterSets.get(font);
  if (!supported) {
    supported = new Set(font.getCharacterSet());
    characterSets.set(font, supported);
  }
  return [...text].map((char) => (supported?.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
}

function fitted(font: PDFFont, text: string, size: number, maxWidth: number): string {
  let result = printable(font, text);
  if (font.widthOfTextAtSize(result, size) <= maxWidth) return result;
  while (result.length > 0 && font.widthOfTextAtSize(`${result}…`, size) > maxWidth)
    result = result.slice(0, -1);
  return `${result}…`;
}

/** Bank code check digit as printed beside the code ('001-9'): mod 11, weights 2..9 from the right. */
function bankCodeDigit(bankCode: string): string {
  let sum = 0;
  for (let i = bankCode.length - 1, weight = 2; i >= 0; i -= 1, weight += 1) {
    sum += Number(bankCode[i]) * weight;
  }
  const digit = 11 - (sum % 11);
  return String(digit >= 10 ? 0 : digit);
}

function checkConsistency(input: BoletoPdfInput): void {
  if (barcodeFromLinha(input.linhaDigitavel) !== input.barcode) {
    throw new RangeError('the linha digitável and the barcode describe different boletos');
  }
  if (input.barcode.slice(9, 19) !== String(input.amountCents).padStart(10, '0')) {
    throw new RangeError('amountCents differs from the amount in the barcode');
  }
  if (input.barcode.slice(5, 9) !== String(dueDateFactor(input.dueDate)).padStart(4, '0')) {
    throw new RangeError('dueDate differs from the due factor in the barcode');
  }
}

export async function boletoPdf(input: BoletoPdfInput): Promise<Uint8Array> {
  checkConsistency(input);
  const doc = await PDFDocument.create();
  doc.setTitle(`Boleto ${input.contrato} parcela ${input.parcela}`);
  const page = doc.addPage(PageSizes.A4);
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };

  const text = (value: string, x: number, top: number, size: number, bold = false) =>
    page.drawText(printable(bold ? fonts.bold : fonts.regular, value), {
      x,
      y: PAGE_HEIGHT - top,
      size,
      font: bold ? fonts.bold : fonts.regular,
    });

  const cell = ({ x, top, width, height = ROW, label, value = '', align = 'left', bold, size }: Cell) => {
    page.drawRectangle({
      x,
      y: PAGE_HEIGHT - top - height,
      width,
      height,
      borderColor: LINE,
      borderWidth: 0.5,
    });
    text(label, x + 2, top + LABEL_SIZE + 1, LABEL_SIZE);
    const font = bold ? fonts.bold : fonts.regular;
    const valueSize = size ?? VALUE_SIZE;
    const shown = fitted(font, value, valueSize, width - 6);
    const valueX = align === 'right' ? x + width - 3 - font.widthOfTextAtSize(shown, valueSize) : x + 3;
    text(shown, valueX, top + height - 4, valueSize, bold);
  };

  const bankCode = input.barcode.slice(0, 3);
  const bankName = input.bankName ?? 'Banco Simulado';
  const line = formatLinhaDigitavel(input.linhaDigitavel.replace(/[.\s]/g, ''));
  const amount = formatMoney(input.amountCents);
  const dueDate = formatBrDate(input.dueDate);
  const issuedOn = formatBrDate(input.issuedOn ?? todayInBrazil());
  const documentNumber = `${input.contrato}/${input.parcela}`;
  const beneficiario = `${input.beneficiario.nome} - CNPJ ${formatDocument(input.beneficiario.documento)}`;
  const pagador = input.pagador.nome;
  const pagadorDocument = formatDocument(input.pagador.documento);
  const leftWidth = WIDTH - RIGHT_COLUMN;
  const rightX = LEFT + leftWidth;

  const header = (top: number, title: string, titleSize: number) => {
    const height = 24;
    text(fitted(fonts.bold, bankName, 11, 120), LEFT, top + 17, 11, true);
    const codeX = LEFT + 128;
    page.drawLine({
      start: { x: codeX, y: PAGE_HEIGHT - top },
      end: { x: codeX, y: PAGE_HEIGHT - top - height },
      thickness: 1.5,
    });
    text(`${bankCode}-${bankCodeDigit(bankCode)}`, codeX + 8, top + 18, 15, true);
    page.drawLine({
      start: { x: codeX + 60, y: PAGE_HEIGHT - top },
      end: { x: codeX + 60, y: PAGE_HEIGHT - top - height },
      thickness: 1.5,
    });
    const titleWidth = fonts.bold.widthOfTextAtSize(title, titleSize);
    text(title, LEFT + WIDTH - titleWidth, top + 17, titleSize, true);
    page.drawLine({
      start: { x: LEFT, y: PAGE_HEIGHT - top - height },
      end: { x: LEFT + WIDTH, y: PAGE_HEIGHT - top - height },
      thickness: 1.5,
    });
    return top + height;
  };

  // Recibo do pagador
  let top = header(12 * MM, 'Recibo do Pagador', 10);
  cell({ x: LEFT, top, width: leftWidth, label: 'Beneficiário', value: beneficiario });
  cell({
    x: rightX,
    top,
    width: RIGHT_COLUMN,
    label: 'Agência/Código do beneficiário',
    value: input.beneficiario.agenciaCodigo,
    align: 'right',
  });
  top += ROW;
  cell({ x: LEFT, top, width: leftWidth, label: 'Pagador', value: pagador });
  cell({
    x: rightX,
    top,
    width: RIGHT_COLUMN,
    label: 'CPF/CNPJ do pagador',
    value: pagadorDocument,
    align: 'right',
  });
  top += ROW;
  const quarter = leftWidth / 4;
  cell({ x: LEFT, top, width: quarter, label: 'Nosso número', value: input.nossoNumero });
  cell({ x: LEFT + quarter, top, width: quarter, label: 'Nº do documento', value: documentNumber });
  cell({ x: LEFT + 2 * quarter, top, width: quarter, label: 'Data do documento', value: issuedOn });
  cell({ x: LEFT + 3 * quarter, top, width: quarter, label: 'Vencimento', value: dueDate, bold: true });
  cell({
    x: rightX,
    top,
    width: RIGHT_COLUMN,
    label: '(=) Valor do documento',
    value: amount,
    align: 'right',
    bold: true,
  });
  top += ROW;
  cell({ x: LEFT, top, width: WIDTH, label: 'Linha digitável', value: line, bold: true, size: 11 });
  top += ROW;
  text(
    'Autenticação mecânica',
    LEFT + WIDTH - fonts.regular.widthOfTextAtSize('Autenticação mecânica', 7),
    top + 9,
    7,
  );

  // Cut line
  top += 28;
  page.drawLine({
    start: { x: LEFT, y: PAGE_HEIGHT - top },
    end: { x: LEFT + WIDTH, y: PAGE_HEIGHT - top },
    thickness: 0.5,
    dashArray: [3, 2],
  });
  text(
    'Corte na linha pontilhada',
    LEFT + WIDTH - fonts.regular.widthOfTextAtSize('Corte na linha pontilhada', 6),
    top - 3,
    6,
  );

  // Ficha de compensação
  top = header(top + 24, line, 11.5);
  cell({
    x: LEFT,
    top,
    width: leftWidth,
    label: 'Local de pagamento',
    value: 'Pagável em qualquer banco ou correspondente até o vencimento',
  });
  cell({
    x: rightX,
    top,
    width: RIGHT_COLUMN,
    label: 'Vencimento',
    value: dueDate,
    align: 'right',
    bold: true,
  });
  top += ROW;
  cell({ x: LEFT, top, width: leftWidth, label: 'Beneficiário', value: beneficiario });
  cell({
    x: rightX,
    top,
    width: RIGHT_COLUMN,
    label: 'Agência/Código do beneficiário',
    value: input.beneficiario.agenciaCodigo,
    align: 'right',
  });
  top += ROW;
  const fifths = [0.22, 0.26, 0.16, 0.12, 0.24].map((share) => share * leftWidth);
  const row = (cells: readonly { label: string; value: string }[]) => {
    let x = LEFT;
    for (const [index, { label, value }] of cells.entries()) {
      const width = fifths[index] ?? 0;
      cell({ x, top, width, label, value });
      x += width;
    }
  };
  row([
    { label: 'Data do documento', value: issuedOn },
    { label: 'Nº do documento', value: documentNumber },
    { label: 'Espécie doc.', value: 'DM' },
    { label: 'Aceite', value: 'N' },
    { label: 'Data processamento', value: issuedOn },
  ]);
  cell({
    x: rightX,
    top,
    width: RIGHT_COLUMN,
    label: 'Nosso número',
    value: input.nossoNumero,
    align: 'right',
  });
  top += ROW;
  row([
    { label: 'Uso do banco', value: '' },
    // The free field ends with the carteira in the simulator's layout.
    { label: 'Carteira', value: input.barcode.slice(42, 44) },
    { label: 'Espécie', value: 'R$' },
    { label: 'Quantidade', value: '' },
    { label: 'Valor', value: '' },
  ]);
  cell({
    x: rightX,
    top,
    width: RIGHT_COLUMN,
    label: '(=) Valor do documento',
    value: amount,
    align: 'right',
    bold: true,
  });
  top += ROW;
  const adjustments = [
    '(-) Desconto / Abatimento',
    '(-) Outras deduções',
    '(+) Mora / Multa',
    '(+) Outros acréscimos',
    '(=) Valor cobrado',
  ];
  for (const [index, label] of adjustments.entries()) {
    cell({ x: rightX, top: top + index * ROW, width: RIGHT_COLUMN, label });
  }
  const instructionsHeight = adjustments.length * ROW;
  cell({
    x: LEFT,
    top,
    width: leftWidth,
    height: instructionsHeight,
    label: 'Instruções (texto de responsabilidade do beneficiário)',
  });
  const instructions = input.instrucoes ?? [
    'Não receber após o vencimento.',
    `Parcela ${input.parcela} do acordo do contrato ${input.contrato}.`,
  ];
  for (const [index, instruction] of instructions.slice(0, 8).entries()) {
    text(fitted(fonts.regular, instruction, 8, leftWidth - 8), LEFT + 4, top + 18 + index * 11, 8);
  }
  top += instructionsHeight;
  cell({
    x: LEFT,
    top,
    width: WIDTH,
    height: 34,
    label: 'Pagador',
    value: `${pagador} - CPF/CNPJ ${pagadorDocument}`,
  });
  top += 34;
  const authentication = 'Autenticação mecânica - Ficha de Compensação';
  text(authentication, LEFT + WIDTH - fonts.bold.widthOfTextAtSize(authentication, 7), top + 9, 7, true);

  drawBarcode(page, input.barcode, LEFT, PAGE_HEIGHT - top - 14 - BAR_HEIGHT);
  if (input.pix) {
    top += 14 + BAR_HEIGHT + 24;
    text('Pague também com PIX', LEFT, top, 10, true);
    text('Aponte a câmera do app do seu banco para o QR code ou use o PIX Copia e Cola.', LEFT, top + 12, 8);
    const size = drawQr(page, input.pix, LEFT + 4 * QR_MODULE, PAGE_HEIGHT - top - 20 - 4 * QR_MODULE);
    const textX = LEFT + size + 12 * QR_MODULE;
    text('PIX Copia e Cola', textX, top + 28, LABEL_SIZE + 1, true);
    // The whole code, in lines that fit: a reader copies it from the text layer in one piece.
    for (const [row, part] of pixLines(input.pix, 48).entries()) text(part, textX, top + 40 + row * 10, 8);
  }
  return doc.save();
}

/**
 * A long code in lines of at most `width` characters, never broken beside a space: text readers drop the
 * spaces that start or end a line, and the code (a receiver's name has spaces) would no longer add up.
 */
export function pixLines(code: string, width: number): string[] {
  const lines: string[] = [];
  let at = 0;
  while (at < code.length) {
    let end = Math.min(at + width, code.length);
    while (end < code.length && end > at + 1 && (code[end - 1] === ' ' || code[end] === ' ')) end -= 1;
    lines.push(code.slice(at, end));
    at = end;
  }
  return lines;
}

/** The QR code's dark modules as filled squares, runs of a row merged; returns its side in points. */
function drawQr(page: PDFPage, payload: string, x: number, top: number): number {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const squares = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; ) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      squares.push(
        rectangle(
          x + start * QR_MODULE,
          top - (row + 1) * QR_MODULE,
          (column - start) * QR_MODULE,
          QR_MODULE,
        ),
      );
    }
  }
  page.pushOperators(
    pushGraphicsState(),
    beginMarkedContent(PIX_QR_TAG),
    setFillingGrayscaleColor(0),
    ...squares,
    fill(),
    endMarkedContent(),
    popGraphicsState(),
  );
  return modules.size * QR_MODULE;
}

function drawBarcode(page: PDFPage, barcode: string, x: number, y: number): void {
  page.pushOperators(
    pushGraphicsState(),
    beginMarkedContent(BARCODE_TAG),
    setFillingGrayscaleColor(0),
    ...itfBars(barcode).map((bar) => rectangle(x + bar.x * NARROW, y, bar.width * NARROW, BAR_HEIGHT)),
    fill(),
    endMarkedContent(),
    popGraphicsState(),
  );
}
