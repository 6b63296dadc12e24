import type {
  Address,
  AgreementRules,
  InstalmentStatus,
  PaymentMethod,
  PaymentType,
} from '@portal/contracts/upstream/entities';

/** A partner creditor as the simulator seeds it. */
export interface SeedCreditor {
  /** agrupador / codcredor */
  code: string;
  /** nomcontratante */
  name: string;
  /** logo file name without extension: served as /logos/{slug}.svg */
  slug: string;
  /** the creditor's site */
  site: string;
  payments: PaymentType[];
  /** parcelasIndividuaisSequenciais: instalments must be chosen in due-date order */
  sequential: boolean;
  /**
   * consultaAcordo answers every unpaid instalment 'EM ABERTO' and marks none 'FUTURA': which one can be
   * paid now is left to the portal
   */
  leavesFutureUnmarked?: true;
  /** ours: the negative record is lifted after the last instalment is paid, not the first */
  liftsRecordAfter?: 'quitacao';
  /** ours: the tolerance after a due date and the changes its agreements allow (regrasAcordo); none: the defaults */
  agreementRules?: AgreementRules;
  /** the logo, an SVG document */
  logoSvg: string;
}

/** An open instalment of a contract; due dates are relative to the day the simulator starts. */
export interface SeedInstalment {
  numero: number;
  /** negative: overdue by that many days; positive: falls due in that many days */
  dueInDays: number;
  /** the instalment's original value */
  valueCents: number;
}

/** An agreement already in progress on a contract (shown on /acordos). */
export interface SeedAgreement {
  codigo: string;
  formaPagamento: PaymentMethod;
  instalments: { numero: number; dueInDays: number; valueCents: number; status: InstalmentStatus }[];
}

export interface SeedContract {
  creditorCode: string;
  numero: string;
  /** label: contains 'Contrato' and/or 'atraso' */
  situacao: string;
  principalCents: number;
  permiteacordo: boolean;
  permiteproposta: boolean;
  permitedivida: boolean;
  instalments: SeedInstalment[];
  agreement?: SeedAgreement;
  /** ours: the creditor reports the debt as contested (emDisputa on consultaContrato); absent: not sent */
  emDisputa?: true;
  /** how the upstream answers for this contract off its usual way, as real ones do */
  quirks?: {
    /**
     * proposals asked for without a date come dated on a day no payment can be made: the first
     * national holiday of the payment window, else its first weekend day
     */
    proposalOnNonBusinessDay?: true;
    /** the overdue-only offers come even when no instalment is upcoming (both sets settle the same) */
    overdueOffersAlways?: true;
  };
}

export type PersonaKey =
  | 'maria'
  | 'joao'
  | 'ana'
  | 'carlos'
  | 'comercio'
  | 'novaEra'
  | 'paulo'
  | 'luciana'
  | 'roberto'
  | 'rafael'
  | 'sandra'
  | 'naoCadastrado';

/**
 * How consultaDebito sends one of a persona's creditors when it is not well formed: without
 * `pagamento`, with an empty list, or with a payment type of the wrong shape beside the good ones.
 */
export type CreditorQuirk = 'semPagamento' | 'pagamentoVazio' | 'pagamentoMalformado';

export interface SeedPersona {
  key: PersonaKey;
  nome: string;
  /** normalized: digits, or digits and upper-case letters for the alphanumeric CNPJ */
  cpfCnpj: string;
  email: string;
  /** digits only, with DDD */
  telefone: string;
  whatsapp: boolean;
  /** dd/mm/yyyy: birth date, or foundation date for a company */
  dtNascimento: string;
  endereco: Address | null;
  /** marketing-notification consent given at registration */
  notificacao: boolean;
  /** credit score 0–1000 for people; null for companies */
  score: number | null;
  /** false only for the persona that exercises registration */
  registered: boolean;
  /** the identity question of the challenge sign-in */
  identityQuestion: { pergunta: string; resposta: string };
  behaviour: {
    /** the proxy channel never answers for this persona (timeout path) */
    proxySilent?: boolean;
    /** agreement creation fails upstream (/erro-efetivacao) */
    agreementFails?: boolean;
    /** creditors consultaDebito sends off the usual shape for this persona, by creditor code */
    creditorQuirks?: Record<string, CreditorQuirk>;
  };
  contracts: SeedContract[];
}

/** Every seeded persona's password. */
export const DEMO_PASSWORD = 'Acordo@2026';
