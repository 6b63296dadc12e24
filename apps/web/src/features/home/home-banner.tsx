import { lazy, type RefObject, Suspense } from 'react';
import { rememberTypedEarly } from '../../lib/forms/typed-early';

interface HomeBannerProps {
  /** The page's <h1> (the cookie choice gives focus back to it). */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

const FORM_ID = 'consulta-documento';

// The form's code is asked for as soon as the page's is evaluated, not when React first renders it.
const loadingForm = import('./banner-form');
const BannerForm = lazy(async () => {
  const form = await loadingForm;
  // Right before the prerendered form hydrates: what was typed meanwhile (lib/forms/typed-early.ts).
  const prerendered = typeof document === 'undefined' ? null : document.getElementById(FORM_ID);
  if (prerendered) rememberTypedEarly(prerendered);
  return form;
});

/**
 * The 'inicio' section: the title and the CPF/CNPJ form (banner-form.tsx). The form hydrates when its
 * code arrives, after the rest of the page; until then a prerendered form stays as it was painted, its
 * button disabled.
 */
export function HomeBanner({ headingRef }: HomeBannerProps) {
  return (
    <section id="inicio" className="hero" aria-labelledby="home-titulo">
      <div className="hero-inner">
        <div className="hero-copy">
          <h1 ref={headingRef} id="home-titulo" className="hero-title" tabIndex={-1}>
            Negocie suas dívidas com segurança e sem sair de casa
          </h1>
          <p className="hero-text">
            Consulte grátis as suas dívidas com as lojas parceiras e encontre condições especiais para ficar
            em dia.
          </p>
        </div>
        <div id={FORM_ID} className="hero-form-slot">
          <Suspense fallback={<div className="hero-form card" aria-busy="true" />}>
            <BannerForm />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
