import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { LedgerAgreement } from '@portal/stub/negotiation/agreements';

/** The simulator's own port (playwright.config.ts), for what a test reads or mints there. */
export const STUB_URL = `http://127.0.0.1:${process.env.E2E_STUB_PORT ?? 3101}`;
export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

interface PortalOptions {
  /** The consent cookie the browser starts with; null starts without a decision (the modal shows). */
  consent: 'true' | 'false' | null;
}

/**
 * Every test starts with the cookie choice made (so the consent modal does not cover the page) and with
 * Google's script unreachable (the machine has no internet; a test that signs in with Google serves a fake).
 */
export const test = base.extend<PortalOptions>({
  consent: ['true', { option: true }],
  context: async ({ context, baseURL, consent }, use) => {
    if (consent !== null) {
      await context.addCookies([{ name: 'aceito', value: consent, url: baseURL ?? 'http://127.0.0.1' }]);
    }
    await context.route(GOOGLE_SCRIPT_URL, (route) => route.abort());
    await use(context);
  },
});
export { expect };

export const PASSWORD = 'Acordo@2026';

/** Today in Brasília as the portal writes a day (dd/mm/aaaa). */
export const todayInBrasilia = () =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

export const PERSONAS = {
  maria: { typed: '52998224725', shown: '529.982.247-25', firstName: 'Maria', shortName: 'Maria Aparecida' },
  ana: { typed: '93541134780', shown: '935.411.347-80', firstName: 'Ana', shortName: 'Ana Beatriz' },
  joao: { typed: '11144477735', shown: '111.444.777-35', firstName: 'João', shortName: 'João Pereira' },
  novaEra: { typed: '12abc34501de35', shown: '12.ABC.345/01DE-35', firstName: 'Nova', shortName: 'Nova Era' },
  paulo: { typed: '86822441018', shown: '868.224.410-18', firstName: 'Paulo', shortName: 'Paulo Henrique' },
} as const;
type PersonaKey = keyof typeof PERSONAS;

/** What must never reach the browser's storage, cookies, URL or history. */
const SECRETS = [
  '52998224725',
  '529.982.247-25',
  '11144477735',
  '111.444.777-35',
  '12ABC34501DE35',
  '12.ABC.345/01DE-35',
  'maria.silva@example.com',
  '11912345678',
  PASSWORD,
];

export async function signIn(page: Page, persona: PersonaKey) {
  await signInAs(page, PERSONAS[persona].typed);
}

/** Signs in with a document typed as given (every seeded persona and copy has the demo password). */
export async function signInAs(page: Page, document: string) {
  await page.goto('/login');
  await page.getByLabel('CPF/CNPJ').fill(document);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
}

/** 'Sair' sits in the header on desktop and in the menu on phones (either waited for: the header may be on its way). */
export async function signOut(page: Page) {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Abrir menu' });
  await expect(menu.or(page.getByRole('banner').getByRole('button', { name: 'Sair' }))).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** 'Mais opções' as a person reaches it from any signed-in page: the header from 768 px up, the menu on phones. */
export async function openMoreOptions(page: Page) {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Abrir menu' });
  const headerLink = page.getByRole('banner').getByRole('link', { name: 'Mais opções' });
  await expect(menu.or(headerLink)).toBeVisible();
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Mais opções' }).click();
  } else {
    await headerLink.click();
  }
  await expect(page).toHaveURL(/\/mais-opcoes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mais opções' })).toBeVisible();
}

/** The tiles of 'Mais opções' and the heading of the page each opens. */
export const MORE_OPTIONS = {
  'Editar perfil': 'Meus dados',
  'Alterar senha': 'Alterar senha',
  FAQ: 'Perguntas frequentes',
  Sobre: 'Sobre',
  Notificações: 'Notificações',
  'Aviso de Privacidade': 'Aviso de Privacidade',
} as const;
export type MoreOption = keyof typeof MORE_OPTIONS;

/** One page of 'Mais opções', by clicks: 'Mais opções' (header or menu), then its tile. */
export async function openMoreOption(page: Page, tile: MoreOption) {
  await openMoreOptions(page);
  await page
    .getByRole('list', { name: 'Opções da conta' })
    .getByRole('link', { name: new RegExp(`^${tile}`) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: MORE_OPTIONS[tile], exact: true })).toBeVisible();
}

