import { useEffect, useRef } from 'react';
import { HANDED_OVER_FRESH_MS } from '../../lib/api/handed-over';
import { trpc } from '../../lib/api/trpc';

/** how often an agreement still processing is asked about */
const POLL_MS = 5_000;

export const pendingAgreementText = (credor: string, contrato: string) =>
  `Seu acordo com ${credor}, contrato ${contrato}, está sendo processado. Ele aparecerá aqui assim que for confirmado.`;

/**
 * On /minha-conta: an agreement the person concluded (here or on another device) whose outcome the portal
 * is still learning. Asked again while it processes; once settled, the contracts are fetched again.
 */
export function PendingAgreementNotice() {
  const utils = trpc.useUtils();
  const pending = trpc.agreements.pending.useQuery(undefined, {
    retry: false,
    staleTime: HANDED_OVER_FRESH_MS,
    refetchInterval: (query) => (query.state.data ? POLL_MS : false),
  });
  const data = pending.data;
  const wasPending = useRef(false);
  useEffect(() => {
    if (data) wasPending.current = true;
    else if (data === null && wasPending.current) {
      wasPending.current = false;
      void utils.debts.creditors.invalidate();
    }
  }, [data, utils]);
  // inside the page's one status region (SavedNotice), which announces it
  return data ? (
    <p className="account-notice">{pendingAgreementText(data.credor.nome, data.contratoExibido)}</p>
  ) : null;
}
