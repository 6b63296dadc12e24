import { z } from 'zod';
import { envelope } from './wire';

/**
 * GET /canais-oficiais (ours): where a partner creditor's payments are really received, for the portal to
 * tell a genuine boleto or PIX code from a forged one. Public; every list may be empty.
 */
export const officialChannel = z.object({
  /** agrupador / codcredor */
  codcredor: z.string(),
  /** nomcontratante */
  credor: z.string(),
  /** 3-digit bank codes (compe) of the boletos issued for it */
  bancos: z.array(z.string().regex(/^[0-9]{3}$/)),
  /** the beneficiary's agreement numbers at those banks: the first digits of a boleto's free field */
  convenios: z.array(z.string().regex(/^[0-9]{1,25}$/)),
  /** the beneficiaries' CNPJs printed on its boletos, digits (or letters and digits) only */
  cnpjsBeneficiarios: z.array(z.string()),
  /** the PIX keys its codes carry */
  chavesPix: z.array(z.string()),
  /** the receiver names its PIX codes carry (field 59: upper case, no accents) */
  nomesRecebedor: z.array(z.string()),
});
export type OfficialChannel = z.infer<typeof officialChannel>;

export const officialChannelsReply = envelope(z.array(officialChannel));
