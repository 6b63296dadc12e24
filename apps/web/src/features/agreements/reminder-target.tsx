import { Navigate } from 'react-router-dom';
import { QueryErrorModal } from '../../components/ui/query-error-modal';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { isBadRequest, isUnauthorized } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import { agreementsHref } from '../../lib/navigation/journey-links';
import { paths } from '../../lib/navigation/paths';

/**
 * /acordos?lembrete=ID, where a reminder's notification leads: the agreement it reminds of, by its usual
 * link; a reminder that is not the person's (or no longer names an agreement) leads to Minha conta.
 */
export function ReminderTarget({ lembrete }: { lembrete: string }) {
  const target = trpc.reminders.target.useQuery({ lembrete }, { gcTime: 0, retry: false });
  if (target.isPending) return <SpinnerModal open text="Buscando dados..." />;
  if (target.isError) {
    if (isUnauthorized(target.error)) return null;
    if (isBadRequest(target.error)) return <Navigate to={paths.minhaConta} replace />;
    return <QueryErrorModal open error={target.error} onRetry={() => void target.refetch()} />;
  }
  if (!target.data) return <Navigate to={paths.minhaConta} replace />;
  return <Navigate to={agreementsHref({ ...target.data, logoUrl: null })} replace />;
}
