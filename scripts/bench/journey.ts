// The journey a person came for, tapped through in Chromium on a slow phone: Lighthouse's slow-4G
// profile (150 ms round trip, 1.6 Mbps down, 750 kbps up) and a CPU 4× slower, applied with the DevTools
// protocol to the page. Each step is timed from the tap until the next screen is usable: its control is
// visible and React has attached its handlers (a prerendered control is visible before it works).
// The bench goes at a person's pace: it reads each screen for a second before the next tap, and types
// at about 16 keys a second. The portal fetches the next step's code in that idle time, as it would for
// a person; only the time from a tap until the screen it leads to is usable is counted.
// Each run signs in as a fresh copy of the persona (the simulator's POST /__stub/personas), so a run's
// agreement does not change the next run's offers.
import {
  type Browser,
  type BrowserContext,
  chromium,
  devices,
  type Locator,
  type Page,
} from 'playwright-core';
import { type Served, startServed } from './served';

const PASSWORD = 'Acordo@2026';
/** Lighthouse's mobile "slow 4G" and its CPU slowdown. */
const PROFILE = { latencyMs: 150, downKbps: 1_600, upKbps: 750, cpuSlowdown: 4 };
/** A person's pace: reading a screen before tapping on, and the time between two keys. */
const PACE = { readMs: 1_000, keyMs: 60 };

export interface StepFigure {
  step: string;
  /** from the tap until the next screen is usable */
  ms: number;
  /** calls to the BFF's API started meanwhile */
  api: number;
  /** JavaScript files fetched meanwhile */
  code: number;
  /** the API's procedures called meanwhile, in order */
  calls: string[];
}

export interface JourneyFigures {
  /** the cold /login, then Maria's journey from 'Entrar' to the concluded page */
  maria: StepFigure[];
  /** Ana's 'Gerar pagamento' on /acordos until the re-issued boleto shows */
  ana: StepFigure[];
}

interface Copy {
  cpfCnpj: string;
  email: string;
  telefone: string;
}

async function copyOf(stubUrl: string, like: 'maria' | 'ana'): Promise<Copy> {
  const response = await fetch(`${stubUrl}/__stub/personas`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ like }),
  });
  if (!response.ok) throw new Error(`the simulator's personas control answered ${response.status}`);
  return (await response.json()) as Copy;
}

/** Resolves once `target` is visible and React has attached its handlers to it. */
async function usable(target: Locator) {
  await target.waitFor({ state: 'visible', timeout: 60_000 });
  // a string: tsx's helpers (`__name`) do not exist in the page
  await target.evaluate(`(element) => new Promise((resolve) => {
    const check = () =>
      Object.keys(element).some((k) => k.startsWith('__reactProps$')) ? resolve() : setTimeout(check, 10);
    check();
  })`);
}

/** A throttled phone page, with what it requests counted by kind. */
async function phonePage(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: (PROFILE.downKbps * 1000) / 8,
    uploadThroughput: (PROFILE.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  const requests: { at: number; kind: 'api' | 'code' | 'other'; path: string }[] = [];
  page.on('request', (request) => {
    const { pathname: path } = new URL(request.url());
    const kind = path.startsWith('/trpc/') ? 'api' : path.endsWith('.js') ? 'code' : 'other';
    requests.push({ at: performance.now(), kind, path });
  });
  const figures: StepFigure[] = [];
  /** Times `tap` until `next` is usable. */
  const step = async (name: string, tap: () => Promise<unknown>, next: Locator) => {
    const start = performance.now();
    await tap();
    await usable(next);
    const end = performance.now();
    await page.waitForTimeout(PACE.readMs);
    const during = requests.filter((r) => r.at >= start && r.at <= end);
    figures.push({
      step: name,
      ms: end - start,
      api: during.filter((r) => r.kind === 'api').length,
      code: during.filter((r) => r.kind === 'code').length,
      calls: during.filter((r) => r.kind === 'api').map((r) => r.path.slice('/trpc/'.length)),
    });
  };
  return { page, step, figures };
}

async function signInSteps(page: Page, step: Awaited<ReturnType<typeof phonePage>>['step'], who: Copy) {
  const entrar = page.getByRole('button', { name: 'Entrar', exact: true });
  await step('open /login, cold', () => page.goto('/login'), entrar);
  await page.getByLabel('CPF/CNPJ').pressSequentially(who.cpfCnpj, { delay: PACE.keyMs });
  await page.getByLabel('Senha', { exact: true }).pressSequentially(PASSWORD, { delay: PACE.keyMs });
  return entrar;
}

async function mariaRun(context: BrowserContext, stubUrl: string): Promise<StepFigure[]> {
  const maria = await copyOf(stubUrl, 'maria');
  const { page, step, figures } = await phonePage(context);
  const entrar = await signInSteps(page, step, maria);
  const card = page.getByRole('button', { name: 'Ver mais: Onda Telecom' });
  await step('Entrar → Minha conta with creditor cards', () => entrar.click(), card);
  const negociar = page.getByRole('button', { name: 'Negociar' });
  await step('creditor card → negotiation offers', () => card.click(), negociar);
  const payment = page.getByRole('dialog', { name: 'Como você quer pagar?' });
  const boleto = payment.getByText('Boleto');
  await step('Negociar → payment modal', () => negociar.click(), boleto);
  await boleto.click();
  const concluir = page.getByRole('button', { name: 'Concluir acordo' });
  await step(
    'Continuar → summary',
    () => payment.getByRole('button', { name: 'Continuar' }).click(),
    concluir,
  );
  const email = page.getByPlaceholder('Digite seu email');
  if (await email.isVisible()) {
    await email.pressSequentially(maria.email, { delay: PACE.keyMs });
    await page
      .getByPlaceholder('Digite seu celular')
      .pressSequentially(maria.telefone, { delay: PACE.keyMs });
  }
  await step(
    'Concluir acordo → concluded page',
    () => concluir.click(),
    page.getByRole('button', { name: 'Baixar boleto' }),
  );
  await page.close();
  return figures;
}

async function anaRun(context: BrowserContext, stubUrl: string): Promise<StepFigure[]> {
  const ana = await copyOf(stubUrl, 'ana');
  const { page, step, figures } = await phonePage(context);
  const entrar = await signInSteps(page, step, ana);
  const card = page.getByRole('button', { name: 'Ver mais: Cartão Sol Nascente' });
  await step('Entrar → Minha conta with creditor cards', () => entrar.click(), card);
  const gerar = page.getByRole('button', { name: 'Gerar pagamento da parcela 4' });
  await step('creditor card → agreement (/acordos)', () => card.click(), gerar);
  await step(
    "'Gerar pagamento' → re-issued boleto",
    () => gerar.click(),
    page.getByRole('button', { name: 'Baixar boleto' }),
  );
  await page.close();
  return figures.slice(2);
}

const launchBrowser = () =>
  chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });

