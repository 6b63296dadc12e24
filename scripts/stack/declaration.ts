// Ana's declaration of settlement, issued and checked over plain HTTP as the SPA does it (tRPC over fetch,
// a cookie jar, a same-origin Origin): what the backup drill (scripts/check-deploy.sh, drill.ts) and the
// stack's restart (scripts/stack/smoke.ts) must find again, byte for byte, after the database came back.
import { createHash } from 'node:crypto';

/** Ana (README's personas): her agreement with Cartão Sol Nascente has instalments 4 to 6 left to pay. */
const ANA = { cpfCnpj: '935.411.347-80', senha: 'Acordo@2026' };
const CREDITOR = 'Cartão Sol Nascente';
const CONTRACT = '6011452873';
const ANAS_OPEN_INSTALMENTS = [4, 5, 6];

/** What a declaration was issued as: found again after a restore, it must match. */
export interface Issued {
  codigo: string;
  pdfUrl: string;
  sha256: string;
  bytes: number;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A signed-in browser on `base`: keeps the cookies it is given and sends its own origin. */
async function signedIn(base: string) {
  const jar = new Map<string, string>();
  const call = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', base);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers,
      signal: AbortSignal.timeout(15_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  };
  /** a tRPC procedure: a query by GET without input, a mutation by POST with its input as JSON */
  const trpc = async <T>(procedure: string, input?: unknown): Promise<T> => {
    const response = await call(
      `/trpc/${procedure}`,
      input === undefined
        ? {}
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) },
    );
    const body = (await response.json()) as { result?: { data?: T }; error?: unknown };
    if (response.status !== 200 || !body.result)
      throw new Error(`${procedure} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return body.result.data as T;
  };
  await trpc('auth.signIn', ANA);
  return { call, trpc };
}

type Browser = Awaited<ReturnType<typeof signedIn>>;

async function download(browser: Browser, pdfUrl: string) {
  const response = await browser.call(pdfUrl);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, bytes };
}

const verdictOf = (browser: Browser, codigo: string) =>
  browser.trpc<{ tipo: string; veredito: string }>('verification.check', { codigo });

/**
 * Pays Ana's open instalments (`pay`, the simulator's /__stub/payments however it is reached), then issues
 * her declaration as 'Baixar declaração de quitação' does, downloads it and has its code checked.
 */
export async function issueAnasDeclaration(
  base: string,
  pay: (payment: { cpfCnpj: string; contrato: string; parcela: number; metodo: 'pix' }) => Promise<void>,
): Promise<Issued> {
  for (const parcela of ANAS_OPEN_INSTALMENTS)
    await pay({ cpfCnpj: ANA.cpfCnpj.replace(/\D/g, ''), contrato: CONTRACT, parcela, metodo: 'pix' });
  const browser = await signedIn(base);
  const creditors = await browser.trpc<{ codcredor: string; nome: string }[]>('debts.creditors');
  const creditor = creditors.find((c) => c.nome === CREDITOR);
  if (!creditor) throw new Error(`Ana has no ${CREDITOR} among ${creditors.map((c) => c.nome)}`);
  const { codigo, pdfUrl } = await browser.trpc<{ codigo: string; pdfUrl: string }>(
    'agreements.settlementDeclaration',
    { codcredor: creditor.codcredor, contrato: CONTRACT },
  );
  const pdf = await download(browser, pdfUrl);
  const head = new TextDecoder().decode(pdf.bytes.subarray(0, 5));
  if (pdf.status !== 200 || head !== '%PDF-')
    throw new Error(`${pdfUrl} answered ${pdf.status} (${pdf.bytes.length} bytes, starting ${head})`);
  const verdict = await verdictOf(browser, codigo);
  if (verdict.tipo !== 'declaracao' || verdict.veredito !== 'confere')
    throw new Error(`the new declaration ${codigo} does not check out: ${JSON.stringify(verdict)}`);
  return { codigo, pdfUrl, sha256: sha256(pdf.bytes), bytes: pdf.bytes.length };
}

/**
 * Signed in afresh as Ana: the code checks out ('confere') and the PDF is the one issued, same bytes. Asked
 * before anything could issue it again, so only what the database kept can pass.
 */
export async function expectKept(base: string, issued: Issued): Promise<void> {
  const browser = await signedIn(base);
  const verdict = await verdictOf(browser, issued.codigo);
  if (verdict.veredito !== 'confere')
    throw new Error(`${issued.codigo} no longer checks out: ${JSON.stringify(verdict)}`);
  const pdf = await download(browser, issued.pdfUrl);
  if (pdf.status !== 200) throw new Error(`${issued.pdfUrl} answered ${pdf.status}`);
  if (sha256(pdf.bytes) !== issued.sha256)
    throw new Error(
      `${issued.pdfUrl} is not the PDF issued: ${pdf.bytes.length} bytes, sha256 ${sha256(pdf.bytes)}, not ${issued.bytes}, ${issued.sha256}`,
    );
}

/** The same questions on a database without it: the code is unknown and the PDF is not found. */
export async function expectAbsent(base: string, issued: Issued): Promise<void> {
  const browser = await signedIn(base);
  const verdict = await verdictOf(browser, issued.codigo);
  if (verdict.veredito === 'confere') throw new Error(`${issued.codigo} still checks out`);
  const pdf = await download(browser, issued.pdfUrl);
  if (pdf.status !== 404) throw new Error(`${issued.pdfUrl} answered ${pdf.status}, not 404`);
}
