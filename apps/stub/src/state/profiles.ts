import type { StubProfile, StubUser, Users } from './users';

/** Profile and consent edits, and which e-mails and phones registrations already use. */
export function createProfiles(users: Users) {
  return {
    /** Another registration that already uses this e-mail or phone (a user may keep their own). */
    contactTakenByOther(user: StubUser, field: 'email' | 'telefone', value: string): boolean {
      if (value === '') return false;
      const wanted = field === 'email' ? value.toLowerCase() : value;
      return users.allUsers().some((u) => u !== user && u.profile[field] === wanted);
    },

    updateProfile(user: StubUser, patch: Partial<StubProfile>) {
      user.profile = { ...user.profile, ...patch };
      if (patch.email !== undefined) user.profile.email = patch.email.toLowerCase();
    },

    contactCounts(email: string, telefone: string) {
      const all = users.allUsers();
      return {
        countEmail: email ? all.filter((u) => u.profile.email === email.toLowerCase()).length : 0,
        countTelefone: telefone ? all.filter((u) => u.profile.telefone === telefone).length : 0,
      };
    },
  };
}
