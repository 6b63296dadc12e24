import { CEP_REQUIRED_MESSAGE } from '@portal/validation/address';
import { BIRTH_DATE_INVALID_MESSAGE as DATE_INVALID_MESSAGE } from '@portal/validation/birth-date';
import { CONTACT_REQUIRED_MESSAGE } from '@portal/validation/contact';
import { describe, expect, it } from 'vitest';
import { type ProfileFormValues, profileSchema } from './profile-form';

const TODAY = '2026-11-23';

const VALUES: ProfileFormValues = {
  nome: '  Maria   Aparecida da Silva ',
  dtNascimento: '15/03/1985',
  email: ' Maria.Silva@Example.com ',
  telefone: '(11) 91234-5678',
  whatsapp: true,
  cep: '',
  endereco: '',
  numero: '',
  complemento: '',
  cidade: '',
  uf: '',
};

const person = profileSchema(false, TODAY);

/** The field → message pairs of a failed parse. */
function errorsOf(values: { [K in keyof ProfileFormValues]?: unknown }, schema = person) {
  const result = schema.safeParse({ ...VALUES, ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the profile form rules', () => {
  it('hands over the name single-spaced, the e-mail lower-cased, the phone in digits and no address', () => {
    expect(person.parse(VALUES)).toEqual({
      nome: 'Maria Aparecida da Silva',
      dtNascimento: '15/03/1985',
      email: 'maria.silva@example.com',
      telefone: '11912345678',
      whatsapp: true,
    });
  });

  it.each([
    ['31/02/1990', 'a day that does not exist'],
    ['24/11/2026', 'tomorrow'],
    ['22/11/1895', 'an age of 131'],
    ['15/03/19', 'an incomplete date'],
    ['', 'nothing'],
  ])("refuses %s (%s) with 'Data inválida'", (dtNascimento) => {
    expect(errorsOf({ dtNascimento })).toEqual({ dtNascimento: DATE_INVALID_MESSAGE });
  });

  it('takes today and an age of 130 and a day', () => {
    expect(errorsOf({ dtNascimento: '23/11/2026' })).toEqual({});
    expect(errorsOf({ dtNascimento: '22/11/1896' })).toEqual({});
  });

  it("refuses a one-word person's name but takes it as a company's name", () => {
    expect(errorsOf({ nome: 'Maria' })).toEqual({ nome: 'Nome inválido' });
    expect(errorsOf({ nome: 'Comércio' }, profileSchema(true, TODAY))).toEqual({});
  });

  it('takes either contact alone, a mobile only, and refuses to save with neither', () => {
    expect(errorsOf({ email: '' })).toEqual({});
    expect(errorsOf({ telefone: '' })).toEqual({});
    expect(errorsOf({ telefone: '(11) 3322-4455' })).toEqual({ telefone: 'Número de celular inválido' });
    expect(errorsOf({ email: '', telefone: '' })).toEqual({ email: CONTACT_REQUIRED_MESSAGE });
  });

  it('names the bad e-mail and the bad phone', () => {
    expect(errorsOf({ email: 'maria@' })).toEqual({ email: 'E-mail inválido' });
    expect(errorsOf({ telefone: '(00) 91234-5678' })).toEqual({ telefone: 'Número de celular inválido' });
  });

  it('drops the WhatsApp flag without a phone', () => {
    expect(person.parse({ ...VALUES, telefone: '' }).whatsapp).toBe(false);
  });

  it('sends the address, trimmed and with the CEP in digits, only with a CEP', () => {
    const address = {
      cep: '01310-100',
      endereco: ' Av. Paulista ',
      numero: '1000',
      complemento: '',
      cidade: 'São Paulo',
      uf: 'SP' as const,
    };
    expect(person.parse({ ...VALUES, ...address }).endereco).toEqual({
      cep: '01310100',
      endereco: 'Av. Paulista',
      numero: '1000',
      complemento: '',
      cidade: 'São Paulo',
      uf: 'SP',
    });
    expect(errorsOf({ ...address, cep: '' })).toEqual({ cep: CEP_REQUIRED_MESSAGE });
    expect(errorsOf({ ...address, cep: '01310-10' })).toEqual({ cep: 'CEP inválido' });
  });

  it('refuses a state that is not one of the 27', () => {
    expect(errorsOf({ cep: '01310-100', uf: 'XX' })).toHaveProperty('uf');
  });
});
