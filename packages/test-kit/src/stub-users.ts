import { createUsers, type StubUser, type Users } from '@portal/stub/state/users';

/** Registers a person with no debts and the demo password; a fresh registry unless one is given. */
export function addTestUser(users: Users = createUsers(), cpfCnpj = '12345678909'): StubUser {
  return users.addUser(
    cpfCnpj,
    {
      nome: 'Pessoa de Teste',
      email: 'pessoa@example.com',
      telefone: '11987654321',
      whatsapp: false,
      dtNascimento: '',
      endereco: null,
      notificacao: false,
    },
    { contracts: [], behaviour: {}, identityQuestion: { pergunta: '?', resposta: '4321' }, score: 500 },
    'Acordo@2026',
  );
}
