import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Acordo@2026';

export const PERSONAS = {
  maria: { typed: '52998224725', shown: '529.982.247-25', firstName: 'Maria', shortName: 'Maria Aparecida' },
  joao: { typed: '11144477735', shown: '111.444.777-35', firstName: 'João', shortName: 'João Pereira' },
  novaEra: { typed: '12abc34501de35', shown: '12.ABC.345/01DE-35', firstName: 'Nova', shortName: 'Nova Era' },
  paulo: { typed: '86822441018', shown: '868.224.410-18', firstName: 'Paulo', shortName: 'Paulo Henrique' },
} as const;
export type PersonaKey = keyof typeof PERSONAS;

/** What must never reach the browser's storage, cookies, URL or history. */
export const SECRETS = [
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
  await page.goto('/login');
  await page.getByLabel('CPF/CNPJ').fill(PERSONAS[persona].typed);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
}

/** 'Sair' sits in the header on desktop and in the menu on phones. */
export async function signOut(page: Page) {
  const menu = page.getByRole('button', { name: 'Abrir menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
}

export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Browser storage, cookies visible to scripts, the URL and history state hold none of the secrets. */
export async function expectNothingPersonalStored(page: Page) {
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
  for (const secret of SECRETS) expect(stored).not.toContain(secret);
  const cookies = await page.context().cookies();
  for (const cookie of cookies) {
    for (const secret of SECRETS) expect(cookie.value).not.toContain(secret);
    if (cookie.name === 'sid') {
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
    }
  }
}
