import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';

function renderForm(props: Partial<Parameters<typeof LoginForm>[0]> = {}) {
  const onSubmit = vi.fn();
  render(<LoginForm onSubmit={onSubmit} {...props} />);
  return {
    onSubmit,
    documentInput: screen.getByLabelText('CPF/CNPJ') as HTMLInputElement,
    passwordInput: screen.getByLabelText('Senha', { selector: 'input' }) as HTMLInputElement,
    submit: screen.getByRole('button', { name: /^Entra(r|ndo…)$/ }),
  };
}

describe('LoginForm', () => {
  it('shows both errors and does not submit when sent empty', async () => {
    const { onSubmit, submit, documentInput } = renderForm();
    await userEvent.click(submit);

    expect(await screen.findByText('CPF/CNPJ inválido')).toBeTruthy();
    expect(screen.getByText('Informe a senha.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(documentInput);
  });

  it('refuses a document with a wrong check digit', async () => {
    const { onSubmit, submit, documentInput, passwordInput } = renderForm();
    await userEvent.type(documentInput, '52998224724');
    await userEvent.type(passwordInput, 'Acordo@2026');
    await userEvent.click(submit);

    expect(await screen.findByText('CPF/CNPJ inválido')).toBeTruthy();
    expect(screen.queryByText('Informe a senha.')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the normalized document and the password', async () => {
    const { onSubmit, submit, documentInput, passwordInput } = renderForm();
    await userEvent.type(documentInput, '52998224725');
    await userEvent.type(passwordInput, 'Acordo@2026');
    await userEvent.click(submit);

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ cpfCnpj: '52998224725', senha: 'Acordo@2026' });
  });

  it('submits an alphanumeric CNPJ upper-cased and without punctuation', async () => {
    const { onSubmit, submit, documentInput, passwordInput } = renderForm();
    await userEvent.type(documentInput, '12abc34501de35');
    await userEvent.type(passwordInput, 'x');
    await userEvent.click(submit);

    expect(onSubmit).toHaveBeenCalledWith({ cpfCnpj: '12ABC34501DE35', senha: 'x' });
  });

  it('shows no error before a field is touched, and the error once it is left', async () => {
    const { documentInput, passwordInput } = renderForm();
    expect(screen.queryByText('CPF/CNPJ inválido')).toBeNull();
    await userEvent.type(documentInput, '123');
    expect(screen.queryByText('CPF/CNPJ inválido')).toBeNull();
    await userEvent.click(passwordInput);
    expect(await screen.findByText('CPF/CNPJ inválido')).toBeTruthy();
  });

  it('leaves an empty password alone when the focus leaves it untyped, and asks for it at the submit', async () => {
    const { passwordInput, submit } = renderForm({
      defaultDocument: '52998224725',
      afterPassword: <a href="#esqueci">Esqueci minha senha</a>,
    });
    await waitFor(() => expect(document.activeElement).toBe(passwordInput));
    // The home banner's way in: the password has the focus, and the person clicks the link below it.
    await userEvent.click(screen.getByRole('link', { name: 'Esqueci minha senha' }));
    expect(document.activeElement).not.toBe(passwordInput);
    await import('../../lib/forms/form-resolvers'); // what the blur would have checked with is here
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText('Informe a senha.')).toBeNull();

    await userEvent.click(submit);
    expect(await screen.findByText('Informe a senha.')).toBeTruthy();
  });

  it('starts from a given document, formatted, with the focus on the password', async () => {
    const { documentInput, passwordInput } = renderForm({ defaultDocument: '52998224725' });
    expect(documentInput.value).toBe('529.982.247-25');
    await waitFor(() => expect(document.activeElement).toBe(passwordInput));
  });

  it('shows and hides the password with a pressed toggle', async () => {
    const { passwordInput } = renderForm();
    const toggle = screen.getByRole('button', { name: 'Mostrar senha' });
    expect(passwordInput.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(toggle);
    expect(passwordInput.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Ocultar senha');
  });

  it('disables the button and says so while signing in', () => {
    renderForm({ pending: true });
    const button = screen.getByRole('button', { name: 'Entrando…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('offers no question sign-in unless asked to', () => {
    renderForm();
    expect(screen.queryByRole('button', { name: 'Entrar respondendo a uma pergunta' })).toBeNull();
  });

  it('asks for the question with the normalized document only, the password left empty', async () => {
    const onChallenge = vi.fn();
    const { onSubmit, documentInput } = renderForm({ onChallenge });
    await userEvent.type(documentInput, '529.982.247-25');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar respondendo a uma pergunta' }));

    expect(onChallenge).toHaveBeenCalledWith('52998224725');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByText('Informe a senha.')).toBeNull();
  });

  it('shows the document error and focuses the field instead of asking for the question', async () => {
    const onChallenge = vi.fn();
    const { documentInput } = renderForm({ onChallenge });
    await userEvent.type(documentInput, '11111111111');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar respondendo a uma pergunta' }));

    expect(await screen.findByText('CPF/CNPJ inválido')).toBeTruthy();
    expect(document.activeElement).toBe(documentInput);
    expect(onChallenge).not.toHaveBeenCalled();
    expect(screen.queryByText('Informe a senha.')).toBeNull();
  });

  it('puts what it is given between the password and "Entrar", and hands over the document input', () => {
    const documentRef = createRef<HTMLInputElement>();
    const { documentInput, passwordInput, submit } = renderForm({
      documentRef,
      afterPassword: <a href="/esqueceu-senha">Esqueci minha senha</a>,
    });
    const link = screen.getByRole('link', { name: 'Esqueci minha senha' });
    expect(passwordInput.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(link.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(documentRef.current).toBe(documentInput);
  });
});
