/**
 * Documents whose next password sign-in the simulator refuses with a server error, once: how a test
 * plays the upstream failing right after a registration (the registration stands, its sign-in does not).
 */
export function createLoginRefusals() {
  const pending = new Set<string>();
  return {
    refuseNextLogin(cpfCnpj: string): void {
      pending.add(cpfCnpj);
    },
    /** True, once, when the document's next sign-in is to be refused. */
    takeLoginRefusal(cpfCnpj: string): boolean {
      return pending.delete(cpfCnpj);
    },
  };
}