/** A phone's fresh profile (no cached code, no cookies), the cookie choice made, over `served`. */
async function phoneContext(browser: Browser, served: Served) {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL: served.url,
    serviceWorkers: 'block',
  });
  await context.addCookies([{ name: 'aceito', value: 'true', url: served.url }]);
  return context;
}

/** The signed-in pages the Lighthouse area scores, each reached by clicking as a person does. */
export type ReachedPage =
  | '/minha-conta'
  | '/minha-conta/todas-as-dividas'
  | '/negociacao'
  | '/resumo'
  | '/acordos';

/**
 * Signs a fresh copy of Maria (Ana for /acordos) in at full speed and clicks to `target`: the address the
 * page ended on and the session's cookie, for Lighthouse to load that page as that person.
 */
export async function reachByClicks(served: Served, target: ReachedPage) {
  const browser = await launchBrowser();
  try {
    const context = await phoneContext(browser, served);
    const who = await copyOf(served.stubUrl, target === '/acordos' ? 'ana' : 'maria');
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('CPF/CNPJ').fill(who.cpfCnpj);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(/\/minha-conta$/);
    if (target === '/acordos') {
      await page.getByRole('button', { name: 'Ver mais: Cartão Sol Nascente' }).click();
      await page.waitForURL(/\/acordos\?/);
    } else if (target === '/minha-conta/todas-as-dividas') {
      await page.getByRole('link', { name: 'Todas as minhas dívidas' }).click();
      await page.waitForURL(/\/todas-as-dividas$/);
    } else if (target !== '/minha-conta') {
      await page.getByRole('button', { name: 'Ver mais: Onda Telecom' }).click();
      await page.waitForURL(/\/negociacao\?/);
      if (target === '/resumo') {
        await page.getByRole('button', { name: 'Negociar' }).click();
        const payment = page.getByRole('dialog', { name: 'Como você quer pagar?' });
        await payment.getByText('Boleto').click();
        await payment.getByRole('button', { name: 'Continuar' }).click();
        await page.waitForURL(/\/resumo$/);
      }
    }
    const sid = (await context.cookies()).find((c) => c.name === 'sid' || c.name === '__Host-sid');
    if (!sid) throw new Error(`no session cookie after reaching ${target}`);
    return { url: page.url(), cookie: `${sid.name}=${sid.value}` };
  } finally {
    await browser.close();
  }
}

/** The median of each step's figures over runs (runs have the same steps, in the same order). */
function medians(runs: StepFigure[][]): StepFigure[] {
  const mid = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
  };
  return (runs[0] ?? []).map((first, i) => ({
    step: first.step,
    ms: mid(runs.map((r) => r[i]?.ms ?? Number.NaN)),
    api: mid(runs.map((r) => r[i]?.api ?? Number.NaN)),
    code: mid(runs.map((r) => r[i]?.code ?? Number.NaN)),
    calls: first.calls,
  }));
}

/**
 * The journey over the app served from `root` (a checkout of this repository with apps/web built),
 * `runs` times in fresh browser contexts; the median of each step.
 */
export async function measureJourney({
  root,
  runs = 3,
  databaseUrl,
}: {
  root?: string;
  runs?: number;
  /** an empty database for the served app's records */
  databaseUrl: string;
}) {
  const served: Served = await startServed({ ...(root ? { root } : {}), databaseUrl });
  const browser = await launchBrowser();
  try {
    const maria: StepFigure[][] = [];
    const ana: StepFigure[][] = [];
    for (let i = 0; i < Math.max(1, runs); i += 1) {
      for (const [who, into] of [
        [mariaRun, maria],
        [anaRun, ana],
      ] as const) {
        const context = await phoneContext(browser, served);
        into.push(await who(context, served.stubUrl));
        await context.close();
      }
    }
    return { maria: medians(maria), ana: medians(ana) } satisfies JourneyFigures;
  } finally {
    await browser.close();
    served.stop();
  }
}
