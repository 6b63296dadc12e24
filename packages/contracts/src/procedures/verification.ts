import { z } from 'zod';

export const VERIFY_CODE_REQUIRED_MESSAGE =
  'Cole a linha digitável, o código de barras ou o PIX Copia e Cola.';
export const VERIFY_CODE_TOO_LONG_MESSAGE = 'Este texto é longo demais para ser um boleto ou um PIX.';
/** A PIX BR Code has at most 512 characters; a message pasted around it may add some. */
export const VERIFY_CODE_MAX_LENGTH = 600;

/**
 * verification.check: a pasted linha digitável, barcode number or PIX copia-e-cola, or the code of a declaration
 * of settlement. Never logged or kept.
 */
export const verifyCodeInput = z.object({
  codigo: z
    .string()
    .trim()
    .min(1, VERIFY_CODE_REQUIRED_MESSAGE)
    .max(VERIFY_CODE_MAX_LENGTH, VERIFY_CODE_TOO_LONG_MESSAGE),
});

/** One decoded field and what the portal found of it. */
export const verificationField = z.object({
  /** the field's name, in Portuguese: 'Banco', 'Vencimento', 'Chave PIX'… */
  campo: z.string(),
  /** its value as the code carries it, formatted for reading */
  valor: z.string(),
  /** ok: checked and right; erro: checked and wrong; aviso: worth a look; info: nothing to check */
  situacao: z.enum(['ok', 'erro', 'aviso', 'info']),
  /** why, when it is not simply right */
  nota: z.string().optional(),
});
export type VerificationField = z.infer<typeof verificationField>;

/**
 * confere: genuine (and, signed in, one of the person's instalments); atencao: genuine, but something
 * does not match; nao-pague: a field shows it is not a partner's or was altered; invalido: not a code.
 */
export const verdict = z.enum(['confere', 'atencao', 'nao-pague', 'invalido']);
export type Verdict = z.infer<typeof verdict>;

export const verificationResult = z.object({
  tipo: z.enum(['boleto', 'pix', 'declaracao', 'desconhecido']),
  veredito: verdict,
  /** the verdict in one plain Portuguese sentence, naming the field that failed */
  titulo: z.string(),
  /** every other finding, one sentence each */
  motivos: z.array(z.string()),
  campos: z.array(verificationField),
  /** the partner whose official channel the code uses */
  credor: z.string().optional(),
});
export type VerificationResult = z.infer<typeof verificationResult>;
