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