/** Back to Minha conta as a person does: the brand in the header leads there at every width. */
export async function backToAccount(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Negocia Varejo, minha conta' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
}

export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Browser storage, cookies visible to scripts, the URL and history state hold none of the secrets. */
export async function expectNothingPersonalStored(page: Page, more: readonly string[] = []) {
  const secrets = [...SECRETS, ...more];
  const stored = await page.evaluate(() => {
    const dump = (s: Storage) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`);
    return [
      ...dump(localStorage),
      ...dump(sessionStorage),
      document.cookie,
      location.href,
      JSON.stringify(history.state),
    ].join('\n');
  });
  for (const secret of secrets) expect(stored).not.toContain(secret);
  const cookies = await page.context().cookies();
  for (const cookie of cookies) {
    for (const secret of secrets) expect(cookie.value).not.toContain(secret);
    if (cookie.name === 'sid') {
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
    }
  }
}

/** A POST to the simulator's own API (not through the portal), answering its JSON. */
export async function stubPost<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${STUB_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${path} answered ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** A user of its own: a copy of a seeded persona (same debts and behaviour) under a fresh document. */
export interface PersonaCopy {
  /** the client id (the trail's clienteId) */
  id: string;
  cpfCnpj: string;
  email: string;
  telefone: string;
}

/**
 * Journeys that conclude agreements change a persona's debts, and each runs at two sizes at once: each
 * run signs in as its own copy (simulator control POST /__stub/personas).
 */
export async function signInAsCopyOf(
  page: Page,
  like: 'maria' | 'ana' | 'carlos' | 'novaEra' | 'paulo' | 'joao' | 'comercio' | 'rafael' | 'sandra',
): Promise<PersonaCopy> {
  const copy = await stubPost<PersonaCopy>('/__stub/personas', { like });
  await signInAs(page, copy.cpfCnpj);
  return copy;
}

/** The agreements the simulator made for a document (its ledger), oldest first. */
export async function agreementsOf(cpfCnpj: string): Promise<LedgerAgreement[]> {
  const response = await fetch(`${STUB_URL}/__stub/agreements?cpfCnpj=${cpfCnpj}`);
  expect(response.ok).toBe(true);
  return (await response.json()) as LedgerAgreement[];
}

interface OutboxMessage {
  canal: string;
  destino: string;
  assunto: string;
  texto: string;
}

/** What the simulator "sent" by e-mail and SMS to a document's owner, oldest first. */
export async function outboxOf(cpfCnpj: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${STUB_URL}/__stub/outbox?cpfCnpj=${cpfCnpj}`);
  expect(response.ok).toBe(true);
  return (await response.json()) as OutboxMessage[];
}

/** The schedule changes (moverParcela, alterarVencimento) that reached the simulator for a document. */
export async function changesAt(cpfCnpj: string): Promise<{ metodo: string }[]> {
  const response = await fetch(`${STUB_URL}/__stub/agreements/changes?cpfCnpj=${cpfCnpj}`);
  expect(response.ok).toBe(true);
  return (await response.json()) as { metodo: string }[];
}

/** The requests to be contacted by a creditor (solicitarContato) that reached the simulator for a document. */
export async function contactRequestsAt(
  cpfCnpj: string,
): Promise<{ codcredor: string; contrato: string; motivo: string; protocolo: string }[]> {
  const response = await fetch(`${STUB_URL}/__stub/contact-requests?cpfCnpj=${cpfCnpj}`);
  expect(response.ok).toBe(true);
  return (await response.json()) as {
    codcredor: string;
    contrato: string;
    motivo: string;
    protocolo: string;
  }[];
}

/** A valid CPF nobody has registered yet (random body, computed check digits). */
export function freshCpf(): string {
  for (;;) {
    const body = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
    if (body.every((d) => d === body[0])) continue;
    const digit = (digits: number[]) => {
      const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
      const rest = (sum * 10) % 11;
      return rest === 10 ? 0 : rest;
    };
    const first = digit(body);
    const cpf = [...body, first, digit([...body, first])].join('');
    if (
      !['52998224725', '11144477735', '93541134780', '39053344705', '86822441018', '71460238001'].includes(
        cpf,
      )
    ) {
      return cpf;
    }
  }
}

/**
 * Serves a stand-in for Google Identity Services: its button hands `credential` (minted by the simulator,
 * whose keys the BFF trusts in tests) to the callback the page registered, as Google's would.
 */
export async function serveFakeGoogle(page: Page, credential: string) {
  const script = `
    (() => {
      let config = null;
      window.google = { accounts: { id: {
        initialize(c) { config = c; },
        renderButton(element) {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Fazer login com o Google';
          button.addEventListener('click', () => config.callback({ credential: ${JSON.stringify(credential)}, select_by: 'btn' }));
          element.replaceChildren(button);
        },
        prompt() {},
        cancel() {},
        disableAutoSelect() {},
      } } };
    })();`;
  await page.context().unroute(GOOGLE_SCRIPT_URL);
  await page
    .context()
    .route(GOOGLE_SCRIPT_URL, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: script }),
    );
}

