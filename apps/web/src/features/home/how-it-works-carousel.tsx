import { type PointerEvent, type ReactNode, useId, useRef, useState } from 'react';
import {
  ArrowLeftIcon,
  ArrowRightIcon,
  FileTextIcon,
  HandshakeIcon,
  PercentIcon,
  SearchIcon,
} from '../../components/ui/icons';

/** A horizontal move longer than this changes the step. */
const SWIPE_STEP_PX = 10;

const STEPS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <SearchIcon />,
    title: 'Informe seu CPF ou CNPJ',
    text: 'Digite o seu documento no início da página e consulte grátis, sem compromisso.',
  },
  {
    icon: <FileTextIcon />,
    title: 'Veja seus contratos',
    text: 'Entre na sua conta e confira os contratos em aberto com as empresas parceiras.',
  },
  {
    icon: <PercentIcon />,
    title: 'Escolha a melhor proposta',
    text: 'Compare as ofertas à vista e parceladas e escolha a que cabe no seu bolso.',
  },
  {
    icon: <HandshakeIcon />,
    title: 'Formalize o acordo',
    text: 'Confirme a negociação e receba o boleto para pagar com segurança.',
  },
];

interface SwipeStart {
  pointerId: number;
  x: number;
  y: number;
}

/**
 * The 'como-funciona' section: a four-step carousel after the WAI-ARIA APG carousel pattern — a region
 * with one visible slide (the others hidden and inert), previous/next and numbered buttons, no autoplay,
 * and a touch swipe as a shortcut. The slides are announced politely as they change.
 */
export function HowItWorksCarousel() {
  const [current, setCurrent] = useState(0);
  const swipe = useRef<SwipeStart | null>(null);
  const slidesId = useId();
  const last = STEPS.length - 1;

  const go = (step: number) => setCurrent(Math.max(0, Math.min(last, step)));
  // The buttons go round (APG); a swipe stops at either end, as a finger expects.
  const previous = () => setCurrent((step) => (step === 0 ? last : step - 1));
  const next = () => setCurrent((step) => (step === last ? 0 : step + 1));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // A mouse selects text; touch and pen swipe.
    if (event.pointerType === 'mouse' || !event.isPrimary) return;
    swipe.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) <= SWIPE_STEP_PX || Math.abs(dx) < Math.abs(dy)) return;
    go(dx < 0 ? current + 1 : current - 1);
  };

  return (
    <section id="como-funciona" className="section" aria-labelledby="como-funciona-titulo">
      <div className="container">
        <h2 id="como-funciona-titulo" className="section-title" tabIndex={-1}>
          Como funciona
        </h2>
        <p className="section-lead">Quatro passos para negociar e ficar em dia.</p>

        <section className="carousel" aria-roledescription="carrossel" aria-label="Passo a passo">
          {/* Swiping is a pointer shortcut; the buttons below are the way for everyone else. */}
          <div
            className="carousel-viewport"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              swipe.current = null;
            }}
          >
            <div id={slidesId} className="carousel-track" data-step={current} aria-live="polite">
              {STEPS.map((step, index) => {
                const isCurrent = index === current;
                return (
                  // biome-ignore lint/a11y/useSemanticElements: the APG carousel's slide is a labelled group, not a form fieldset
                  <div
                    key={step.title}
                    role="group"
                    aria-roledescription="etapa"
                    aria-label={`${index + 1} de ${STEPS.length}`}
                    aria-hidden={isCurrent ? undefined : true}
                    inert={!isCurrent}
                    className={isCurrent ? 'carousel-slide is-current' : 'carousel-slide'}
                  >
                    <span className="carousel-slide-icon">{step.icon}</span>
                    <p className="carousel-slide-count">Passo {index + 1}</p>
                    <h3 className="carousel-slide-title">{step.title}</h3>
                    <p className="carousel-slide-text">{step.text}</p>
                  </div>
                );
              })}
            </div>
          </div>

          <div className="carousel-controls">
            <button
              type="button"
              className="carousel-button"
              aria-controls={slidesId}
              aria-label="Etapa anterior"
              onClick={previous}
            >
              <ArrowLeftIcon />
            </button>
            <ol className="carousel-picker" aria-label="Escolha a etapa">
              {STEPS.map((step, index) => (
                <li key={step.title}>
                  <button
                    type="button"
                    className="carousel-button carousel-number"
                    aria-controls={slidesId}
                    aria-current={index === current ? 'step' : undefined}
                    aria-label={`Etapa ${index + 1}`}
                    onClick={() => go(index)}
                  >
                    {index + 1}
                  </button>
                </li>
              ))}
            </ol>
            <button
              type="button"
              className="carousel-button"
              aria-controls={slidesId}
              aria-label="Próxima etapa"
              onClick={next}
            >
              <ArrowRightIcon />
            </button>
          </div>
        </section>
      </div>
    </section>
  );
}
