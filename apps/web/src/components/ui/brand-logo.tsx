/** The brand mark and name; the mark is decorative, the name is the text. */
export function BrandLogo() {
  return (
    <span className="brand">
      <svg
        className="brand-mark"
        viewBox="0 0 64 64"
        width="36"
        height="36"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <path d="M17 46V18h6l18 18V18h6v28h-6L23 28v18z" fill="#fff" />
        <circle cx="50" cy="47" r="5" fill="#f5b301" />
      </svg>
      <span className="brand-name">
        Negocia <span className="brand-name-accent">Varejo</span>
      </span>
    </span>
  );
}
