// The package ships no types; only what the tests call. validarBlocos also checks the three mod-10 digits.
declare module 'boleto-brasileiro-validator' {
  export function boletoBancarioCodigoBarras(code: string): boolean;
  export function boletoBancarioLinhaDigitavel(code: string, validarBlocos?: boolean): boolean;
}
