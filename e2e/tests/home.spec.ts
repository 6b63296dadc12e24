import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

test.describe('without a cookie choice', () => {
  test.use({ consent: null });

  test('the consent modal offers accepting and refusing alike, and remembers the choice', async ({
    page,
  }) => {
    await page.goto('/');
    const modal = page.getByRole('dialog');
    await expect(modal).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const accept = modal.getByRole('button', { name: 'Aceitar' });
    const refuse = modal.getByRole('button', { name: 'Recusar' });
    const [acceptBox, refuseBox] = [await accept.boundingBox(), await refuse.boundingBox()];
    expect(refuseBox?.height).toBe(acceptBox?.height);
    expect(await refuse.getAttribute('class')).toBe(await accept.getAttribute('class'));

    await refuse.click();
    await expect(modal).toHaveCount(0);
    expect((await page.context().cookies()).find((c) => c.name === 'aceito')?.value).toBe('false');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('accepting sets aceito=true', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('dialog').getByRole('button', { name: 'Aceitar' }).click();
    expect((await page.context().cookies()).find((c) => c.name === 'aceito')?.value).toBe('true');
  });

  test("'Saiba mais' opens the privacy notice", async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Saiba mais' })
      .or(page.getByRole('dialog').getByRole('link', { name: 'Saiba mais' }))
      .click();
    await expect(page).toHaveURL(/\/politica-geral$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aviso de Privacidade' })).toBeVisible();
  });
});

test('partner logos: five, then ten, then all and Ocultar', async ({ page }) => {
  await page.goto('/');
  const partners = page.locator('#parceiros');
  const logos = partners.getByRole('img');
  await expect(logos).toHaveCount(5);
  await partners.getByRole('button', { name: 'Ver mais' }).click();
  await expect(logos).toHaveCount(10);
  await partners.getByRole('button', { name: 'Ver mais' }).click();
  await expect(logos).toHaveCount(12);
  await partners.getByRole('button', { name: 'Ocultar' }).click();
  await expect(logos).toHaveCount(5);
  // every logo really loads (served from our origin)
  for (const img of await logos.all()) {
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
});

test('the four-step carousel moves by its numbered buttons', async ({ page }) => {
  await page.goto('/');
  const carousel = page.locator('#como-funciona');
  await carousel.scrollIntoViewIfNeeded();
  await carousel.getByRole('button', { name: 'Etapa 3', exact: true }).click();
  await expect(carousel.getByRole('group', { name: '3 de 4' })).toBeVisible();
  await expect(carousel.getByRole('group', { name: '1 de 4' })).toBeHidden();
  await expectNoSeriousA11yViolations(page);
});

test('a finger swipe moves the carousel', async ({ page }) => {
  await page.goto('/');
  const carousel = page.locator('#como-funciona');
  await carousel.scrollIntoViewIfNeeded();
  const slide = carousel.getByRole('group', { name: '1 de 4' });
  const box = await slide.boundingBox();
  if (!box) throw new Error('the first slide has no box');
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const swipe = async (fromX: number, toX: number) => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
    for (let step = 1; step <= 5; step += 1) {
      const x = fromX + ((toX - fromX) * step) / 5;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };

  await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
  await expect(carousel.getByRole('group', { name: '2 de 4' })).toBeVisible();
  await expect(slide).toBeHidden();
  await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8);
  await expect(slide).toBeVisible();
});

test('an anchor scrolls its section to just below the 70 px header', async ({ page }, testInfo) => {
  await page.goto('/');
  if (testInfo.project.name === 'phone') await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('link', { name: 'Benefícios' }).first().click();
  await expect(page).toHaveURL(/#beneficios$/);
  await expect
    .poll(async () =>
      page.locator('#beneficios').evaluate((el) => Math.round(el.getBoundingClientRect().top)),
    )
    .toBe(70);
});

test('every public page is clean for axe', async ({ page }) => {
  for (const path of [
    '/',
    '/login',
    '/cadastro',
    '/esqueceu-senha',
    '/nova-senha-pb',
    '/termos-gerais',
    '/politica-geral',
    '/nao-existe',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});

test('the footer is hidden on the terms page and shows the 0800 elsewhere', async ({ page }) => {
  await page.goto('/termos-gerais');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.goto('/login');
  await expect(page.getByRole('contentinfo')).toContainText('0800 000 3634');
});