/** A Google credential for `email`, signed by the simulator's key for the e2e client id. */
export async function mintGoogleCredential(email: string): Promise<string> {
  const { credential } = await stubPost<{ credential: string }>('/__stub/google/credential', {
    email,
    aud: 'portal-e2e.apps.googleusercontent.com',
  });
  return credential;
}

/** What the simulator's trail channel kept (GET /__stub/trilha). */
interface TrailRecord {
  metodo: 'gravarSessao' | 'gravarTrilha' | 'gravarTrilhaAcordo' | 'gravarTrilhaBoleto';
  sessionId: string;
  trail?: string;
  stage?: number;
  flow?: number;
  clienteId?: string;
  semSessao?: true;
}

/** Every trail record of the sessions a client had, session records included, oldest first. */
async function trailOf(clienteId: string): Promise<TrailRecord[]> {
  const read = async (query: string) => {
    const response = await fetch(`${STUB_URL}/__stub/trilha?${query}`);
    expect(response.ok).toBe(true);
    return (await response.json()) as TrailRecord[];
  };
  const sessions = new Set((await read(`clienteId=${clienteId}`)).map((r) => r.sessionId));
  return (await Promise.all([...sessions].map((id) => read(`sessionId=${encodeURIComponent(id)}`)))).flat();
}

/** A trail record as a short line: 'gravarSessao', or a screen view as 'page stage/flow'. */
const trailLine = (r: TrailRecord) =>
  r.metodo === 'gravarTrilha' ? `${r.trail} ${r.stage}/${r.flow}` : r.metodo;

/**
 * The client's trail holds exactly these records (in any order: views sent close together may overtake
 * each other), each session's own record came first, and every view carries the client id.
 */
export async function expectTrail(clienteId: string, lines: readonly string[]) {
  const sorted = (list: readonly string[]) => [...list].sort();
  await expect.poll(async () => sorted((await trailOf(clienteId)).map(trailLine))).toEqual(sorted(lines));
  const records = await trailOf(clienteId);
  expect(records[0]?.metodo).toBe('gravarSessao');
  expect(records.filter((r) => r.semSessao)).toEqual([]);
  expect(records.filter((r) => r.metodo !== 'gravarSessao' && r.clienteId !== clienteId)).toEqual([]);
}

/**
 * From Minha conta, Ana's (or her copy's) settled agreement at Cartão Sol Nascente: her declaration of
 * settlement is downloaded, and its code checked on 'Verificar boleto ou PIX' as authentic.
 */
export async function checkAnasSettlement(page: Page) {
  await page.getByRole('button', { name: 'Ver mais: Cartão Sol Nascente' }).click();
  const settled = page.getByRole('region', { name: 'Acordo quitado' });
  const saved = page.waitForEvent('download');
  await settled.getByRole('button', { name: 'Baixar declaração de quitação' }).click();
  expect((await saved).suggestedFilename()).toBe('6011452873_declaracao-quitacao.pdf');
  const code = (await settled.getByText(/^QT-/).textContent()) ?? '';
  expect(code).toMatch(/^QT-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expectNoSeriousA11yViolations(page);

  await settled.getByRole('link', { name: 'Verificar boleto ou PIX' }).click();
  await page.getByLabel('Linha digitável, código de barras ou PIX Copia e Cola').fill(code);
  await page.getByRole('button', { name: 'Verificar', exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toContainText('Autêntica');
  await expect(page.getByText('6011452873', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
}
