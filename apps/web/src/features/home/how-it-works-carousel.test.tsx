import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HowItWorksCarousel } from './how-it-works-carousel';

function renderCarousel() {
  render(<HowItWorksCarousel />);
  const carousel = screen.getByRole('region', { name: 'Passo a passo' });
  return {
    carousel,
    viewport: carousel.querySelector('.carousel-viewport') as HTMLElement,
    /** The one slide a screen reader can reach. */
    visible: () => within(carousel).getByRole('group', { name: /de 4$/ }),
    number: (step: number) => within(carousel).getByRole('button', { name: `Etapa ${step}` }),
  };
}

function swipe(element: HTMLElement, dx: number, dy = 0, pointerType = 'touch') {
  const start = { pointerId: 1, isPrimary: true, pointerType, clientX: 200, clientY: 300 };
  fireEvent.pointerDown(element, start);
  fireEvent.pointerUp(element, { ...start, clientX: 200 + dx, clientY: 300 + dy });
}

describe('the "Como funciona" carousel', () => {
  it('is a labelled carousel region showing step 1 of 4, the others hidden and inert', () => {
    const { carousel, visible } = renderCarousel();
    expect(carousel.getAttribute('aria-roledescription')).toBe('carrossel');
    expect(visible().getAttribute('aria-label')).toBe('1 de 4');
    expect(visible().getAttribute('aria-roledescription')).toBe('etapa');
    expect(within(visible()).getByRole('heading', { level: 3 }).textContent).toBe('Informe seu CPF ou CNPJ');

    const slides = carousel.querySelectorAll('[aria-roledescription="etapa"]');
    expect(slides).toHaveLength(4);
    const hidden = Array.from(slides).filter((slide) => slide.getAttribute('aria-hidden') === 'true');
    expect(hidden).toHaveLength(3);
    for (const slide of hidden) expect(slide.hasAttribute('inert')).toBe(true);
  });

  it('goes to the step of a numbered button and marks that button as the current step', async () => {
    const user = userEvent.setup();
    const { visible, number } = renderCarousel();
    expect(number(1).getAttribute('aria-current')).toBe('step');

    await user.click(number(3));
    expect(visible().getAttribute('aria-label')).toBe('3 de 4');
    expect(within(visible()).getByRole('heading').textContent).toBe('Escolha a melhor proposta');
    expect(number(3).getAttribute('aria-current')).toBe('step');
    expect(number(1).hasAttribute('aria-current')).toBe(false);
  });

  it('moves with "Próxima etapa" and "Etapa anterior", going round at either end', async () => {
    const user = userEvent.setup();
    const { visible } = renderCarousel();
    const next = screen.getByRole('button', { name: 'Próxima etapa' });
    const previous = screen.getByRole('button', { name: 'Etapa anterior' });

    await user.click(next);
    expect(visible().getAttribute('aria-label')).toBe('2 de 4');
    await user.click(next);
    await user.click(next);
    expect(within(visible()).getByRole('heading').textContent).toBe('Formalize o acordo');
    await user.click(next);
    expect(visible().getAttribute('aria-label')).toBe('1 de 4');
    await user.click(previous);
    expect(visible().getAttribute('aria-label')).toBe('4 de 4');
    await user.click(previous);
    expect(visible().getAttribute('aria-label')).toBe('3 de 4');
  });

  it('changes the step on a touch swipe of more than 10 px, left for the next, right for the previous', () => {
    const { viewport, visible } = renderCarousel();
    swipe(viewport, -11);
    expect(visible().getAttribute('aria-label')).toBe('2 de 4');
    swipe(viewport, -60);
    expect(visible().getAttribute('aria-label')).toBe('3 de 4');
    swipe(viewport, 11);
    expect(visible().getAttribute('aria-label')).toBe('2 de 4');
  });

  it('ignores a move of 10 px or less, a mostly vertical one and a mouse drag', () => {
    const { viewport, visible } = renderCarousel();
    swipe(viewport, -10);
    swipe(viewport, 9);
    swipe(viewport, -30, 80);
    swipe(viewport, -60, 0, 'mouse');
    expect(visible().getAttribute('aria-label')).toBe('1 de 4');
  });

  it('stops at the first and the last step when swiping', () => {
    const { viewport, visible } = renderCarousel();
    swipe(viewport, 40);
    expect(visible().getAttribute('aria-label')).toBe('1 de 4');
    for (let i = 0; i < 5; i += 1) swipe(viewport, -40);
    expect(visible().getAttribute('aria-label')).toBe('4 de 4');
  });

  it('has no autoplay: the step stays put over time', async () => {
    const { visible } = renderCarousel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(visible().getAttribute('aria-label')).toBe('1 de 4');
  });
});
