import type { ReactNode } from 'react';
import { BarcodeIcon, BoltIcon, GiftIcon, ShieldIcon } from '../../components/ui/icons';

const BENEFITS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <BoltIcon />,
    title: 'Rapidez e comodidade',
    text: 'Consulte e negocie suas dívidas em poucos minutos, pelo celular ou pelo computador, quando quiser.',
  },
  {
    icon: <ShieldIcon />,
    title: 'Segurança',
    text: 'Seus dados ficam protegidos e as propostas vêm diretamente das empresas parceiras.',
  },
  {
    icon: <BarcodeIcon />,
    title: 'Seus acordos em um só lugar',
    text: 'Acompanhe os acordos feitos e emita a segunda via do boleto sempre que precisar.',
  },
  {
    icon: <GiftIcon />,
    title: 'Ofertas exclusivas',
    text: 'Encontre descontos e condições de pagamento especiais, feitas para quem negocia pelo portal.',
  },
];

/** The 'beneficios' section: four reasons to negotiate here. */
export function BenefitsSection() {
  return (
    <section id="beneficios" className="section section--surface" aria-labelledby="beneficios-titulo">
      <div className="container">
        <h2 id="beneficios-titulo" className="section-title" tabIndex={-1}>
          Benefícios
        </h2>
        <p className="section-lead">
          Tudo o que você precisa para ficar em dia, sem filas e sem complicação.
        </p>
        <ul className="benefit-grid">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="benefit">
              <span className="benefit-icon">{benefit.icon}</span>
              <h3 className="benefit-title">{benefit.title}</h3>
              <p className="benefit-text">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
