import type { Profile } from '../../lib/trpc';

/** Maria's profile as `account.profile` returns it. */
export function mariaProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    nome: 'Maria Aparecida da Silva',
    empresa: false,
    dtNascimento: '15/03/1985',
    email: 'maria.silva@example.com',
    telefone: '11912345678',
    whatsapp: true,
    notificacao: true,
    endereco: null,
    ...overrides,
  };
}
