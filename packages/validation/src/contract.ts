/** A creditor's code: 1 to 20 letters, digits or '-'. */
export const CREDITOR_CODE_PATTERN = /^[A-Za-z0-9-]{1,20}$/;
export const CREDITOR_INVALID_MESSAGE = 'Credor inválido';

/** A contract number: 1 to 40 letters, digits, '.', '/' or '-'. */
export const CONTRACT_NUMBER_PATTERN = /^[A-Za-z0-9./-]{1,40}$/;
export const CONTRACT_INVALID_MESSAGE = 'Contrato inválido';

/** Hides the middle of a contract number: longer than 6 characters → first 2 + '***' + last 3. */
export function maskContract(numero: string): string {
  if (numero.length <= 6) return numero;
  return `${numero.slice(0, 2)}***${numero.slice(-3)}`;
}
