import { useEffect, useId, useRef, useState } from 'react';
import { IslandProviders } from '../../lib/api/island-providers';
import { trpc } from '../../lib/api/trpc';
import { nextPartnerCount, PARTNERS_PAGE, PartnerPlaceholders } from './partner-cards';

/** The partner creditors' logos, five at a time: an island of the home page (partners-section.tsx). */
function PartnerList() {
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
    <>
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
    </>
  );
}

export default function PartnerListIsland() {
  return (
    <IslandProviders>
      <PartnerList />
    </IslandProviders>
  );
}
