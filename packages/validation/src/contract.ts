/** Hides the middle of a contract number: longer than 6 characters → first 2 + '***' + last 3. */
export function maskContract(numero: string): string {
  if (numero.length <= 6) return numero;
  return `${numero.slice(0, 2)}***${numero.slice(-3)}`;
}
