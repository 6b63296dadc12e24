import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  type PDFFont,
  PDFRawStream,
  StandardFonts,
} from 'pdf-lib';

// The standard fonts' WinAnsi encoding is Windows-1252: Latin-1 but for 0x80–0x9F (Node decodes those
// as Latin-1 control characters, so they are mapped here).
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const decodeWinAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_HIGH[b - 0x80] : String.fromCharCode(b))).join('');

/**
 * Test helper: the strings a PDF draws with Tj, page by page, decoded from pdf-lib's hex form. pdf-lib
 * can read no text back; this is what a reader of the document sees.
 */
export async function pdfTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().flatMap((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    return streams.flatMap((stream) => {
      if (!(stream instanceof PDFRawStream)) return [];
      const content = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      return [...content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map(([, hex]) =>
        decodeWinAnsi(Buffer.from(hex ?? '', 'hex')),
      );
    });
  });
}

/** A string a PDF draws, where and how wide: its left edge, its baseline, its font size and its width. */
interface TextRun {
  page: number;
  text: string;
  x: number;
  y: number;
  size: number;
  width: number;
}

// pdf-lib names a standard font's resource after it ('/Helvetica-Bold-1234'): its metrics by that name.
const STANDARD = Object.values(StandardFonts).sort((a, b) => b.length - a.length);

/**
 * Test helper: every string a PDF drawn by pdf-lib draws (`x y Tm`, `/Font size Tf`, `<hex> Tj`), with its
 * width by the standard font's own metrics: what a reader sees, and where.
 */
export async function pdfTextRuns(bytes: Uint8Array): Promise<TextRun[]> {
  const doc = await PDFDocument.load(bytes);
  const scratch = await PDFDocument.create();
  const fonts = new Map<string, PDFFont>();
  const fontOf = async (resource: string) => {
    const name = STANDARD.find((f) => resource.startsWith(`${f}-`));
    if (!name) throw new Error(`not a standard font: ${resource}`);
    if (!fonts.has(name)) fonts.set(name, await scratch.embedFont(name));
    return fonts.get(name) as PDFFont;
  };
  const runs: TextRun[] = [];
  for (const [page, pdfPage] of doc.getPages().entries()) {
    const contents = pdfPage.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const content = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      let font = '';
      let size = 0;
      let x = 0;
      let y = 0;
      const ops = /\/(\S+) ([\d.]+) Tf|1 0 0 1 ([\d.-]+) ([\d.-]+) Tm|<([0-9A-Fa-f]*)> Tj/g;
      for (const m of content.matchAll(ops)) {
        if (m[1] !== undefined) [font, size] = [m[1], Number(m[2])];
        else if (m[3] !== undefined) [x, y] = [Number(m[3]), Number(m[4])];
        else {
          const text = decodeWinAnsi(Buffer.from(m[5] ?? '', 'hex'));
          runs.push({ page, text, x, y, size, width: (await fontOf(font)).widthOfTextAtSize(text, size) });
        }
      }
    }
  }
  return runs;
}

/** The runs on one baseline that run into each other, as 'left | right' pairs: none in a readable page. */
export function overlappingRuns(runs: readonly TextRun[], gap = 0): string[] {
  const lines = new Map<string, TextRun[]>();
  for (const run of runs) {
    const key = `${run.page}:${run.y.toFixed(1)}`;
    lines.set(key, [...(lines.get(key) ?? []), run]);
  }
  const found: string[] = [];
  for (const line of lines.values()) {
    const sorted = line.toSorted((a, b) => a.x - b.x);
    for (let i = 1; i < sorted.length; i += 1) {
      const [left, right] = [sorted[i - 1] as TextRun, sorted[i] as TextRun];
      if (left.x + left.width + gap > right.x + 0.01) found.push(`${left.text} | ${right.text}`);
    }
  }
  return found;
}
