import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { reminderHoursNow } from '@portal/test-kit/push-receiver';
import { E2E_LOAD_ENV } from './load-env';

const port = Number(process.env.E2E_PORT ?? 3100);
const stubPort = Number(process.env.E2E_STUB_PORT ?? 3101);
const baseURL = `http://127.0.0.1:${port}`;
const DATA_DIR = join(tmpdir(), `portal-e2e-data-${port}`);
/**
 * The local push services of reminders.spec.ts (test-kit's push receiver), one a project: its phone run
 * listens on this port, its desktop run on the next, so the two runs in parallel never share one.
 */
const pushPort = Number(process.env.E2E_PUSH_PORT ?? 3102);
/** The run's Web Push key pair, as production configures one (the BFF's own web-push makes it). */
const vapid = (
  createRequire(new URL('../apps/bff/package.json', import.meta.url))('web-push') as {
    generateVAPIDKeys(): { publicKey: string; privateKey: string };
  }
).generateVAPIDKeys();
/** Walks every screen at 360 px; its own project runs it, and only it. */
const NARROW_PHONE = 'narrow-phone.spec.ts';
const launchOptions = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--disable-background-networking'],
};

/**
 * The whole stack (stub + BFF serving the built SPA) through Debian's Chromium, at phone and desktop sizes;
 * the navigation by clicks at tablet size too, and the fit-the-screen walk on a 360 px phone.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // each project's and the slowest files' times after the list (e2e/project-times.ts)
  reporter: [['list'], ['./project-times.ts']],
  // Two browsers and the whole stack share CI's 2 cores: a long page-by-page axe sweep needs headroom.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The service worker is tested on its own (pwa.spec.ts): elsewhere it would hide requests from page.route.
  use: { baseURL, trace: 'retain-on-failure', launchOptions, serviceWorkers: 'block' },
  projects: [
    { name: 'phone', testIgnore: NARROW_PHONE, use: { ...devices['Pixel 7'], launchOptions } },
    { name: 'desktop', testIgnore: NARROW_PHONE, use: { ...devices['Desktop Chrome'], launchOptions } },
    {
      // The narrowest phone in common use, 360 × 740 by touch, for the fit-the-screen walk only.
      name: 'phone-360',
      testMatch: NARROW_PHONE,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 360, height: 740 },
        screen: { width: 360, height: 740 },
        hasTouch: true,
        isMobile: true,
        defaultBrowserType: 'chromium',
        launchOptions,
      },
    },
    {
      // A touch tablet at 820 × 1180 (the signed-in header's wide layout at its narrowest), for the
      // click-through navigation only. Playwright's iPad descriptors default to WebKit: same Chromium here.
      name: 'tablet',
      testMatch: ['navigation.spec.ts', 'account-activity.spec.ts'],
      use: {
        ...devices['iPad Mini'],
        viewport: { width: 820, height: 1180 },
        defaultBrowserType: 'chromium',
        launchOptions,
      },
    },
  ],
  webServer: {
    // a fresh data folder each run (the embedded database and its key): no run sees another's records
    command: `rm -rf ${DATA_DIR} && node --import tsx ../scripts/start.ts`,
    url: baseURL,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      PORTAL_DATA_DIR: DATA_DIR,
      // tests read the simulator's outbox and mint Google credentials there (tests/fixtures.ts STUB_URL)
      STUB_PORT: String(stubPort),
      GOOGLE_CLIENT_ID: 'portal-e2e.apps.googleusercontent.com',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // short enough for the timeout journey to run in seconds
      PROXY_TIMEOUT_MS: '3000',
      // the whole suite signs in from one IP
      SIGNIN_MAX_ATTEMPTS_PER_IP: '10000',
      // and answers Maria's identity question at every width, each from a browser new to her
      CHALLENGE_ANSWERS_PER_DOCUMENT_DAY: '1000',
      LOOKUP_MAX_PER_IP: '10000',
      TRACK_VIEWS_MAX_PER_IP: '100000',
      RECOVERY_MAX_PER_IP: '1000',
      // every sign-in counts as older than the window: a new e-mail, phone or deletion asks for the password
      REAUTH_WINDOW_MINUTES: '0',
      ...E2E_LOAD_ENV,
      // reminders by Web Push, to the local push services only, swept often, sent at this hour (a reminder due
      // today is due now) and never in quiet hours now
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_SERVICES: `http://127.0.0.1:${pushPort},http://127.0.0.1:${pushPort + 1}`,
      REMINDER_SWEEP_MS: '500',
      ...reminderHoursNow(),
    },
  },
});
