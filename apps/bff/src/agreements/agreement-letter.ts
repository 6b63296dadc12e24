/**
 * The agreement letter: what an agreement paid by card or PIX offers to download instead of boletos (and
 * any agreement may). One A4 document, built here from what the session knows of the concluded agreement:
 * the creditor, the contract, the agreement's id, its payments with their amounts and dates, the debt
 * instalments it settles and how to pay what is due now.
 */
import type { AgreementQueryResult, PaymentMethod } from '@portal/contracts/upstream/entities';
import { formatBrDate } from '@portal/validation/dates';
import { formatMoney, parseMoney, sumCents } from '@portal/validation/money';
import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { AgreementLetter, BoletoView, LetterPayment, Summary } from '../core/records';
import { isoOf } from '../negotiation/views';

const LETTER_METHOD_LABEL: Record<PaymentMethod, string> = {
  boleto: 'Boleto',
  cartao: 'Cartão de crédito',
  pix: 'PIX',
};

const STATUS_LABEL = { 'EM ABERTO': 'Em aberto', PAGO: 'Pago', FUTURA: 'A vencer' } as const;

/** The file name the browser saves the letter under. */
export const letterFileName = (contrato: string) => `${contrato}_carta-acordo.pdf`;

/** The codes of the payment shown now, as the concluded page shows them. */
function paymentCodes(method: PaymentMethod, boletos: readonly BoletoView[]): AgreementLetter['codigos'] {
  const several = boletos.length > 1;
  return boletos.flatMap((b, index) => {
    const which = several ? ` ${index + 1}` : '';
    if (method === 'cartao') {
      return b.linkPagamento ? [{ rotulo: `Link de pagamento${which}`, valor: b.linkPagamento }] : [];
    }
    if (!b.linhaDigitavel) return [];
    return [
      {
        rotulo: `${method === 'pix' ? 'PIX Copia e Cola' : 'Linha digitável'}${which}`,
        valor: b.linhaDigitavel,
      },
      // a hybrid boleto can also be paid by PIX
      ...(b.pixCopiaECola ? [{ rotulo: `PIX Copia e Cola${which}`, valor: b.pixCopiaECola }] : []),
    ];
  });
}

/** The letter of an agreement made now from the session's summary. */
export function letterOfSummary(
  summary: Summary,
  codigoAcordo: string,
  boletos: readonly BoletoView[],
  today: string,
): AgreementLetter {
  const d = summary.detalhes;
  const negociadas = summary.contratos.flatMap((c) =>
    c.parcelas.map((p) => ({
      contrato: p.contrato,
      numero: p.numero,
      vencimento: p.vencimento,
      valorCents: p.valorCents,
    })),
  );
  let pagamentos: LetterPayment[];
  if (d.entradaCents !== null) {
    const rest = d.demaisParcelas;
    pagamentos = [
      { descricao: 'Entrada', vencimento: d.vencimento, valorCents: d.entradaCents, situacao: null },
      ...Array.from({ length: rest?.quantidade ?? 0 }, (_, k) => ({
        descricao: `Parcela ${k + 2}`,
        vencimento: null,
        valorCents: rest?.valorCents ?? 0,
        situacao: null,
      })),
    ];
  } else {
    pagamentos = [
      {
        descricao:
          summary.modo === '2'
            ? `Pagamento de ${negociadas.length} ${negociadas.length === 1 ? 'parcela' : 'parcelas'}`
            : 'Pagamento à vista',
        vencimento: d.vencimento,
        valorCents: d.totalCents,
        situacao: null,
      },
    ];
  }
  return {
    codigoAcordo,
    credor: summary.credor.nome,
    contrato: summary.contrato,
    formaPagamento: summary.formaPagamento,
    emitidaEm: today,
    pagamentos,
    descontoCents: d.descontoCents,
    totalCents: d.totalCents,
    negociadas,
    codigos: paymentCodes(summary.formaPagamento, boletos),
  };
}

/** The letter of an agreement in progress (`consultaAcordo`), after one of its boletos was issued again. */
export function letterOfAgreement(
  agreement: AgreementQueryResult,
  credor: string,
  contrato: string,
  boletos: readonly BoletoView[],
  today: string,
): AgreementLetter {
  const pagamentos = agreement.parcelasAcordo.map((p) => ({
    descricao: `Parcela ${p.numero}`,
    vencimento: isoOf(p.dataVencimento),
    valorCents: parseMoney(p.valorPago),
    situacao: p.status,
  }));
  return {
    codigoAcordo: agreement.codigoAcordo,
    credor,
    contrato,
    formaPagamento: agreement.formaPagamento,
    emitidaEm: today,
    pagamentos,
    descontoCents: null,
    totalCents: sumCents(pagamentos.map((p) => p.valorCents)),
    negociadas: [],
    codigos: paymentCodes(agreement.formaPagamento, boletos),
  };
}

