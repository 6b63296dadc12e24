import { useLocation, useNavigate } from 'react-router-dom';
import { type SaveSummaryInput, trpc } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';

/**
 * Keeps the agreement summary in the BFF session and goes to /resumo; the summary's
 * back arrow returns to the page and query that built it.
 */
export function useSaveSummary() {
  const navigate = useNavigate();
  const location = useLocation();
  const utils = trpc.useUtils();
  const mutation = trpc.negotiation.saveSummary.useMutation({
    // /resumo shows the summary at once: it is handed over, with its creation not yet sent.
    onSuccess: (summary) => {
      utils.negotiation.summary.setData(undefined, summary);
      utils.agreements.intent.setData({ chave: summary.chave }, { status: 'nenhum' });
      void navigate(paths.resumo);
    },
  });
  const save = (input: Omit<SaveSummaryInput, 'retorno'>) =>
    mutation.mutate({ ...input, retorno: `${location.pathname}${location.search}` });
  return { save, isPending: mutation.isPending, error: mutation.error, reset: mutation.reset };
}
