/**
 * What the 'Quase lá' form hands to the policy step (/politica-cadastro), in memory only
 * (docs/decisions/0001): never in the URL, history state or browser storage. A reload forgets it, and the
 * policy step then sends the visitor back to /cadastro. Going back from the policy step keeps it, so the
 * form refills; a successful registration clears it.
 */
export interface RegistrationDraft {
  /** normalized ('52998224725', '12ABC34501DE35') */
  cpfCnpj: string;
  nome: string;
  /** normalized (trimmed, lower case) */
  email: string;
  /** digits only ('11912345678') */
  telefone: string;
  whatsapp: boolean;
  /** ticked in the terms modal ('Declaro que li e aceito…') */
  termosAceitos: boolean;
}

let draft: RegistrationDraft | null = null;

export function saveRegistrationDraft(next: RegistrationDraft): void {
  draft = { ...next };
}

/** The draft, not consumed (pure: safe to call while rendering). */
export function peekRegistrationDraft(): RegistrationDraft | null {
  return draft;
}

export function clearRegistrationDraft(): void {
  draft = null;
}
