function words(nome: string): string[] {
  return nome.split(/\s+/).filter((word) => word !== '');
}

/** First word of a name ('Olá, {first name}'); '' for a blank name. */
export function firstName(nome: string): string {
  return words(nome)[0] ?? '';
}

/** First two words of a name, single-spaced (header). */
export function shortName(nome: string): string {
  return words(nome).slice(0, 2).join(' ');
}

export const NAME_INVALID_MESSAGE = 'Nome inválido';
export const NAME_MIN_LENGTH = 3;
export const NAME_MAX_LENGTH = 120;

const PERSON_NAME = /^[\p{L}][\p{L}'’.-]*(\s+[\p{L}][\p{L}'’.-]*)+$/u;
const COMPANY_NAME = /^[\p{L}\d][\p{L}\d\s'’.,&/()-]*$/u;

/**
 * 'Nome Completo': at least two words of letters (accents, apostrophes, hyphens and dots allowed).
 * 'Razão Social': letters, digits and the punctuation of company names. Both 3–120 characters.
 */
export function isValidName(nome: string, company: boolean): boolean {
  const trimmed = nome.trim().replace(/\s+/g, ' ');
  if (trimmed.length < NAME_MIN_LENGTH || trimmed.length > NAME_MAX_LENGTH) return false;
  return (company ? COMPANY_NAME : PERSON_NAME).test(trimmed);
}
