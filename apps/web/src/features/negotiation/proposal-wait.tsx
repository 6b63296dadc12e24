export const PROPOSAL_WAIT_TEXT = 'Muito bem! Aguarde enquanto buscamos a sua proposta.';

/** The payment modals' own loading overlay, over the modal while a proposal is fetched or saved. */
export function ProposalWait({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <div className="modal-busy-overlay" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{PROPOSAL_WAIT_TEXT}</p>
    </div>
  );
}
