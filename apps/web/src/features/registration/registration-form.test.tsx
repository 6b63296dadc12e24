import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takePrefill } from '../../lib/forms/prefill';
import {
  RegistrationForm,
  type RegistrationFormHandle,
  type RegistrationFormProps,
} from './registration-form';

function renderForm(props: Partial<RegistrationFormProps> = {}) {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  const ref = createRef<RegistrationFormHandle>();
  render(
    <MemoryRouter>
      <RegistrationForm ref={ref} onSubmit={onSubmit} {...props} />
    </MemoryRouter>,
  );
  return {
    user,
    onSubmit,
    ref,
    documentInput: () => screen.getByLabelText('CPF/CNPJ', { selector: 'input' }) as HTMLInputElement,
    nameInput: () => screen.getByRole('textbox', { name: /Nome Completo|Razão Social/ }) as HTMLInputElement,
    emailInput: () => screen.getByLabelText('E-mail') as HTMLInputElement,
    phoneInput: () => screen.getByLabelText('Celular') as HTMLInputElement,
    submit: () => screen.getByRole('button', { name: 'Finalizar cadastro' }),
  };
}

type Form = ReturnType<typeof renderForm>;

/** Fills every field validly; `document: null` leaves the document as it is. */
async function fillValid(form: Form, overrides: { document?: string | null; name?: string } = {}) {
  if (overrides.document !== null)
    await form.user.type(form.documentInput(), overrides.document ?? '71460238001');
  await form.user.type(form.nameInput(), overrides.name ?? 'Fernanda Oliveira Souza');
  await form.user.type(form.emailInput(), 'fernanda.souza@example.com.br');
  await form.user.type(form.phoneInput(), '41991234567');
}

afterEach(() => {
  takePrefill();
});

