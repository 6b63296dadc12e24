// The text layer of an untrusted PDF, read in a process of its own (pdf-reader.ts forks it with a heap
// limit, watches its RSS and kills it at its deadline). Plain JavaScript on purpose: it starts with no
// TypeScript loader, so this file runs the same under vitest, tsx and a compiled build.
import { createInflate } from 'node:zlib';

/** @type {{ maxDecodedBytes: number, maxContentBytes: number, maxStreams: number, maxOperators: number, maxTextOperators: number, maxPages: number, maxTextChars: number }} */
const LIMITS = JSON.parse(process.argv[2] ?? '{}');

// Byte classes of PDF syntax: white space, and the delimiters that end a token.
const WHITE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITE[c] = 1;
const REGULAR = new Uint8Array(256).fill(1);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20, ...Buffer.from('()<>[]{}/%', 'latin1')]) REGULAR[c] = 0;

/** The end of an inline image's data (`EI` between white space), from just after its `ID`. */
function afterInlineImage(data, from) {
  for (let i = from + 1; i + 1 < data.length; i += 1)
    if (
      data[i] === 0x45 &&
      data[i + 1] === 0x49 &&
      WHITE[data[i - 1]] &&
      (i + 2 >= data.length || WHITE[data[i + 2]])
    )
      return i + 2;
  return data.length;
}

/**
 * Counts the operators of a content stream into `counts` (every keyword that is not a number, `TJ`, `Tj`,
 * `'` and `"` also as text operators). A tokenizer, not a parser: strings, names, comments and inline
 * images are skipped, so what they hold never counts. False as soon as a cap is passed.
 */
function countOperators(data, counts) {
  const n = data.length;
  let i = 0;
  while (i < n) {
    const c = data[i];
    if (WHITE[c]) i += 1;
    else if (c === 0x25) while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i += 1;
    else if (c === 0x28) {
      let depth = 1;
      i += 1;
      while (i < n && depth > 0) {
        const s = data[i];
        if (s === 0x5c) i += 2;
        else {
          if (s === 0x28) depth += 1;
          else if (s === 0x29) depth -= 1;
          i += 1;
        }
      }
    } else if (c === 0x3c && data[i + 1] !== 0x3c) {
      while (i < n && data[i] !== 0x3e) i += 1;
      i += 1;
    } else if (c === 0x2f) {
      i += 1;
      while (i < n && REGULAR[data[i]]) i += 1;
    } else if (!REGULAR[c]) i += 1;
    else {
      const start = i;
      while (i < n && REGULAR[data[i]]) i += 1;
      const isNumber = (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;
      if (isNumber) continue;
      counts.operators += 1;
      const length = i - start;
      const second = data[start + 1];
      if (
        (length === 2 && c === 0x54 && (second === 0x6a || second === 0x4a)) ||
        (length === 1 && (c === 0x27 || c === 0x22))
      )
        counts.text += 1;
      else if (length === 2 && c === 0x49 && second === 0x44) i = afterInlineImage(data, i);
      if (counts.operators > LIMITS.maxOperators || counts.text > LIMITS.maxTextOperators) return false;
    }
  }
  return true;
}

/** A zlib header (what /FlateDecode data starts with): deflate, and its check bits right. */
const zlibHeader = (data) =>
  data.length >= 2 && (data[0] & 0x0f) === 8 && ((data[0] << 8) | data[1]) % 31 === 0;

/**
 * Inflates the zlib stream at the start of `data` (the file from a stream's first byte: zlib stops at the
 * stream's own end, whatever /Length or a decoy `endstream` say), up to `budget` bytes. What came out
 * before an error counts as well, as a PDF reader would use it. `over` when the budget was passed.
 */
function inflateUpTo(data, budget, keep) {
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 64 * 1024 });
    const chunks = [];
    let size = 0;
    let settled = false;
    const done = (over) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve({ size, over, data: keep ? Buffer.concat(chunks) : null });
    };
    inflate.on('data', (chunk) => {
      size += chunk.length;
      if (size > budget) return done(true);
      if (keep) chunks.push(chunk);
    });
    inflate.on('end', () => done(false));
    inflate.on('error', () => done(false));
    inflate.end(data);
  });
}

