import { ClockIcon, MailIcon, PhoneIcon } from '../../components/ui/icons';

export const CENTRAL_PHONE = '0800 000 3634';
export const CENTRAL_EMAIL = 'atendimento@negociavarejo.example';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <section className="site-footer-contact" aria-labelledby="rodape-atendimento">
          <h2 id="rodape-atendimento" className="site-footer-title">
            Atendimento
          </h2>
          <ul className="site-footer-list">
            <li>
              <PhoneIcon className="icon-sm" />
              <a href="tel:08000003634">
                <span className="sr-only">Central de atendimento: </span>
                {CENTRAL_PHONE}
              </a>
            </li>
            <li>
              <MailIcon className="icon-sm" />
              <a href={`mailto:${CENTRAL_EMAIL}`}>{CENTRAL_EMAIL}</a>
            </li>
            <li>
              <ClockIcon className="icon-sm" />
              <span>Segunda a sexta, das 9h às 21h, e sábado, das 9h às 13h (horário de Brasília)</span>
            </li>
          </ul>
        </section>
        <p className="site-footer-copy">© 2026 Negocia Varejo</p>
      </div>
    </footer>
  );
}
