import {
  encrypted,
  formAmplification,
  imageBomb,
  operatorFlood,
  textOperatorBomb,
  whitespaceBomb,
} from '@portal/test-kit/hostile-pdfs';
import type { FastifyBaseLogger } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPdfReader,
  PDF_LIMITS,
  type PdfReader,
  PdfReaderBusyError,
  type PdfReaderOptions,
  PdfRefusedError,
} from './pdf-reader';

const silentLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as unknown as FastifyBaseLogger;

const MIB = 1024 * 1024;
let reader: PdfReader | undefined;
afterEach(() => reader?.close());

const open = (options: Partial<PdfReaderOptions> = {}) => {
  reader = createPdfReader({
    workers: 1,
    queue: 1,
    deadlineMs: 5_000,
    maxRssBytes: 256 * MIB,
    logger: silentLogger,
    ...options,
  });
  return reader;
};

/** One file read from a fresh place: its text, or the error it was refused with. */
async function read(pool: PdfReader, bytes: Uint8Array) {
  const reading = pool.reserve();
  try {
    return await reading.read(bytes);
  } catch (error) {
    return error as Error;
  } finally {
    reading.release();
  }
}

const refusal = (detail: string, reason = 'complex') =>
  expect.objectContaining({ name: 'PdfRefusedError', reason, detail });

async function fatura(text: string) {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(text, { font: await doc.embedFont(StandardFonts.Helvetica), x: 50, y: 700 });
  return doc.save();
}

describe('the PDF reader', () => {
  it('reads the text layer in a process of its own, and the same process reads the next file', async () => {
    const pool = open();
    expect(await read(pool, await fatura('Linha digitável 123'))).toContain('Linha digitável 123');
    expect(await read(pool, await fatura('Segunda fatura'))).toContain('Segunda fatura');
  });

  it('refuses a file whose streams inflate past the caps before PDF.js reads it, within a second', async () => {
    const pool = open();
    for (const [bomb, cap] of [
      [whitespaceBomb(), 'content'],
      [imageBomb(), 'decoded'],
    ] as const) {
      const started = performance.now();
      expect(await read(pool, bomb)).toEqual(refusal(cap));
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });

  it('refuses a page with more text operators, or more operators, than the caps', async () => {
    const pool = open();
    // 2 MiB of content, about 90,000 text operators
    expect(await read(pool, textOperatorBomb(8_000))).toEqual(refusal('operators'));
    expect(await read(pool, operatorFlood(PDF_LIMITS.maxOperators + 1))).toEqual(refusal('operators'));
    expect(await read(pool, operatorFlood(PDF_LIMITS.maxOperators - 10))).toBe('');
  });

  it('kills a reader at the deadline, and reads the next file with a new one', async () => {
    const pool = open({ deadlineMs: 1_000 });
    const started = performance.now();
    expect(await read(pool, formAmplification())).toEqual(refusal('deadline'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(await read(pool, await fatura('Depois do prazo'))).toContain('Depois do prazo');
  });

  it('kills a reader whose memory passes its cap: a bomb it cannot measure unread (encrypted)', async () => {
    const pool = open({ maxRssBytes: 160 * MIB });
    const started = performance.now();
    expect(await read(pool, encrypted())).toEqual(refusal('memory'));
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('says when a file is behind a password', async () => {
    expect(await read(open(), encrypted({ userPassword: 'segredo' }))).toEqual(
      refusal('password', 'protected'),
    );
  });

  it('refuses at once beyond its readers and its queue, and takes a file again once a place is given back', () => {
    const pool = open({ workers: 2, queue: 1 });
    const places = [pool.reserve(), pool.reserve(), pool.reserve()];
    expect(() => pool.reserve()).toThrow(PdfReaderBusyError);
    places[0]?.release();
    // released twice counts once
    places[0]?.release();
    const again = pool.reserve();
    expect(() => pool.reserve()).toThrow(PdfReaderBusyError);
    for (const place of [...places, again]) place?.release();
  });

  it('refuses as busy a file that waited in the queue to its deadline', async () => {
    const pool = open({ deadlineMs: 800 });
    const [slow, waiting] = await Promise.all([
      read(pool, formAmplification()),
      read(pool, await fatura('Na fila')),
    ]);
    expect(slow).toEqual(refusal('deadline'));
    expect(waiting).toBeInstanceOf(PdfReaderBusyError);
  });

  it('kills its readers when closed, and refuses what was being read or waited', async () => {
    const pool = open();
    const pending = [read(pool, formAmplification()), read(pool, formAmplification())];
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pool.close();
    const [reading, waiting] = await Promise.all(pending);
    expect(reading).toBeInstanceOf(PdfRefusedError);
    expect(waiting).toBeInstanceOf(PdfReaderBusyError);
    expect(() => pool.reserve()).toThrow(PdfReaderBusyError);
  });
});
