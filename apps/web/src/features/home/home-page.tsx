import { useEffect, useRef } from 'react';
import { NextPageNotice } from '../../components/ui/next-page-notice';
import { usePageTitle } from '../../lib/navigation/page-title';
import { useSiteLocation } from '../../lib/navigation/site-navigation';
import { BenefitsSection } from './benefits-section';
import { CookieConsent } from './cookie-consent';
import { HomeBanner } from './home-banner';
import { HowItWorksCarousel } from './how-it-works-carousel';
import { PartnersSection } from './partners-section';
import { TestimonialsSection } from './testimonials-section';
import { headingOf, sectionOf, useSectionScroll } from './use-section-scroll';
import './home.css';

/** '/': the banner and the sections the header's anchors lead to (home-sections.ts), in that order. */
export function HomePage() {
  usePageTitle('Negocie suas dívidas');
  useSectionScroll();
  const { hash } = useSiteLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After the cookie choice the visitor carries on where the page is: the h1, or the section of the
  // address's hash (focusing the h1 there would scroll the page back to the top).
  const afterConsentRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const section = sectionOf(hash);
    afterConsentRef.current = (section && headingOf(section)) ?? headingRef.current;
  }, [hash]);

  return (
    <>
      <NextPageNotice />
      <HomeBanner headingRef={headingRef} />
      <PartnersSection />
      <BenefitsSection />
      <HowItWorksCarousel />
      <TestimonialsSection />
      <CookieConsent returnFocusRef={afterConsentRef} />
    </>
  );
}
