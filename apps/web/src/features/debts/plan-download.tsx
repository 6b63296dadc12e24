import { errorMessage } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';

/** Saves a file the BFF sent as base64 under the name it gave, through a temporary `<a download>`. */
function saveBase64(fileName: string, base64: string, type: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 'Baixar plano de pagamento': the over-indebtedness plan as a PDF, made from the session's budget. */
export function PlanDownload() {
  const plan = trpc.debts.planPdf.useMutation({
    onSuccess: (file) => saveBase64(file.arquivo, file.conteudo, 'application/pdf'),
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
