import { QuoteIcon } from '../../components/ui/icons';

/** Five fixed testimonials; people and places are illustrative. */
const TESTIMONIALS = [
  {
    name: 'Juliana',
    city: 'Belo Horizonte (MG)',
    quote:
      'Negociei uma dívida antiga em poucos minutos, direto pelo celular. O boleto chegou na hora no meu e-mail.',
  },
  {
    name: 'Ricardo',
    city: 'Recife (PE)',
    quote:
      'Achei que ia ser complicado, mas o passo a passo é bem claro. Parcelei do jeito que cabia no meu orçamento.',
  },
  {
    name: 'Fernanda',
    city: 'Porto Alegre (RS)',
    quote: 'Gostei de ver todos os meus contratos num lugar só. Paguei à vista e consegui um bom desconto.',
  },
  {
    name: 'Antônio',
    city: 'Goiânia (GO)',
    quote: 'Rápido e sem enrolação. Hoje estou com as contas em dia e muito mais tranquilo.',
  },
  {
    name: 'Patrícia',
    city: 'Salvador (BA)',
    quote: 'Perdi o boleto do acordo e tirei a segunda via pelo portal em um minuto. Muito prático!',
  },
] as const;

/** The 'depoimentos' section. */
export function TestimonialsSection() {
  return (
    <section id="depoimentos" className="section section--surface" aria-labelledby="depoimentos-titulo">
      <div className="container">
        <h2 id="depoimentos-titulo" className="section-title" tabIndex={-1}>
          Depoimentos
        </h2>
        <p className="section-lead">Quem já negociou pelo portal conta como foi.</p>
        <ul className="testimonial-grid">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="testimonial">
                <QuoteIcon className="testimonial-icon" />
                <blockquote className="testimonial-quote">
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption className="testimonial-author">
                  <span className="testimonial-name">{testimonial.name}</span>
                  <span className="testimonial-city">{testimonial.city}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