// ---------- The PDF ----------

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 48;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const INK = rgb(0.1, 0.12, 0.16);
export const MUTED = rgb(0.35, 0.38, 0.44);
const RULE = rgb(0.8, 0.82, 0.86);
const BRAND = rgb(0.05, 0.25, 0.55);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

interface TextStyle {
  font?: keyof Fonts;
  size?: number;
  color?: ReturnType<typeof rgb>;
}

/** Writes top to bottom, one page after another. */
class LetterWriter {
  private page: PDFPage;
  private y = PAGE_HEIGHT - MARGIN;
  private readonly characters = new Map<PDFFont, Set<number>>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.page = doc.addPage(PageSizes.A4);
  }

  /** A character the standard fonts cannot draw (outside WinAnsi) is written as '?'. */
  private drawable(font: PDFFont, text: string): string {
    let set = this.characters.get(font);
    if (!set) {
      set = new Set(font.getCharacterSet());
      this.characters.set(font, set);
    }
    const known = set;
    return [...text].map((c) => (known.has(c.codePointAt(0) ?? 0) ? c : '?')).join('');
  }

  private newPage() {
    this.page = this.doc.addPage(PageSizes.A4);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Room for `height` more points on this page, or a new page. */
  private room(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  gap(points: number) {
    this.y -= points;
  }

  /**
   * Lines of at most `width` points: split at spaces; a no-break space (R$\u00a0300,00) keeps its words
   * together unless they fit no line so, and a word longer than a line (a code) is cut where it must.
   */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const font = this.fonts[style.font ?? 'regular'];
    const size = style.size ?? 10;
    const fits = (s: string) => font.widthOfTextAtSize(this.drawable(font, s), size) <= width;
    const lines: string[] = [];
    let current = '';
    const words = text
      .split(/[ \t\n]+/)
      .filter(Boolean)
      .flatMap((word) => (fits(word) ? [word] : word.split('\u00a0')));
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (fits(candidate)) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      current = '';
      let rest = word;
      while (!fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      current = rest;
    }
    if (current) lines.push(current);
    return lines;
  }

  /** One line of text at `x` (from the left margin), then down one line. */
  line(text: string, style: TextStyle = {}, x = 0) {
    const size = style.size ?? 10;
    const font = this.fonts[style.font ?? 'regular'];
    this.room(size * 1.5);
    this.y -= size * 1.2;
    this.page.drawText(this.drawable(font, text), {
      x: MARGIN + x,
      y: this.y,
      size,
      font,
      color: style.color ?? INK,
    });
    this.y -= size * 0.3;
  }

  paragraph(text: string, style: TextStyle = {}) {
    for (const l of this.wrap(text, CONTENT_WIDTH, style)) this.line(l, style);
  }

  /** 'Label: value' with the label in bold. */
  field(label: string, value: string) {
    const size = 10.5;
    this.room(size * 1.6);
    this.y -= size * 1.2;
    const prefix = `${label}: `;
    this.page.drawText(this.drawable(this.fonts.bold, prefix), {
      x: MARGIN,
      y: this.y,
      size,
      font: this.fonts.bold,
      color: INK,
    });
    const offset = this.fonts.bold.widthOfTextAtSize(this.drawable(this.fonts.bold, prefix), size);
    this.page.drawText(this.drawable(this.fonts.regular, value), {
      x: MARGIN + offset,
      y: this.y,
      size,
      font: this.fonts.regular,
      color: INK,
    });
    this.y -= size * 0.4;
  }

  heading(text: string) {
    this.room(48);
    this.gap(14);
    this.line(text, { font: 'bold', size: 13, color: BRAND });
    this.rule();
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 0.7,
      color: RULE,
    });
    this.gap(4);
  }

  /**
   * A table whose columns start at the given offsets; the header repeats on a new page. A cell wider than its
   * column wraps onto more lines (wrap), the row as tall as its tallest cell: no text runs into the next column.
   */
  table(columns: { title: string; x: number; align?: 'right'; width: number }[], rows: string[][]) {
    const size = 9.5;
    const lineHeight = size * 1.25;
    const lines = (texts: string[], bold: boolean) =>
      columns.map((column, index) =>
        this.wrap(texts[index] ?? '', column.width, { size, font: bold ? 'bold' : 'regular' }),
      );
    const draw = (cells: string[][], font: PDFFont, color: ReturnType<typeof rgb>) => {
      const height = Math.max(1, ...cells.map((c) => c.length));
      for (let k = 0; k < height; k += 1) {
        this.y -= k === 0 ? size * 1.3 : lineHeight;
        columns.forEach((column, index) => {
          const text = cells[index]?.[k];
          if (text) this.cell(column, text, font, size, color);
        });
      }
      return height;
    };
    const header = () => {
      const titles = lines(
        columns.map((c) => c.title),
        true,
      );
      this.room(size * 2 + lineHeight * Math.max(...titles.map((t) => t.length)));
      draw(titles, this.fonts.bold, MUTED);
      this.y -= size * 0.5;
    };
    header();
    for (const row of rows) {
      const cells = lines(row, false);
      if (this.y - size * 1.6 - lineHeight * (Math.max(1, ...cells.map((c) => c.length)) - 1) < MARGIN) {
        this.newPage();
        header();
      }
      draw(cells, this.fonts.regular, INK);
      this.y -= size * 0.15;
    }
    this.y -= size * 0.5;
  }

  private cell(
    column: { x: number; align?: 'right'; width: number },
    text: string,
    font: PDFFont,
    size: number,
    color: ReturnType<typeof rgb>,
  ) {
    const value = this.drawable(font, text);
    const width = font.widthOfTextAtSize(value, size);
    const x = column.align === 'right' ? column.x + column.width - width : column.x;
    this.page.drawText(value, { x: MARGIN + x, y: this.y, size, font, color });
  }
}

