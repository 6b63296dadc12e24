import { errorMessage } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import { saveBlob } from '../../lib/browser/save-file';

/** 'Baixar plano de pagamento': the over-indebtedness plan as a PDF, made from the session's budget. */
export function PlanDownload() {
  const plan = trpc.debts.planPdf.useMutation({
    onSuccess: (file) => {
      const bytes = Uint8Array.from(atob(file.conteudo), (c) => c.charCodeAt(0));
      saveBlob(file.arquivo, new Blob([bytes], { type: 'application/pdf' }));
    },
  });
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        disabled={plan.isPending}
        aria-busy={plan.isPending}
        onClick={() => plan.mutate()}
      >
        Baixar plano de pagamento
      </button>
      {plan.isError ? <p role="alert">{errorMessage(plan.error)}</p> : null}
      {plan.isSuccess ? <p role="status">Plano de pagamento baixado.</p> : null}
    </>
  );
}
