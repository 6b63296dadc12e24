/**
 * Documents whose next gerarBoleto the simulator carries out but never answers, once: how an end-to-end
 * test plays a reply lost after the upstream made the agreement, for one person while others go on.
 */
export function createLostAgreementReplies() {
  const pending = new Set<string>();
  return {
    loseNextAgreementReply(cpfCnpj: string): void {
      pending.add(cpfCnpj);
    },
    /** True, once, when the document's agreement reply is to be lost. */
    takeLostAgreementReply(cpfCnpj: string): boolean {
      return pending.delete(cpfCnpj);
    },
  };
}
