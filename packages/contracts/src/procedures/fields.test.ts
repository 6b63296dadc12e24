import { PASSWORD_MISMATCH_MESSAGE, PASSWORD_RULE_MESSAGE } from '@portal/validation/password';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changePasswordInput, profileUpdateInput } from './account';
import { sendAgreementInput } from './agreements';
import { documentField, newPasswordShape, PASSWORDS_MATCH } from './fields';
import { resetPasswordInput } from './recovery';
import { registrationInput } from './registration';

const issuesOf = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the document field', () => {
  it('takes the same CPF masked and normalized, and hands it over normalized', () => {
    expect(documentField.parse('529.982.247-25')).toBe('52998224725');
    expect(documentField.parse('52998224725')).toBe('52998224725');
  });

  it('takes an alphanumeric CNPJ in lower case and hands it over upper-cased', () => {
    expect(documentField.parse('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it("refuses a wrong check digit with 'CPF/CNPJ inválido'", () => {
    expect(issuesOf(documentField, '529.982.247-24')).toEqual([['', 'CPF/CNPJ inválido']]);
  });
});

describe('the new password and its confirmation', () => {
  const schema = z.object(newPasswordShape('Informe a senha.')).refine(...PASSWORDS_MATCH);

  it("names 'confirmacao' when the two differ", () => {
    expect(issuesOf(schema, { novaSenha: 'NovaSenha1', confirmacao: 'Outra1234' })).toEqual([
      ['confirmacao', PASSWORD_MISMATCH_MESSAGE],
    ]);
  });

  it('says the rule under the new password, and the screen’s message when it is empty', () => {
    expect(issuesOf(schema, { novaSenha: 'curta', confirmacao: 'curta' })).toEqual([
      ['novaSenha', PASSWORD_RULE_MESSAGE],
    ]);
    expect(issuesOf(schema, { novaSenha: '', confirmacao: 'x' })[0]).toEqual([
      'novaSenha',
      'Informe a senha.',
    ]);
  });

  it('is the rule of both the reset and the change of password', () => {
    const link = { id: 'abc', codigo: 'def' };
    expect(issuesOf(resetPasswordInput, { ...link, novaSenha: 'NovaSenha1', confirmacao: 'x' })).toEqual([
      ['confirmacao', PASSWORD_MISMATCH_MESSAGE],
    ]);
    const change = { senha: 'Atual1234', novaSenha: 'NovaSenha1', confirmacao: 'x' };
    expect(issuesOf(changePasswordInput, change)).toEqual([['confirmacao', PASSWORD_MISMATCH_MESSAGE]]);
  });
});

describe('the procedure inputs', () => {
  it("checks a registration's name by the kind of its document", () => {
    const fernanda = {
      cpfCnpj: '714.602.380-01',
      nome: '  Fernanda   Oliveira ',
      email: ' Fernanda@Example.com ',
      telefone: '(41) 99123-4567',
      whatsapp: true,
      notificacao: false,
    };
    expect(registrationInput.parse(fernanda)).toEqual({
      ...fernanda,
      cpfCnpj: '71460238001',
      nome: 'Fernanda Oliveira',
      email: 'fernanda@example.com',
      telefone: '41991234567',
    });
    expect(issuesOf(registrationInput, { ...fernanda, nome: 'Fernanda' })).toEqual([
      ['nome', 'Nome inválido'],
    ]);
    expect(
      issuesOf(registrationInput, { ...fernanda, cpfCnpj: '11.222.333/0001-81', nome: 'Comércio' }),
    ).toEqual([]);
  });

  it('keeps a profile with an e-mail or a phone, never neither', () => {
    const profile = { nome: 'Maria Silva', dtNascimento: '15/03/1985', whatsapp: false };
    expect(issuesOf(profileUpdateInput, { ...profile, email: '', telefone: '(11) 91234-5678' })).toEqual([]);
    expect(issuesOf(profileUpdateInput, { ...profile, email: '', telefone: '' })).toEqual([
      ['email', 'Informe um e-mail ou um celular.'],
    ]);
  });

  it("takes the profile's 'Celular' by the one mobile rule: a landline is refused, as the SMS modal refuses it", () => {
    const profile = { nome: 'Maria Silva', dtNascimento: '15/03/1985', email: '', whatsapp: false };
    expect(profileUpdateInput.parse({ ...profile, telefone: '(11) 91234-5678' }).telefone).toBe(
      '11912345678',
    );
    for (const telefone of ['(11) 3322-4455', '1133224455', '(11) 81234-5678', '(20) 91234-5678']) {
      expect(issuesOf(profileUpdateInput, { ...profile, telefone }), telefone).toEqual([
        ['telefone', 'Número de celular inválido'],
      ]);
    }
  });

  it('sends a boleto by SMS to a mobile only, in digits', () => {
    expect(sendAgreementInput.parse({ canal: 'sms', destino: '(11) 91234-5678' })).toEqual({
      canal: 'sms',
      destino: '11912345678',
    });
    expect(issuesOf(sendAgreementInput, { canal: 'sms', destino: '(11) 3333-4444' })).toEqual([
      ['destino', 'Telefone inválido.'],
    ]);
    expect(issuesOf(sendAgreementInput, { canal: 'email', destino: 'maria@' })).toEqual([
      ['destino', 'E-mail inválido'],
    ]);
  });
});
