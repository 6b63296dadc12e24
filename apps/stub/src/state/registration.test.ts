import { describe, expect, it } from 'vitest';
import { createOutbox } from './outbox';
import { createRegistration } from './registration';
import { createUsers } from './users';

function setup() {
  const users = createUsers();
  const outbox = createOutbox(() => 0);
  return { users, outbox, ...createRegistration({ users, outbox }) };
}
const input = {
  nome: 'Nova Pessoa',
  email: 'Nova@Example.com',
  telefone: '11987654321',
  whatsapp: false,
  notificacao: true,
};

describe('registration', () => {
  it('registers a document with the password it sends by e-mail and SMS', () => {
    const { users, outbox, register } = setup();
    const password = register({ ...input, cpfCnpj: '12345678909' });
    const user = users.checkPassword('12345678909', password);
    expect(user?.profile).toMatchObject({ email: 'nova@example.com', dtNascimento: '', endereco: null });
    expect(outbox.messages.map((m) => m.canal)).toEqual(['email', 'sms']);
    expect(outbox.messages.every((m) => m.texto.includes(password))).toBe(true);
  });

  it('gives an unseeded person no debts, a score and a question about their mobile', () => {
    const { users, register } = setup();
    register({ ...input, cpfCnpj: '12345678909' });
    expect(users.findUser('12345678909')?.seed).toEqual({
      contracts: [],
      behaviour: {},
      identityQuestion: { pergunta: 'Quais são os quatro últimos dígitos do seu celular?', resposta: '4321' },
      score: 500,
    });
  });

  it('gives an unseeded company no score', () => {
    const { users, register } = setup();
    register({ ...input, cpfCnpj: '11222333000181' });
    expect(users.findUser('11222333000181')?.seed.score).toBeNull();
  });

  it('keeps the seeded debts and question of the persona that exercises registration', () => {
    const { users, register } = setup();
    register({ ...input, cpfCnpj: '71460238001' });
    expect(users.findUser('71460238001')?.seed).toMatchObject({
      score: 690,
      identityQuestion: { pergunta: 'Em que ano você nasceu?', resposta: '1992' },
    });
  });
});
