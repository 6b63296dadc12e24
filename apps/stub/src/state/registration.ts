import { isCompanyDocument } from '@portal/validation/document';
import { PERSONAS } from '../data/personas';
import type { Outbox } from './outbox';
import { generatePassword } from './passwords';
import { seedOf } from './personas';
import type { StubProfile, StubUser, Users } from './users';

interface RegistrationOptions {
  users: Users;
  outbox: Outbox;
}

type RegistrationInput = Omit<StubProfile, 'dtNascimento' | 'endereco'> & { cpfCnpj: string };

/** What a document registered without seeded debts starts with. */
const blankSeed = (input: RegistrationInput): StubUser['seed'] => ({
  contracts: [],
  behaviour: {},
  identityQuestion: {
    pergunta: 'Quais são os quatro últimos dígitos do seu celular?',
    resposta: input.telefone.slice(-4),
  },
  score: isCompanyDocument(input.cpfCnpj) ? null : 500,
});

/** Self-registration of a document that has none yet. */
export function createRegistration({ users, outbox }: RegistrationOptions) {
  return {
    /**
     * Registers a document with a generated password, sent by e-mail and SMS. A seeded but
     * unregistered persona keeps its seeded debts; any other document starts with none.
     */
    register(input: RegistrationInput): string {
      const password = generatePassword();
      const persona = PERSONAS.find((p) => p.cpfCnpj === input.cpfCnpj);
      const seed = persona ? seedOf(persona) : blankSeed(input);
      const { cpfCnpj, ...profile } = input;
      const user = users.addUser(
        cpfCnpj,
        { ...profile, email: profile.email.toLowerCase(), dtNascimento: '', endereco: null },
        seed,
        password,
      );
      const text = `Sua senha provisória de acesso é ${password}. Altere-a em Mais opções > Alterar senha.`;
      outbox.send(user, 'email', 'Bem-vindo ao portal de negociação', text);
      outbox.send(user, 'sms', 'Senha provisória', text);
      return password;
    },
  };
}
