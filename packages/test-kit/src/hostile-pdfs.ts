import { createHash, randomBytes } from 'node:crypto';
import { constants, deflateRawSync, deflateSync } from 'node:zlib';

/**
 * Test helper: hostile PDFs, written byte by byte (pdf-lib would refuse to write most of them). Each is a
 * whole class of attack on a PDF reader, sized to stay under the route's 2 MB limit.
 */

type Part = string | Uint8Array;
const bytes = (part: Part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part));

/** A stream object's body: its dictionary (without /Length) and its data, /Length given directly. */
const stream = (dict: string, data: Part, length: number | string = bytes(data).length) =>
  Buffer.concat([bytes(`<< ${dict} /Length ${length} >>\nstream\n`), bytes(data), bytes('\nendstream')]);

/** The header and the numbered objects (from 1), with where each starts. */
function body(objects: Part[]) {
  const parts: Buffer[] = [bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    const part = Buffer.concat([bytes(`${i + 1} 0 obj\n`), bytes(object), bytes('\nendobj\n')]);
    offsets.push(offset);
    offset += part.length;
    parts.push(part);
  });
  return { bytes: Buffer.concat(parts), offsets };
}

const xrefRows = (offsets: number[]) =>
  ['0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');

/**
 * A PDF whose objects are numbered from 1 in the order given (1 the catalog), with a correct xref table,
 * unless the caller writes its own `tail` (xref and trailer, given where the xref starts) instead.
 */
function assemble(
  objects: Part[],
  { trailer = '', tail }: { trailer?: string; tail?: (start: number, offsets: number[]) => Part } = {},
) {
  const { bytes: head, offsets } = body(objects);
  const end =
    tail?.(head.length, offsets) ??
    `xref\n0 ${objects.length + 1}\n${xrefRows(offsets)}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer} >>\nstartxref\n${head.length}\n%%EOF\n`;
  return new Uint8Array(Buffer.concat([head, bytes(end)]));
}

/**
 * Catalog, pages, one page with Helvetica as /F1 (object 4) and the given contents (object 5), with more
 * resources, page entries and objects (from 6) if given.
 */
