import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

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
