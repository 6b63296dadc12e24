import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { OverdueNotice } from '../../components/rescue/overdue-notice';
import {
  type AttentionItem,
  type Cancelled,
  cancelledLines,
  type RescueTarget,
} from '../../components/rescue/rescue-texts';
import { useRescueModals } from '../../components/rescue/use-rescue-modals';
import { AlertIcon } from '../../components/ui/icons';
import { isUnauthorized } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import { useWhenIdle } from '../../lib/browser/when-idle';
import { agreementsHref } from '../../lib/navigation/journey-links';
import '../../components/rescue/rescue.css';

export const HARDSHIP_LABEL = 'Estou com dificuldade para pagar';

const linkOf = (item: AttentionItem) =>
  agreementsHref({ codcredor: item.credor.codcredor, contrato: item.contrato, logoUrl: item.credor.logoUrl });

/**
 * Minha conta's warnings: each agreement with an instalment overdue (the /acordos notice's text, 'Ver acordo'
 * and 'Estou com dificuldade para pagar' for it) or cancelled by the creditor. Shown once the contracts are,
 * and asked when the browser is then idle; while it is asked, or when it fails, nothing is said. 'Estou com dificuldade para
 * pagar' stays on the page without an overdue agreement too, with what needs no creditor.
 */
export function AttentionNotices() {
  const [asked, setAsked] = useState(false);
  useWhenIdle(() => setAsked(true), []);
  const attention = trpc.agreements.attention.useQuery(undefined, {
    enabled: asked,
    // once more after a failure of the moment; an ended session is the guard's to handle
    retry: (failures, error) => failures < 1 && !isUnauthorized(error),
    refetchOnWindowFocus: false,
  });
  const items = attention.data ?? [];
  const [target, setTarget] = useState<RescueTarget | null>(null);
  const rescue = useRescueModals(target);
  const helpId = useId();
  // the success of a change is announced in a region there from the first opening (the page has its own
  // status region for what it saved: this one is not there before it is needed)
  const [opened, setOpened] = useState(false);
  const hardship = (next: RescueTarget | null) => {
    setTarget(next);
    setOpened(true);
    rescue.open('dificuldade');
  };

  return (
    <>
      {items.length > 0 ? (
        <div className="attention-list">
          {items.map((item) =>
            item.atraso ? (
              <OverdueNotice
                key={`${item.credor.codcredor}/${item.contrato}`}
                atraso={item.atraso}
                title={`Parcela em atraso: ${item.credor.nome}`}
              >
                <Link to={linkOf(item)} className="btn btn-primary">
                  Ver acordo
                </Link>
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() =>
                    hardship({
                      codcredor: item.credor.codcredor,
                      contrato: item.contrato,
                      credor: item.credor.nome,
                    })
                  }
                >
                  {HARDSHIP_LABEL}
                </button>
              </OverdueNotice>
            ) : item.cancelado ? (
              <CancelledItem
                key={`${item.credor.codcredor}/${item.contrato}`}
                item={item}
                cancelado={item.cancelado}
              />
            ) : null,
          )}
        </div>
      ) : null}
      {items.some((item) => item.atraso) ? null : (
        <section className="attention-help" aria-labelledby={helpId}>
          <h2 id={helpId} className="attention-help-title">
            Precisa de ajuda para pagar?
          </h2>
          <button type="button" className="btn btn-secondary" onClick={() => hardship(null)}>
            {HARDSHIP_LABEL}
          </button>
        </section>
      )}
      {opened ? (
        <p role="status" className="rescue-status" ref={rescue.outcomeRef} tabIndex={-1}>
          {rescue.done ?? ''}
        </p>
      ) : null}
      {rescue.modals}
    </>
  );
}

function CancelledItem({ item, cancelado }: { item: AttentionItem; cancelado: Cancelled }) {
  const headingId = useId();
  const [first, ...rest] = cancelledLines(cancelado);
  return (
    <section className="card rescue-notice rescue-notice--cancelled" aria-labelledby={headingId}>
      <h2 id={headingId} className="rescue-notice-title">
        <AlertIcon />
        Acordo cancelado: {item.credor.nome}
      </h2>
      <p className="rescue-notice-lead">{first}</p>
      {rest.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <div className="rescue-notice-actions">
        <Link to={linkOf(item)} className="btn btn-primary">
          Ver acordo
        </Link>
      </div>
    </section>
  );
}
