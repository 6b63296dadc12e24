/** Placeholder, being built: the full texts, shared by the pages and the registration modals. */
export function PrivacyNoticeText() {
  return <p>Aviso de Privacidade</p>;
}

export function TermsOfUseText() {
  return <p>Termos de Uso</p>;
}
