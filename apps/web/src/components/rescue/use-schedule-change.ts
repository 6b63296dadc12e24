import { useEffect, useRef, useState } from 'react';
import { errorMessage, isUnauthorized } from '../../lib/api/errors';
import { type AgreementInProgress, type RouterInputs, trpc } from '../../lib/api/trpc';

export type ScheduleChange = RouterInputs['agreements']['changeSchedule']['mudanca'];

/** how often a change still processing is asked about */
const POLL_MS = 1_000;
export const PROCESSING_TEXT = 'Sua alteração está sendo processada. Aguarde um instante.';
export const NOT_CHANGED_TEXT =
  'Não conseguimos fazer a alteração e nada foi mudado. Você pode tentar novamente.';

/**
 * A change of an agreement's schedule, confirmed at most once: the key is made when the modal opens and
 * every send of that change (a double tap, a retry after an error) carries it, so the BFF sends it upstream
 * once. A different change (another day chosen after a failure) is another intent, with a key of its own.
 * While the outcome is unknown ('processando') the BFF is asked what became of it every second, never sent
 * again. The concluded agreement replaces what the pages hold.
 */
export function useScheduleChange(
  target: { codcredor: string; contrato: string },
  onConcluded: (acordo: AgreementInProgress) => void,
) {
  const utils = trpc.useUtils();
  const [firstKey] = useState(() => crypto.randomUUID());
  const keys = useRef(new Map<string, string>());
  const keyFor = (mudanca: ScheduleChange) => {
    const id = JSON.stringify(mudanca);
    const known = keys.current.get(id);
    if (known) return known;
    const made = keys.current.size === 0 ? firstKey : crypto.randomUUID();
    keys.current.set(id, made);
    return made;
  };
  // the key being asked about, and since when: an answer from an earlier round of the same key is not this one
  const [polled, setPolled] = useState<{ chave: string; since: number } | null>(null);
  const [notChanged, setNotChanged] = useState(false);
  const [pollFailure, setPollFailure] = useState<unknown>(null);
  const done = useRef(false);

  const conclude = (acordo: AgreementInProgress) => {
    if (done.current) return;
    done.current = true;
    utils.agreements.inProgress.setData({ codcredor: target.codcredor, contrato: target.contrato }, acordo);
    void utils.agreements.attention.invalidate();
    onConcluded(acordo);
  };

  const send = trpc.agreements.changeSchedule.useMutation();
  const poll = trpc.agreements.scheduleChange.useQuery(
    { chave: polled?.chave ?? firstKey },
    {
      enabled: polled !== null,
      gcTime: 0,
      retry: 1,
      refetchOnWindowFocus: false,
      refetchInterval: (query) => (query.state.data?.status === 'processando' ? POLL_MS : false),
    },
  );
  const fresh = polled !== null && poll.dataUpdatedAt >= polled.since ? poll.data : undefined;
  const pollFailed = polled !== null && poll.isError && poll.errorUpdatedAt >= polled.since;
  useEffect(() => {
    if (pollFailed) {
      setPolled(null);
      setPollFailure(poll.error);
      return;
    }
    if (!fresh || fresh.status === 'processando') return;
    setPolled(null);
    if (fresh.status === 'concluido') conclude(fresh.acordo);
    else setNotChanged(true);
  });

  const processing = polled !== null;
  const busy = send.isPending || processing;

  const confirm = (mudanca: ScheduleChange) => {
    if (busy || done.current) return;
    setNotChanged(false);
    setPollFailure(null);
    const chave = keyFor(mudanca);
    send.mutate(
      { codcredor: target.codcredor, contrato: target.contrato, mudanca, chave },
      {
        onSuccess: (result) => {
          if (result.status === 'concluido') conclude(result.acordo);
          else if (result.status === 'processando') setPolled({ chave, since: Date.now() });
          else setNotChanged(true);
        },
      },
    );
  };

  const failed = send.isError ? send.error : pollFailure;
  const problem =
    failed && !isUnauthorized(failed) ? errorMessage(failed) : notChanged ? NOT_CHANGED_TEXT : null;
  return { confirm, busy, processing, problem };
}
