/**
 * What /esqueceu-senha hands to /recuperar-senha: the document and the masked contacts the temporary
 * password went to. In memory only (docs/decisions/0001): a reload forgets it and the page starts over.
 */
export interface RecoveryHandoff {
  /** Normalized ('52998224725'), to send again. */
  cpfCnpj: string;
  id: string;
  /** Masked as the BFF gave them, e.g. 'ma***@example.com'; empty when there is none. */
  email: string;
  telefone: string;
}

let current: RecoveryHandoff | null = null;

export function setRecoveryHandoff(handoff: RecoveryHandoff): void {
  current = handoff;
}

/** The hand-off without consuming it (pure: safe while rendering). */
export function peekRecoveryHandoff(): RecoveryHandoff | null {
  return current;
}

export function clearRecoveryHandoff(): void {
  current = null;
}