describe('RegistrationForm', () => {
  it('shows every field message when sent empty, focuses the document and does not submit', async () => {
    const form = renderForm();
    await form.user.click(form.submit());

    expect(await screen.findByText('CPF/CNPJ inválido')).toBeTruthy();
    expect(screen.getByText('Nome inválido')).toBeTruthy();
    expect(screen.getByText('E-mail inválido')).toBeTruthy();
    expect(screen.getByText('Número de celular inválido')).toBeTruthy();
    expect(form.onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(form.documentInput());
    expect(form.emailInput().getAttribute('aria-invalid')).toBe('true');
    expect(form.emailInput().getAttribute('aria-describedby')).toBe(screen.getByText('E-mail inválido').id);
  });

  it('submits the normalized values of a valid form', async () => {
    const form = renderForm();
    await form.user.type(form.documentInput(), '71460238001');
    await form.user.type(form.nameInput(), '  Fernanda   Oliveira Souza ');
    await form.user.type(form.emailInput(), 'Fernanda.Souza@Example.com.br');
    await form.user.type(form.phoneInput(), '41991234567');
    await form.user.click(screen.getByLabelText('Meu número é o mesmo do WhatsApp'));
    await form.user.click(form.submit());

    expect(form.onSubmit).toHaveBeenCalledTimes(1);
    expect(form.onSubmit).toHaveBeenCalledWith({
      cpfCnpj: '71460238001',
      nome: 'Fernanda Oliveira Souza',
      email: 'fernanda.souza@example.com.br',
      telefone: '41991234567',
      whatsapp: true,
    });
  });

  it('refuses a CPF with a wrong check digit, and only the document', async () => {
    const form = renderForm();
    await fillValid(form, { document: '71460238002' });
    await form.user.click(form.submit());

    expect(await screen.findByText('CPF/CNPJ inválido')).toBeTruthy();
    expect(screen.queryByText('Nome inválido')).toBeNull();
    expect(form.onSubmit).not.toHaveBeenCalled();
  });

  it('asks a person for at least two words of letters as the full name', async () => {
    const form = renderForm();
    await fillValid(form, { name: 'Fernanda' });
    await form.user.click(form.submit());

    expect(await screen.findByText('Nome inválido')).toBeTruthy();
    expect(document.activeElement).toBe(form.nameInput());
    expect(form.onSubmit).not.toHaveBeenCalled();

    await form.user.type(form.nameInput(), ' Souza');
    await waitFor(() => expect(screen.queryByText('Nome inválido')).toBeNull());
  });

  it('labels the name "Nome Completo" for a CPF and "Razão Social" from the 12th character on', async () => {
    const form = renderForm();
    expect(screen.getByLabelText('Nome Completo')).toBeTruthy();
    await form.user.type(form.documentInput(), '11222333000');
    expect(screen.getByLabelText('Nome Completo')).toBeTruthy();
    await form.user.type(form.documentInput(), '1');
    expect(screen.getByLabelText('Razão Social')).toBeTruthy();
    expect(screen.queryByLabelText('Nome Completo')).toBeNull();
  });

  it('asks an alphanumeric CNPJ for the "Razão Social" and accepts a one-word company name', async () => {
    const form = renderForm();
    await form.user.type(form.documentInput(), '12abc34501de35');
    expect(screen.getByLabelText('Razão Social')).toBeTruthy();
    await fillValid(form, { document: null, name: 'Acme' });
    await form.user.click(form.submit());

    expect(form.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ cpfCnpj: '12ABC34501DE35', nome: 'Acme' }),
    );
  });

  it('checks the name again when the document switches from a company to a person', async () => {
    const form = renderForm();
    await form.user.type(form.documentInput(), '11222333000181');
    await form.user.type(form.nameInput(), 'Acme');
    await form.user.tab();
    expect(screen.queryByText('Nome inválido')).toBeNull();

    await form.user.clear(form.documentInput());
    await form.user.type(form.documentInput(), '71460238001');
    expect(await screen.findByText('Nome inválido')).toBeTruthy();
    expect(screen.getByLabelText('Nome Completo')).toBeTruthy();
  });

  it('masks the mobile number as (00) 00000-0000 and ignores letters and extra digits', async () => {
    const form = renderForm();
    await form.user.type(form.phoneInput(), '41a99123b4567890');
    expect(form.phoneInput().value).toBe('(41) 99123-4567');
  });

  it('refuses a mobile number with an area code that does not exist', async () => {
    const form = renderForm();
    await fillValid(form);
    await form.user.clear(form.phoneInput());
    await form.user.type(form.phoneInput(), '20991234567');
    await form.user.click(form.submit());

    expect(await screen.findByText('Número de celular inválido')).toBeTruthy();
    expect(document.activeElement).toBe(form.phoneInput());
    expect(form.onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an incomplete mobile number once the field is left', async () => {
    const form = renderForm();
    await form.user.type(form.phoneInput(), '4199123');
    expect(screen.queryByText('Número de celular inválido')).toBeNull();
    await form.user.tab();
    expect(await screen.findByText('Número de celular inválido')).toBeTruthy();
  });

  it('refuses an e-mail without a domain suffix', async () => {
    const form = renderForm();
    await fillValid(form);
    await form.user.clear(form.emailInput());
    await form.user.type(form.emailInput(), 'fernanda@example');
    await form.user.click(form.submit());

    expect(await screen.findByText('E-mail inválido')).toBeTruthy();
    expect(form.onSubmit).not.toHaveBeenCalled();
  });

  it('shows the document at first, and hides it as dots with a pressed toggle', async () => {
    const form = renderForm();
    await form.user.type(form.documentInput(), '71460238001');
    const toggle = screen.getByRole('button', { name: 'Ocultar CPF/CNPJ' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(form.documentInput().id);
    expect(form.documentInput().closest('.registration-document--hidden')).toBeNull();

    await form.user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-label')).toBe('Mostrar CPF/CNPJ');
    // The dots come from the stylesheet (-webkit-text-security); the value itself stays editable.
    expect(form.documentInput().closest('.registration-document--hidden')).toBeTruthy();
    expect(form.documentInput().value).toBe('714.602.380-01');

    await form.user.click(screen.getByRole('button', { name: 'Mostrar CPF/CNPJ' }));
    expect(form.documentInput().closest('.registration-document--hidden')).toBeNull();
  });

  it('starts from given values, formatted', () => {
    const form = renderForm({
      defaultValues: {
        cpfCnpj: '71460238001',
        nome: 'Fernanda Oliveira Souza',
        email: 'fernanda.souza@example.com.br',
        telefone: '41991234567',
        whatsapp: true,
      },
    });
    expect(form.documentInput().value).toBe('714.602.380-01');
    expect(form.nameInput().value).toBe('Fernanda Oliveira Souza');
    expect(form.emailInput().value).toBe('fernanda.souza@example.com.br');
    expect(form.phoneInput().value).toBe('(41) 99123-4567');
    expect((screen.getByLabelText('Meu número é o mesmo do WhatsApp') as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('puts the focus on the name when asked to (the document came filled in)', async () => {
    const form = renderForm({ defaultValues: { cpfCnpj: '71460238001' }, focusName: true });
    await waitFor(() => expect(document.activeElement).toBe(form.nameInput()));
  });

  it('shows contacts already in use under their fields and hands back the first one', async () => {
    const form = renderForm();
    await fillValid(form);
    let first: HTMLElement | null | undefined;
    act(() => {
      first = form.ref.current?.showConflicts({
        email: 'E-mail já cadastrado. Por favor, utilize outro e-mail',
        telefone: 'Telefone já cadastrado. Por favor, utilize outro telefone',
      });
    });

    expect(first).toBe(form.emailInput());
    const emailError = await screen.findByText('E-mail já cadastrado. Por favor, utilize outro e-mail');
    expect(form.emailInput().getAttribute('aria-describedby')).toBe(emailError.id);
    const phoneError = screen.getByText('Telefone já cadastrado. Por favor, utilize outro telefone');
    expect(form.phoneInput().getAttribute('aria-describedby')).toBe(phoneError.id);
  });

  it('hands back the phone when only the phone is in use', async () => {
    const form = renderForm();
    let first: HTMLElement | null | undefined;
    act(() => {
      first = form.ref.current?.showConflicts({ email: null, telefone: 'Telefone já cadastrado.' });
    });
    expect(first).toBe(form.phoneInput());
    expect(await screen.findByText('Telefone já cadastrado.')).toBeTruthy();
    expect(screen.queryByText(/E-mail já cadastrado/)).toBeNull();
  });

  it('hands a valid document to the login page through "Fazer login", and nothing otherwise', async () => {
    const form = renderForm();
    await form.user.type(form.documentInput(), '7146023800');
    await form.user.click(screen.getByRole('link', { name: 'Fazer login' }));
    expect(takePrefill()).toBeNull();

    await form.user.type(form.documentInput(), '1');
    const link = screen.getByRole('link', { name: 'Fazer login' });
    expect(link.getAttribute('href')).toBe('/login');
    await form.user.click(link);
    expect(takePrefill()).toBe('71460238001');
  });

  it('disables the button while the contacts are being checked', () => {
    const form = renderForm({ pending: true });
    expect((form.submit() as HTMLButtonElement).disabled).toBe(true);
  });

  it('tells the page each valid document the field comes to hold, normalized, and when it holds none', async () => {
    const onDocumentChange = vi.fn();
    const form = renderForm({ onDocumentChange });
    expect(onDocumentChange.mock.calls).toEqual([[null]]);

    await form.user.type(form.documentInput(), '5299822472');
    expect(onDocumentChange.mock.calls).toEqual([[null]]);
    await form.user.type(form.documentInput(), '5');
    expect(onDocumentChange).toHaveBeenLastCalledWith('52998224725');
    await form.user.type(form.documentInput(), '{Backspace}');
    expect(onDocumentChange).toHaveBeenLastCalledWith(null);

    await form.user.clear(form.documentInput());
    await form.user.type(form.documentInput(), '12abc34501de35');
    expect(onDocumentChange).toHaveBeenLastCalledWith('12ABC34501DE35');
    expect(onDocumentChange.mock.calls.filter(([document]) => document !== null)).toEqual([
      ['52998224725'],
      ['12ABC34501DE35'],
    ]);
  });

  it('tells the page the document it opened with', () => {
    const onDocumentChange = vi.fn();
    renderForm({ onDocumentChange, defaultValues: { cpfCnpj: '52998224725' } });
    expect(onDocumentChange.mock.calls).toEqual([['52998224725']]);
  });

  it('hands the page its CPF/CNPJ input, where focus goes back to', () => {
    const form = renderForm();
    expect(form.ref.current?.documentInput()).toBe(form.documentInput());
  });
});