const onePage = (contents: Part, { resources = '', page = '', extra = [] as Part[] } = {}) => [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> ${resources} >> /Contents 5 0 R ${page} >>`,
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  contents,
  ...extra,
];

/** A harmless one-page file that prints 'Fatura'. */
const FATURA = () => onePage(stream('', 'BT /F1 12 Tf 72 720 Td (Fatura) Tj ET'));

const ADLER_BASE = 65_521;
const adler32 = (data: Uint8Array) => {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % ADLER_BASE;
    b = (b + a) % ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
};
/** zlib's adler32_combine: the checksum of A+B from theirs and B's length. */
const adler32Combine = (adlerA: number, adlerB: number, lengthB: number) => {
  const rem = lengthB % ADLER_BASE;
  let sum1 = adlerA & 0xffff;
  let sum2 = (rem * sum1) % ADLER_BASE;
  sum1 = (sum1 + (adlerB & 0xffff) + ADLER_BASE - 1) % ADLER_BASE;
  sum2 = (sum2 + (adlerA >>> 16) + (adlerB >>> 16) + ADLER_BASE - rem) % ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
};

/**
 * A valid zlib stream (what /FlateDecode reads) of `head`, then `chunk` `times` over, then `tail`, built
 * without inflating anything: each part is deflated alone and flushed, so the parts' bytes concatenate,
 * and the checksum is combined arithmetically. `size` is the compressed size wanted: 1 MiB of a short
 * repeated pattern deflates to 1 to 3 KiB.
 */
function deflateRepeated(chunk: Part, size: number, head: Part = '', tail: Part = ''): Buffer {
  const raw = (part: Part) => deflateRawSync(bytes(part), { finishFlush: constants.Z_FULL_FLUSH, level: 9 });
  const [headBytes, chunkBytes, tailBytes] = [bytes(head), bytes(chunk), bytes(tail)];
  const block = raw(chunkBytes);
  const times = Math.max(1, Math.floor(size / block.length));
  let sum = adler32(headBytes);
  const chunkSum = adler32(chunkBytes);
  for (let i = 0; i < times; i += 1) sum = adler32Combine(sum, chunkSum, chunkBytes.length);
  sum = adler32Combine(sum, adler32(tailBytes), tailBytes.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(sum);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    raw(headBytes),
    ...Array.from({ length: times }, () => block),
    raw(tailBytes),
    // the final, empty block
    Buffer.from([0x03, 0x00]),
    checksum,
  ]);
}

const MIB = 1024 * 1024;
// back to the line's start before each string: every string lands on the page (readers drop text off it)
const TEXT_OPERATORS = Buffer.from('0 0 Td (0123456789) Tj '.repeat(Math.floor(MIB / 23)), 'latin1');

const MB = 1_000_000;

/**
 * One page whose content stream, `size` bytes compressed, inflates to `(0123456789) Tj` over and over
 * (45,000 text operators a MiB, about 400 MiB a MB).
 */
export const textOperatorBomb = (size: number) =>
  assemble(
    onePage(
      stream('/Filter /FlateDecode', deflateRepeated(TEXT_OPERATORS, size, 'BT /F1 1 Tf 0 0 Td ', ' ET')),
    ),
  );

/** The class of files the report found: 1.5 MB, one page, about 43 million text operators (1 GB). */
const reportedBomb = () => textOperatorBomb(1.5 * MB);

/** One page of `count` path operators (`0 0 m`): work for a reader, no text. */
export const operatorFlood = (count: number) =>
  assemble(onePage(stream('/Filter /FlateDecode', deflateSync('0 0 m '.repeat(count)))));

/**
 * A form with one string drawn `times` times from the page: a small file whose every operator counts
 * once, but whose reader shows the string `times` times.
 */
export const formAmplification = (times = 500_000) =>
  assemble(
    onePage(stream('/Filter /FlateDecode', deflateSync('/Fm1 Do '.repeat(times))), {
      resources: '/XObject << /Fm1 6 0 R >>',
      extra: [
        stream(
          '/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >>',
          'BT /F1 12 Tf 72 720 Td (0123456789) Tj ET',
        ),
      ],
    }),
  );

/** A content stream of spaces: nothing to draw, only bytes to inflate (about 1.5 GiB from 1.5 MB). */
export const whitespaceBomb = () =>
  assemble(onePage(stream('/Filter /FlateDecode', deflateRepeated(Buffer.alloc(MIB, 0x20), 1.5 * MB))));

/** The bomb as an image a page uses (readers that skip images for text must not inflate it either). */
export const imageBomb = () =>
  assemble(
    onePage(stream('', 'q 595 0 0 842 0 0 cm /Im1 Do Q'), {
      resources: '/XObject << /Im1 6 0 R >>',
      extra: [
        stream(
          '/Type /XObject /Subtype /Image /Width 32768 /Height 32768 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode',
          deflateRepeated(Buffer.alloc(MIB), 1.5 * MB),
        ),
      ],
    }),
  );

/**
 * The bomb behind a decoy: its /Length is indirect, and an uncompressed block early in its data holds
 * `endstream`, so a reader that looks for the keyword instead of following /Length sees a short stream.
 */
function decoyEndstreamBomb() {
  const decoy = Buffer.from('\nendstream\nendobj\n', 'latin1');
  const stored = Buffer.alloc(5 + decoy.length);
  // a stored block: BFINAL 0, BTYPE 00, then LEN and its complement, little-endian
  stored.writeUInt8(0, 0);
  stored.writeUInt16LE(decoy.length, 1);
  stored.writeUInt16LE(~decoy.length & 0xffff, 3);
  decoy.copy(stored, 5);
  const bomb = deflateRepeated(TEXT_OPERATORS, 1.5 * MB, 'BT /F1 1 Tf 0 0 Td ', ' ET');
  // the zlib header, the decoy block, then the bomb's own blocks (checksum left wrong: readers stop at the cap)
  const data = Buffer.concat([bomb.subarray(0, 2), stored, bomb.subarray(2)]);
  return assemble(onePage(stream('/Filter /FlateDecode', data, '6 0 R'), { extra: [String(data.length)] }));
}

/** The bomb hex-encoded before /FlateDecode: a filter chain, 1.9 MB of hex for about 600 MB inflated. */
const filterChainBomb = () =>
  assemble(
    onePage(
      stream(
        '/Filter [/ASCIIHexDecode /FlateDecode]',
        `${deflateRepeated(TEXT_OPERATORS, 0.9 * MB, 'BT /F1 1 Tf 0 0 Td ', ' ET').toString('hex')}>`,
      ),
    ),
  );

/** Arrays `depth` deep in the page dictionary (PDF parsers recurse on them). */
const deepArrays = (depth = 900_000) =>
  assemble(
    onePage(stream('', 'BT /F1 12 Tf 72 720 Td (Fatura) Tj ET'), {
      page: `/Nest ${'['.repeat(depth)}${']'.repeat(depth)}`,
    }),
  );

/** Dictionaries `depth` deep in the catalog. */
function deepDictionaries(depth = 150_000) {
  const objects = FATURA();
  objects[0] = `<< /Type /Catalog /Pages 2 0 R /Nest ${'<< /A '.repeat(depth)}${'>> '.repeat(depth)}>>`;
  return assemble(objects);
}

/** A genuine one-page file whose xref table has `entries` entries (20 bytes each), the rest pointing at object 1. */
const hugeXrefTable = (entries = 90_000) =>
  assemble(FATURA(), {
    tail: (start, offsets) =>
      `xref\n0 ${entries}\n${xrefRows(offsets)}${`${String(offsets[0]).padStart(10, '0')} 00000 n \n`.repeat(entries - offsets.length - 1)}trailer\n<< /Size ${entries} /Root 1 0 R >>\nstartxref\n${start}\n%%EOF\n`,
  });

/** An xref table whose subsection claims 2^31 - 1 entries, and a trailer whose /Size says as much. */
const xrefClaimingBillions = () =>
  assemble(FATURA(), {
    tail: (start, offsets) =>
      `xref\n0 2147483647\n${xrefRows(offsets)}trailer\n<< /Size 2147483647 /Root 1 0 R >>\nstartxref\n${start}\n%%EOF\n`,
  });

/** An xref stream whose /Index claims 2^31 - 1 entries and whose field widths are huge. */
function xrefStreamClaimingBillions() {
  const objects = FATURA();
  return assemble(objects, {
    tail: (start) =>
      Buffer.concat([
        bytes(`${objects.length + 1} 0 obj\n`),
        stream(
          '/Type /XRef /Size 2147483647 /Index [0 2147483647] /W [1 2147483647 1] /Root 1 0 R /Filter /FlateDecode',
          deflateSync(Buffer.alloc(64)),
        ),
        bytes(`\nendobj\nstartxref\n${start}\n%%EOF\n`),
      ]),
  });
}

// The standard security handler, revision 2 (RC4, 40-bit keys): enough for a reader to decrypt.
const PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
const rc4 = (key: Buffer, data: Buffer) => {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + (s[i] ?? 0) + (key[i % key.length] ?? 0)) & 0xff;
    [s[i], s[j]] = [s[j] ?? 0, s[i] ?? 0];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n += 1) {
    i = (i + 1) & 0xff;
    j = (j + (s[i] ?? 0)) & 0xff;
    [s[i], s[j]] = [s[j] ?? 0, s[i] ?? 0];
    out[n] = (data[n] ?? 0) ^ (s[((s[i] ?? 0) + (s[j] ?? 0)) & 0xff] ?? 0);
  }
  return out;
};

/**
 * An encrypted file (RC4, revision 2). With an empty user password a reader opens it and decrypts its
 * streams (here the text-operator bomb: only a reader that decrypts can see it is one); with a password,
 * it cannot be read at all.
 */
export function encrypted({ userPassword = '' }: { userPassword?: string } = {}) {
  const id = randomBytes(16);
  const padded = Buffer.concat([Buffer.from(userPassword, 'latin1'), PADDING]).subarray(0, 32);
  // no owner password: its key comes from the padding alone
  const owner = rc4(createHash('md5').update(PADDING).digest().subarray(0, 5), padded);
  const permissions = -4;
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = createHash('md5')
    .update(Buffer.concat([padded, owner, p, id]))
    .digest()
    .subarray(0, 5);
  const user = rc4(key, PADDING);
  const objectKey = (n: number) =>
    createHash('md5')
      .update(Buffer.concat([key, Buffer.from([n & 0xff, (n >> 8) & 0xff, n >> 16, 0, 0])]))
      .digest()
      .subarray(0, 10);
  const bomb = deflateRepeated(TEXT_OPERATORS, 1.5 * MB, 'BT /F1 1 Tf 0 0 Td ', ' ET');
  const objects = onePage(stream('/Filter /FlateDecode', rc4(objectKey(5), bomb)), {
    extra: [
      `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P ${permissions} >>`,
    ],
  });
  return assemble(objects, {
    trailer: `/Encrypt 6 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>]`,
  });
}

/** A page that asks to run JavaScript on opening, on a link and from the document's names. */
function withJavaScript() {
  const js = '<< /S /JavaScript /JS (while (true) { app.alert\\("boleto"\\); }) >>';
  const objects = onePage(stream('', 'BT /F1 12 Tf 72 720 Td (Fatura) Tj ET'), {
    page: '/Annots [6 0 R] /AA << /O 7 0 R >>',
    extra: [`<< /Type /Annot /Subtype /Link /Rect [0 0 595 842] /A 7 0 R >>`, js],
  });
  objects[0] = `<< /Type /Catalog /Pages 2 0 R /OpenAction 7 0 R /Names << /JavaScript << /Names [(a) 7 0 R] >> >> >>`;
  return assemble(objects);
}

/** A file cut at `fraction` of its length: no xref, no trailer, maybe in the middle of a stream. */
const truncated = (pdf: Uint8Array, fraction = 0.5) => pdf.slice(0, Math.floor(pdf.length * fraction));

/** Every class, by name: what the hostile-PDF tests send. */
export const HOSTILE_PDFS: Record<string, () => Uint8Array> = {
  'text-operator bomb (the reported file)': reportedBomb,
  'whitespace bomb': whitespaceBomb,
  'image bomb': imageBomb,
  'bomb behind a decoy endstream': decoyEndstreamBomb,
  'bomb behind a filter chain': filterChainBomb,
  'encrypted bomb (empty password)': () => encrypted(),
  'encrypted with a password': () => encrypted({ userPassword: 'segredo' }),
  'arrays 900,000 deep': () => deepArrays(),
  'dictionaries 150,000 deep': () => deepDictionaries(),
  'xref table of 90,000 entries': () => hugeXrefTable(),
  'xref claiming 2^31 entries': xrefClaimingBillions,
  'xref stream claiming 2^31 entries': xrefStreamClaimingBillions,
  'JavaScript actions': withJavaScript,
  'a million operators': () => operatorFlood(990_000),
  'a form drawn 500,000 times': () => formAmplification(),
  'truncated bomb': () => truncated(reportedBomb()),
};
