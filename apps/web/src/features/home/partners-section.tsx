import { useEffect, useId, useRef, useState } from 'react';
import { trpc } from '../../lib/trpc';

/** Five logos at first, five more per 'Ver mais'. */
export const PARTNERS_PAGE = 5;

/** The next number of logos to show: five more, and back to five once all were shown. */
export function nextPartnerCount(shown: number, total: number): number {
  return shown >= total ? PARTNERS_PAGE : Math.min(shown + PARTNERS_PAGE, total);
}

function PartnerPlaceholders() {
  return (
    <ul className="partner-grid" aria-hidden="true">
      {Array.from({ length: PARTNERS_PAGE }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed, contentless placeholders
        <li key={index} className="partner-card partner-card--placeholder" />
      ))}
    </ul>
  );
}

/** The 'parceiros' section: the partner creditors' logos, five at a time. */
export function PartnersSection() {
  const partners = trpc.partners.list.useQuery(undefined, { staleTime: 10 * 60_000 });
  const [shown, setShown] = useState(PARTNERS_PAGE);
  const [announcement, setAnnouncement] = useState('');
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const collapsed = useRef(false);

  const list = partners.data ?? [];
  const total = list.length;
  const allShown = shown >= total;
  const loading = partners.isPending || (partners.isError && partners.isFetching);
  const failed = partners.isError && !partners.isFetching;

  // After 'Ocultar' the list shrinks under the button: keep the focused button in view.
  useEffect(() => {
    if (!collapsed.current) return;
    collapsed.current = false;
    const button = toggleRef.current;
    if (button && typeof button.scrollIntoView === 'function') button.scrollIntoView({ block: 'nearest' });
  });

  const toggle = () => {
    const next = nextPartnerCount(shown, total);
    collapsed.current = next < shown;
    setShown(next);
    setAnnouncement(`Mostrando ${next} de ${total} empresas parceiras.`);
  };

  return (
    <section id="parceiros" className="section" aria-labelledby="parceiros-titulo">
      <div className="container">
        <h2 id="parceiros-titulo" className="section-title" tabIndex={-1}>
          Empresas parceiras
        </h2>
        <p className="section-lead">Negocie com as lojas e financeiras que fazem parte do portal.</p>

        {loading ? <PartnerPlaceholders /> : null}

        {failed ? (
          <div className="partners-error">
            <p>Não foi possível carregar as empresas parceiras agora.</p>
            <button type="button" className="btn btn-secondary" onClick={() => void partners.refetch()}>
              Tentar novamente
            </button>
          </div>
        ) : null}

        {partners.isSuccess && total === 0 ? (
          <p className="partners-empty">Em breve, novas empresas parceiras por aqui.</p>
        ) : null}

        {!loading && !failed && total > 0 ? (
          <>
            <ul id={listId} className="partner-grid" aria-labelledby="parceiros-titulo">
              {list.slice(0, shown).map((partner) => (
                <li key={`${partner.nome}|${partner.logoUrl ?? ''}`} className="partner-card">
                  {partner.logoUrl ? (
                    <img
                      className="partner-logo"
                      src={partner.logoUrl}
                      alt={partner.nome}
                      width={160}
                      height={60}
                      decoding="async"
                    />
                  ) : (
                    <span className="partner-name">{partner.nome}</span>
                  )}
                </li>
              ))}
            </ul>
            {total > PARTNERS_PAGE ? (
              <div className="partners-more">
                <button
                  ref={toggleRef}
                  type="button"
                  className="btn btn-secondary"
                  aria-expanded={allShown}
                  aria-controls={listId}
                  onClick={toggle}
                >
                  {allShown ? 'Ocultar' : 'Ver mais'}
                </button>
              </div>
            ) : null}
          </>
        ) : null}

        <p className="sr-only" role="status" aria-live="polite">
          {loading ? 'Carregando empresas parceiras...' : announcement}
        </p>
      </div>
    </section>
  );
}
