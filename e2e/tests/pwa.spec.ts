import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { type AppProcess, startAppProcess } from '@portal/test-kit/app-process';
import { E2E_LOAD_ENV } from '../load-env';
import { expect, expectNoSeriousA11yViolations, STUB_URL, test } from './fixtures';

// The installable app, against its own BFF serving a copy of the build, so a new release can be put in
// its place while a browser has the old one.
const DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const OFFLINE_HEADING = 'Você está sem conexão';

test.use({ serviceWorkers: 'allow' });

let dist: string;
let bff: AppProcess;
test.beforeEach(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'pwa-dist-'));
  cpSync(DIST, dist, { recursive: true });
  bff = await startAppProcess('bff', {
    UPSTREAM_URL: STUB_URL,
    WEB_DIST: dist,
    NODE_ENV: 'production',
    // one process on plain http: production allows both only when told
    COOKIE_SECURE: 'false',
    ALLOW_INSECURE_COOKIES_LOCAL_HTTP: 'true',
    ALLOW_MEMORY_STORE_ONE_INSTANCE: 'true',
    KEY_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    // as the suite's own BFF: under CI's load the production bounds shed a page with 503
    ...E2E_LOAD_ENV,
  });
});
test.afterEach(() => {
  bff.kill('SIGKILL');
  rmSync(dist, { recursive: true, force: true });
});

/** Opens the start page and waits until the service worker controls it. */
async function openControlled(page: Page) {
  await page.goto(`${bff.url}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

test('meets the install criteria and caches no page, API answer or anything personal', async ({ page }) => {
  await openControlled(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(`${bff.url}${href}`)).json();
  expect(manifest).toMatchObject({
    name: 'Negocia Varejo',
    start_url: '/',
    display: 'standalone',
    lang: 'pt-BR',
  });
  const sizes = (manifest.icons as { sizes: string; type: string }[]).map(
    (icon) => `${icon.sizes} ${icon.type}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(['192x192 image/png', '512x512 image/png']));
  for (const icon of manifest.icons as { src: string }[]) {
    const response = await page.request.get(`${bff.url}${icon.src}`);
    expect(response.headers()['content-type']).toBe('image/png');
  }

  // Browse a little, then look at everything the worker keeps.
  await page.getByRole('link', { name: 'Entrar' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached.length).toBeGreaterThan(10);
  expect(cached).toContain('/offline.html');
  const unexpected = cached.filter(
    (url) => !/^\/(assets\/|icons\/|offline\.(html|css)$|favicon\.svg$|manifest\.webmanifest$)/.test(url),
  );
  expect(unexpected).toEqual([]);
});

test('shows the offline page when a page cannot be fetched, and the new release once online', async ({
  page,
  context,
}) => {
  await openControlled(page);
  await expect(page).toHaveTitle('Negocie suas dívidas | Negocia Varejo');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: OFFLINE_HEADING })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto(`${bff.url}/minha-conta`).catch(() => undefined);
  await expect(page.getByRole('heading', { level: 1, name: OFFLINE_HEADING })).toBeVisible();

  // A new release: another start page and another worker, while the browser holds the old ones.
  const home = path.join(dist, 'pages/home.html');
  const newHome = readFileSync(home, 'utf8').replace('</head>', '<meta name="release" content="2"></head>');
  writeFileSync(home, newHome);
  writeFileSync(`${home}.br`, brotliCompressSync(newHome));
  writeFileSync(`${home}.gz`, gzipSync(newHome));
  writeFileSync(
    path.join(dist, 'sw.js'),
    `${readFileSync(path.join(dist, 'sw.js'), 'utf8')}\n// release 2\n`,
  );

  await context.setOffline(false);
  await page.goto(`${bff.url}/`);
  await expect(page.locator('meta[name="release"]')).toHaveAttribute('content', '2');
  // The new worker takes over and still has the offline page.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
    // update() resolves once the new worker is found; going offline while it still installs or activates
    // (skipWaiting, then clientsClaim) can abort the reload below: wait until it is the active one
    const settled = () =>
      !registration?.installing && !registration?.waiting && registration?.active?.state === 'activated';
    while (!settled()) await new Promise((resolve) => setTimeout(resolve, 50));
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: OFFLINE_HEADING })).toBeVisible();
});
