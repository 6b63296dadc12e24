interface CreditorLogoProps {
  logoUrl: string | null;
  nome: string;
  className?: string;
}

/** A partner creditor's logo (served through our origin), or its name when it has none. */
export function CreditorLogo({ logoUrl, nome, className = 'creditor-logo' }: CreditorLogoProps) {
  return logoUrl ? (
    <img className={className} src={logoUrl} alt={nome} width="160" height="64" decoding="async" />
  ) : (
    <span className={`${className} creditor-logo-text`}>{nome}</span>
  );
}
