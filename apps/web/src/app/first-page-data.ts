import type { trpc } from '../lib/api/trpc';
import { readContractLink } from '../lib/navigation/journey-links';
import { paths } from '../lib/navigation/paths';

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * What a signed-in page asks first, asked beside the session when the app starts at that page (a reload,
 * a link opened): one round trip where there were two in a row. Each input is read from the address as
 * the page reads it, so the page finds the answer under its own query (fresh for HANDED_OVER_FRESH_MS).
 * A signed-out visitor's asks are refused, as the session's answer is: the guard then decides. Not
 * /negociacao's offers: an upstream may take minutes over them, and only the page's own ask is stopped
 * when the person leaves it.
 */
export function askFirstPageData(utils: Utils, { pathname, search }: { pathname: string; search: string }) {
  const query = new URLSearchParams(search);
  switch (pathname) {
    case paths.minhaConta:
      void utils.debts.creditors.prefetch();
      void utils.agreements.pending.prefetch();
      return;
    case paths.acordos: {
      const link = readContractLink(query);
      if (link)
        void utils.agreements.inProgress.prefetch({ codcredor: link.codcredor, contrato: link.contrato });
      return;
    }
    case paths.resumo:
      void utils.negotiation.summary.prefetch();
      return;
    case paths.acordoConcluido:
    case paths.reemissaoConcluida:
      void utils.agreements.concluded.prefetch();
  }
}
