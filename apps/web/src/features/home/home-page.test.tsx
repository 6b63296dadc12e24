import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths';
import { setPrefill } from '../../lib/prefill';
import { HomePage } from './home-page';

vi.mock('../../lib/prefill', { spy: true });

function LoginStandIn() {
  const location = useLocation();
  return (
    <p>
      login page at {location.pathname}
      {location.search}
    </p>
  );
}

function renderHome() {
  render(
    <MemoryRouter initialEntries={[paths.home]}>
      <Routes>
        <Route path={paths.home} element={<HomePage />} />
        <Route path={paths.login} element={<LoginStandIn />} />
      </Routes>
    </MemoryRouter>,
  );
  return {
    input: screen.getByLabelText('CPF/CNPJ') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Consultar grátis' }),
  };
}

describe('HomePage', () => {
  it('shows the error under the field, focuses it and stays when the document is invalid', async () => {
    const { input, submit } = renderHome();
    await userEvent.type(input, '52998224724');
    await userEvent.click(submit);

    const error = await screen.findByText('CPF/CNPJ inválido');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(input);
    expect(screen.queryByText(/login page/)).toBeNull();
    expect(setPrefill).not.toHaveBeenCalled();
  });

  it('refuses an empty document', async () => {
    const { submit } = renderHome();
    await userEvent.click(submit);
    expect(await screen.findByText('CPF/CNPJ inválido')).toBeTruthy();
  });

  it('hands a valid document to the login page in memory and goes to /login without it in the URL', async () => {
    const { input, submit } = renderHome();
    await userEvent.type(input, '52998224725');
    await userEvent.click(submit);

    expect(await screen.findByText('login page at /login')).toBeTruthy();
    expect(setPrefill).toHaveBeenCalledWith('52998224725');
  });

  it('sets the page title', () => {
    renderHome();
    expect(document.title).toBe('Negocie suas dívidas | Negocia Varejo');
  });
});
