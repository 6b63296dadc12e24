import { readFileSync } from 'node:fs';
import type { VerificationResult } from '@portal/contracts/procedures/verification';
import { VERIFY_PDF_PATH, VERIFY_PDF_TOO_LARGE_MESSAGE } from '@portal/contracts/verification-pdf';
import { BENEFICIARIO, CONVENIO, PIX_CITY, STUB_BANK_CODE } from '@portal/stub/negotiation/agreements';
import { type BoletoPdfInput, boletoPdf } from '@portal/stub/payments/boleto-pdf';
import {
  boletoBarcode,
  boletoFreeField,
  formatLinhaDigitavel,
  linhaDigitavel,
} from '@portal/stub/payments/febraban';
import { pixCopiaECola, STUB_PIX_KEY } from '@portal/stub/payments/pix';
import { type AppProcess, startBffProcess } from '@portal/test-kit/app-process';
import { createClient, PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { formAmplification, HOSTILE_PDFS } from '@portal/test-kit/hostile-pdfs';
import { logSink } from '@portal/test-kit/log-sink';
import { addDays, todayInBrazil } from '@portal/validation/dates';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_MESSAGES } from '../verification/verify';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { VERIFY_MAX_PER_IP: '1000' } });
});
afterAll(() => stack.close());

/** A boleto PDF as the simulator issues one (its collection account, hybrid), with what a test changes. */
async function boleto(change: { documento?: string; pixKey?: string } = {}) {
  const dueDate = addDays(todayInBrazil(), 10);
  const { freeField, nossoNumero } = boletoFreeField({
    convenio: CONVENIO,
    agreementId: '2025009001',
    parcela: 1,
  });
  const barcode = boletoBarcode({ bankCode: STUB_BANK_CODE, dueDate, amountCents: 21_000, freeField });
  const input: BoletoPdfInput = {
    beneficiario: { ...BENEFICIARIO, documento: change.documento ?? BENEFICIARIO.documento },
    pagador: { nome: 'Ana Costa', documento: '93541134780' },
    linhaDigitavel: formatLinhaDigitavel(linhaDigitavel(barcode)),
    barcode,
    dueDate,
    amountCents: 21_000,
    nossoNumero,
    contrato: '6011452873',
    parcela: 1,
    pix: pixCopiaECola({
      key: change.pixKey ?? STUB_PIX_KEY,
      amountCents: 21_000,
      merchantName: 'Cartão Sol Nascente',
      merchantCity: PIX_CITY,
    }),
  };
  return { bytes: await boletoPdf(input), line: linhaDigitavel(barcode) };
}