const dateOrNote = (iso: string | null) => (iso ? formatBrDate(iso) : 'No boleto da parcela');

/** The letter as an A4 PDF (its text in plain content streams, Helvetica and Courier). */
/**
 * A new A4 document of the portal: its metadata, its fonts and its letterhead with `title`. With `issuedAt`
 * its creation and modification dates are that instant, not the moment it is drawn, so the same content
 * gives the same bytes.
 */
export async function portalDocument(title: string, heading: string, issuedAt?: Date) {
  const doc = await PDFDocument.create();
  if (issuedAt) {
    doc.setCreationDate(issuedAt);
    doc.setModificationDate(issuedAt);
  }
  doc.setTitle(title);
  doc.setLanguage('pt-BR');
  doc.setCreator('Negocia Varejo');
  doc.setProducer('Negocia Varejo');
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  const w = new LetterWriter(doc, fonts);
  w.line('Negocia Varejo', { font: 'bold', size: 11, color: BRAND });
  w.line('Portal de negociação de dívidas', { size: 9, color: MUTED });
  w.gap(10);
  w.line(heading, { font: 'bold', size: 20 });
  w.gap(6);
  return { doc, w };
}

export async function agreementLetterPdf(letter: AgreementLetter): Promise<Uint8Array> {
  const { doc, w } = await portalDocument(`Carta do acordo ${letter.codigoAcordo}`, 'Carta de acordo');
  w.field('Número do acordo', letter.codigoAcordo);
  w.field('Credor', letter.credor);
  w.field('Contrato', letter.contrato);
  w.field('Forma de pagamento', LETTER_METHOD_LABEL[letter.formaPagamento]);
  w.field('Emitida em', formatBrDate(letter.emitidaEm));

  w.heading('Pagamentos do acordo');
  const withStatus = letter.pagamentos.some((p) => p.situacao !== null);
  w.table(
    [
      { title: 'Descrição', x: 0, width: 170 },
      { title: 'Vencimento', x: 180, width: 120 },
      { title: 'Valor', x: 300, width: 100, align: 'right' },
      ...(withStatus ? [{ title: 'Situação', x: 420, width: 80 }] : []),
    ],
    letter.pagamentos.map((p) => [
      p.descricao,
      dateOrNote(p.vencimento),
      formatMoney(p.valorCents),
      ...(withStatus ? [p.situacao ? STATUS_LABEL[p.situacao] : ''] : []),
    ]),
  );
  if (letter.descontoCents !== null && letter.descontoCents > 0) {
    w.field('Desconto', formatMoney(letter.descontoCents));
  }
  w.field('Total do acordo', formatMoney(letter.totalCents));
  if (letter.pagamentos.some((p) => p.vencimento === null)) {
    w.gap(4);
    w.paragraph(
      'As demais parcelas vencem na data do boleto de cada uma, gerado em Acordos em andamento no portal.',
      { size: 9, color: MUTED },
    );
  }

  if (letter.negociadas.length > 0) {
    w.heading('Parcelas negociadas');
    w.table(
      [
        { title: 'Contrato', x: 0, width: 150 },
        { title: 'Parcela', x: 160, width: 60 },
        { title: 'Vencimento original', x: 230, width: 120 },
        { title: 'Valor original', x: 360, width: 100, align: 'right' },
      ],
      letter.negociadas.map((d) => [
        d.contrato,
        d.numero === null ? '—' : String(d.numero),
        formatBrDate(d.vencimento),
        formatMoney(d.valorCents),
      ]),
    );
  }

  if (letter.codigos.length > 0) {
    w.heading('Como pagar');
    for (const code of letter.codigos) {
      w.line(code.rotulo, { font: 'bold', size: 10 });
      for (const part of w.wrap(code.valor, CONTENT_WIDTH, { font: 'mono', size: 9 })) {
        w.line(part, { font: 'mono', size: 9 });
      }
      w.gap(6);
    }
  }

  w.gap(16);
  w.paragraph(
    'Este documento resume as condições do acordo feito no portal Negocia Varejo. Guarde-o até a quitação. ' +
      'Pague somente pelos códigos acima ou pelos canais oficiais do credor.',
    { size: 9, color: MUTED },
  );

  // Object streams off: the document stays readable by simple tools (and tests) that search its text.
  return doc.save({ useObjectStreams: false });
}