// Streams whose data is no content stream (images, font programs, object and xref streams, metadata):
// inflated and counted in bytes, but not read for operators.
const NOT_CONTENT =
  /\/Subtype\s*\/(Image|Type1C|CIDFontType0C|OpenType|XML)\b|\/Length[123]\b|\/Type\s*\/(XRef|ObjStm|Metadata|EmbeddedFile)\b/;

/**
 * Before PDF.js sees the file: every stream is found, inflated when it is /FlateDecode data (up to what is
 * left of the decoded-bytes caps: one for all, a smaller one for what may be content) and, when it may be a
 * content stream, its operators are counted. Null when
 * the file is within every cap, else the cap it passed. A stream this cannot decode (another filter, an
 * encrypted file) is left to the reader's own limits: its heap, its RSS cap and its deadline.
 */
async function passedCap(bytes) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  const counts = { operators: 0, text: 0 };
  let decoded = 0;
  let contentDecoded = 0;
  let streams = 0;
  for (const match of text.matchAll(/(?<!end)stream(?:\r\n|\r|\n)/g)) {
    streams += 1;
    if (streams > LIMITS.maxStreams) return 'streams';
    const start = match.index + match[0].length;
    // its dictionary: what comes after the last `obj` of the 4 KiB before it
    const before = text.slice(Math.max(match.index - 4096, 0), match.index);
    const at = before.lastIndexOf('obj');
    const dict = at < 0 ? before : before.slice(at + 3);
    const content = !NOT_CONTENT.test(dict);
    let data = null;
    if (zlibHeader(buffer.subarray(start, start + 2))) {
      const left = LIMITS.maxDecodedBytes - decoded;
      const contentLeft = LIMITS.maxContentBytes - contentDecoded;
      const inflated = await inflateUpTo(
        buffer.subarray(start),
        content ? Math.min(left, contentLeft) : left,
        content,
      );
      if (inflated.over) return content && contentLeft < left ? 'content' : 'decoded';
      decoded += inflated.size;
      if (content) contentDecoded += inflated.size;
      data = inflated.data;
    } else if (content) {
      const end = text.indexOf('endstream', start);
      data = buffer.subarray(start, end < 0 ? buffer.length : end);
    }
    if (data && !countOperators(data, counts)) return 'operators';
  }
  return null;
}

/** The text of at most maxPages pages, through PDF.js (unpdf's build), with nothing but text decoded. */
async function read(bytes) {
  const cap = await passedCap(bytes);
  if (cap) return { outcome: 'refused', cap };
  const { extractText, getDocumentProxy } = await import('unpdf');
  let pdf;
  try {
    // no image decoded, no code compiled from a font, PDF.js's warnings off stdout
    pdf = await getDocumentProxy(bytes, {
      stopAtErrors: true,
      maxImageSize: 0,
      isEvalSupported: false,
      verbosity: 0,
    });
  } catch (error) {
    return { outcome: error?.name === 'PasswordException' ? 'protected' : 'unreadable' };
  }
  try {
    if (pdf.numPages > LIMITS.maxPages) return { outcome: 'unreadable' };
    const { text } = await extractText(pdf, { mergePages: true });
    if (text.length > LIMITS.maxTextChars) return { outcome: 'refused', cap: 'text' };
    return { outcome: 'text', text };
  } catch {
    return { outcome: 'unreadable' };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

process.on('message', async ({ id, bytes }) => {
  process.send?.({ id, ...(await read(bytes)) });
});
// the BFF gone, nothing is left to read for
process.on('disconnect', () => process.exit(0));