const upload = (body: Uint8Array | string, headers: Record<string, string> = {}) =>
  fetch(`${stack.url}${VERIFY_PDF_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf', origin: stack.url, ...headers },
    body,
  });

describe('POST /api/verificacao/pdf', () => {
  it('reads a genuine hybrid boleto: its line, the beneficiary’s CNPJ and its PIX code all official', async () => {
    const { bytes, line } = await boleto();
    const response = await upload(bytes);
    expect(response.status).toBe(200);
    const result = (await response.json()) as VerificationResult;
    expect(result).toMatchObject({ tipo: 'boleto', veredito: 'confere' });
    const situation = (campo: string) => result.campos.find((c) => c.campo === campo)?.situacao;
    expect(situation('CNPJ do beneficiário')).toBe('ok');
    expect(situation('Dígito verificador geral')).toBe('ok');
    expect(situation('PIX: Chave PIX')).toBe('ok');
    expect(situation('PIX: Código de verificação (CRC)')).toBe('ok');
    // read in memory, never logged
    expect(logSink.lines.join('\n')).not.toContain(line.slice(10, 40));
  });

  it('refuses a boleto whose printed beneficiary is not a partner’s, or whose PIX key is a stranger’s', async () => {
    const otherCnpj = (await (
      await upload((await boleto({ documento: '11.222.333/0001-81' })).bytes)
    ).json()) as VerificationResult;
    expect(otherCnpj).toMatchObject({ veredito: 'nao-pague', titulo: VERIFY_MESSAGES.cnpj });
    expect(otherCnpj.campos.find((c) => c.campo === 'CNPJ do beneficiário')?.valor).toBe(
      '11.222.333/0001-81',
    );

    const strangerKey = (await (
      await upload((await boleto({ pixKey: 'golpe@example.com' })).bytes)
    ).json()) as VerificationResult;
    expect(strangerKey).toMatchObject({ veredito: 'nao-pague', titulo: VERIFY_MESSAGES.pixKey });
    // the line itself was right: said too
    expect(strangerKey.motivos[0]).toMatch(/^Este boleto é de um canal oficial/);
  });

  it('says when a file is not a readable PDF, or a PDF without a code', async () => {
    expect(await (await upload('isto não é um PDF')).json()).toMatchObject({
      veredito: 'invalido',
      titulo: VERIFY_MESSAGES.pdfUnreadable,
    });
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Fatura sem código', { font: await doc.embedFont(StandardFonts.Helvetica) });
    expect(await (await upload(await doc.save())).json()).toMatchObject({
      veredito: 'invalido',
      titulo: VERIFY_MESSAGES.pdfNoCode,
    });
  });

  it('answers a file over 2 MB with 413, another type with 415, another site with 403, in Portuguese', async () => {
    const big = await upload(new Uint8Array(2 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: { message: VERIFY_PDF_TOO_LARGE_MESSAGE } });
    expect((await upload('x', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await upload((await boleto()).bytes, { origin: 'https://golpe.example' })).status).toBe(403);
    // elsewhere a PDF is no body at all
    const elsewhere = await fetch(`${stack.url}/trpc/verification.check`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', origin: stack.url },
      body: 'x',
    });
    expect(elsewhere.status).toBe(415);
  });

  it('never answers 5xx to 200 files of garbage, truncated or corrupted PDFs', async () => {
    const { bytes } = await boleto();
    const statuses = new Set<number>();
    for (let i = 0; i < 200; i += 1) {
      const copy = bytes.slice(0, i % 2 === 0 ? Math.floor((bytes.length * i) / 200) : bytes.length);
      if (i % 2 === 1)
        for (let j = 0; j < 20; j += 1) copy[(i * 7919 + j * 104_729) % copy.length] = (i + j) % 256;
      statuses.add((await upload(copy)).status);
    }
    expect([...statuses]).toEqual([200]);
  });
});

/** A process's resident memory in MiB, now (VmRSS) or at its peak so far (VmHWM). */
const memoryOf = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  try {
    const kib = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1];
    return Number(kib ?? 0) / 1024;
  } catch {
    return 0;
  }
};
/** The processes a process started (the BFF's PDF readers). */
const childrenOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

const DEADLINE_MS = 2_000;
/** Stated in docs/operations.md: the BFF's own growth while it reads hostile PDFs, and each reader's cap. */
const BFF_GROWTH_MAX_MIB = 64;
const READER_MAX_RSS_MIB = 256;
const READER_OVERSHOOT_MIB = 64;

/** What each hostile class must get: refused unread (422), refused for its password (422), or a verdict. */
const EXPECTED: Record<string, 'complex' | 'protected' | 'verdict'> = {
  'text-operator bomb (the reported file)': 'complex',
  'whitespace bomb': 'complex',
  'image bomb': 'complex',
  'bomb behind a decoy endstream': 'complex',
  'bomb behind a filter chain': 'complex',
  'encrypted bomb (empty password)': 'complex',
  'encrypted with a password': 'protected',
  'arrays 900,000 deep': 'verdict',
  'dictionaries 150,000 deep': 'verdict',
  'xref table of 90,000 entries': 'verdict',
  'xref claiming 2^31 entries': 'verdict',
  'xref stream claiming 2^31 entries': 'verdict',
  'JavaScript actions': 'verdict',
  'a million operators': 'verdict',
  'a form drawn 500,000 times': 'complex',
  'truncated bomb': 'complex',
};

describe('hostile PDFs, sent to a BFF in a process of its own', () => {
  let bff: AppProcess;
  let cookie: string;
  beforeAll(async () => {
    bff = await startBffProcess({
      UPSTREAM_URL: stack.stubUrl,
      VERIFY_MAX_PER_IP: '1000',
      PDF_READ_TIMEOUT_MS: String(DEADLINE_MS),
      PDF_READER_MAX_RSS_MB: String(READER_MAX_RSS_MIB),
    });
    const client = createClient(bff.url);
    await client.trpc.auth.signIn.mutate(PERSONA.maria);
    cookie = client.cookieHeader();
  });
  afterAll(() => bff?.kill('SIGKILL'));

  const send = async (pdf: Uint8Array) => {
    const started = performance.now();
    const response = await fetch(`${bff.url}${VERIFY_PDF_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', origin: bff.url },
      body: pdf,
    });
    const body = (await response.json()) as VerificationResult & { error?: { message: string } };
    return {
      status: response.status,
      body,
      retryAfter: response.headers.get('retry-after'),
      ms: performance.now() - started,
    };
  };

  /**
   * Until `done` settles: /healthz and a signed-in query, one after the other; the slowest answer of each,
   * and how many rounds of both were answered before `done` settled.
   */
  async function probeWhile(done: Promise<unknown>) {
    let settled = false;
    void done.finally(() => {
      settled = true;
    });
    const slowest = { healthz: 0, session: 0, readerRss: 0, rounds: 0 };
    const timed = async (key: 'healthz' | 'session', call: () => Promise<Response>) => {
      const started = performance.now();
      const response = await call();
      slowest[key] = Math.max(slowest[key], performance.now() - started);
      return response;
    };
    while (!settled) {
      expect((await timed('healthz', () => fetch(`${bff.url}/healthz`))).status).toBe(200);
      const session = await timed('session', () =>
        fetch(`${bff.url}/trpc/auth.session`, { headers: { cookie } }),
      );
      expect(
        ((await session.json()) as { result: { data: { nome?: string } } }).result.data.nome,
      ).toBeTruthy();
      if (!settled) slowest.rounds++;
      const pid = bff.child.pid ?? 0;
      for (const reader of childrenOf(pid))
        slowest.readerRss = Math.max(slowest.readerRss, memoryOf(reader, 'VmRSS'));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return slowest;
  }

  /**
   * The BFF answered others while it read for `ms`: no probe waited half as long as the read, and a read of a
   * second or more saw at least two rounds answered (an event loop held by the read answers none until it is
   * done). Relative to the read itself, so that a loaded machine, slower at both, proves the same.
   */
  function answeredThroughout(slowest: Awaited<ReturnType<typeof probeWhile>>, ms: number, seen: string) {
    if (ms < 1_000) return;
    expect(slowest.rounds, seen).toBeGreaterThanOrEqual(2);
    expect(Math.max(slowest.healthz, slowest.session), seen).toBeLessThan(ms / 2);
  }

  it('answers each class within its deadline and a second, in Portuguese, while /healthz and a signed-in query are answered throughout and memory stays bounded', async () => {
    const pid = bff.child.pid ?? 0;
    // the readers started and PDF.js loaded: the BFF as it is once it has read a file
    expect((await send((await boleto()).bytes)).status).toBe(200);
    const idle = memoryOf(pid, 'VmRSS');
    const rows: Record<string, unknown>[] = [];
    // made before, so that nothing but the probes runs here while the BFF reads
    const corpus = Object.entries(HOSTILE_PDFS).map(([name, make]) => [name, make()] as const);
    for (const [name, pdf] of corpus) {
      const answer = send(pdf);
      const slowest = await probeWhile(answer);
      const { status, body, ms } = await answer;
      rows.push({ name, status, ms: Math.round(ms), ...slowest });
      const message = body.error?.message ?? body.titulo;
      const expected = EXPECTED[name];
      expect({ name, status, message }).toEqual({
        name,
        status: expected === 'verdict' ? 200 : 422,
        message:
          expected === 'complex'
            ? VERIFY_MESSAGES.pdfTooComplex
            : expected === 'protected'
              ? VERIFY_MESSAGES.pdfProtected
              : expect.stringMatching(
                  new RegExp(`^(${VERIFY_MESSAGES.pdfUnreadable}|${VERIFY_MESSAGES.pdfNoCode})$`),
                ),
      });
      if (expected === 'verdict') expect(body.veredito).toBe('invalido');
      expect(ms, name).toBeLessThan(DEADLINE_MS + 1_000);
      answeredThroughout(slowest, ms, name);
      expect(slowest.readerRss, name).toBeLessThan(READER_MAX_RSS_MIB + READER_OVERSHOOT_MIB);
    }
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(HOSTILE_PDFS).sort());
    const growth = memoryOf(pid, 'VmHWM') - idle;
    console.info(JSON.stringify({ idleMiB: Math.round(idle), growthMiB: Math.round(growth), rows }));
    expect(growth).toBeLessThan(BFF_GROWTH_MAX_MIB);
  }, 60_000);

  it('sheds uploads beyond its readers and queue at once, with 503, Retry-After and a Portuguese message', async () => {
    // 2 readers and 4 places in the queue by default: 10 slow files at once
    const slow = formAmplification();
    const started = performance.now();
    const answers = Array.from({ length: 10 }, () => send(slow));
    const slowest = await probeWhile(Promise.all(answers));
    const ms = performance.now() - started;
    const settled = await Promise.all(answers);
    const seen = JSON.stringify({ slowest, answers: settled.map((a) => [a.status, Math.round(a.ms)]) });
    const atOnce = settled.filter((a) => a.status === 503 && a.ms < 500);
    expect(atOnce.length, seen).toBeGreaterThanOrEqual(4);
    for (const { status, body, retryAfter, ms } of settled) {
      expect([422, 503], seen).toContain(status);
      expect(ms, seen).toBeLessThan(DEADLINE_MS + 1_000);
      if (status === 503) {
        expect(retryAfter).toBe('5');
        expect(body).toEqual({ error: { message: VERIFY_MESSAGES.pdfBusy } });
      } else expect(body).toEqual({ error: { message: VERIFY_MESSAGES.pdfTooComplex } });
    }
    answeredThroughout(slowest, ms, seen);
  }, 30_000);
});
