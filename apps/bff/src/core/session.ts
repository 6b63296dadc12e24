import type { Budget } from '@portal/contracts/procedures/budget';
import type { Creditor } from '@portal/contracts/upstream/entities';
import type {
  AgreementLetters,
  BoletoFiles,
  ConcludedAgreement,
  OffersRecord,
  SameDayCart,
  SameDayRecord,
  Summary,
} from './records';

/** What the BFF keeps for a signed-in browser; the browser holds only the opaque id. */
export type SignInWay = 'senha' | 'pergunta' | 'google' | 'cadastro';

export interface SessionData {
  /** the upstream token: never leaves the BFF */
  token: string;
  clientId: string;
  /** normalized document */
  cpfCnpj: string;
  nome: string;
  /**
   * how the person signed in: a password (typed, or the one registration generated) or Google proves more
   * than an identity question's answer, which a sensitive change does not take as recent proof
   */
  signedInWith?: SignInWay;
  createdAt: number;
  lastSeenAt: number;
}

/**
 * What a session keeps beside its identity, each under a key of its own so a page's write never
 * rewrites the session record, each with one declared shape.
 */
export interface SessionSlots {
  /** the creditors the session last listed, with their payment types and flags */
  creditors: Creditor[];
  /** the proposals and instalment values of the last offers seen, one record per contract (negotiation/seen-offers) */
  offers: OffersRecord[];
  /** the agreement summary */
  summary: Summary;
  /** 'Tudo no mesmo dia': the offers last valued for one date */
  sameDay: SameDayRecord;
  /** 'Tudo no mesmo dia': the agreements under review, or being concluded */
  cart: SameDayCart;
  /** the concluded agreement or re-issue */
  agreement: ConcludedAgreement;
  /** the boleto files this session may open */
  boletos: BoletoFiles;
  /** the agreement letters this session may open */
  cartas: AgreementLetters;
  /** 'Cabe no meu bolso?': the budget the person gave, kept only here (never upstream, logged or stored) */
  budget: Budget;
}

export type SessionSlot = keyof SessionSlots;

// Every slot named once, so that destroying a session cannot forget one.
const SLOT_NAMES: Record<SessionSlot, true> = {
  creditors: true,
  offers: true,
  summary: true,
  sameDay: true,
  cart: true,
  agreement: true,
  boletos: true,
  cartas: true,
  budget: true,
};
export const SESSION_SLOTS = Object.keys(SLOT_NAMES) as SessionSlot[];

/** The signed-in person, as the domain sees them: their live session's id and what it keeps. */
export interface Person {
  id: string;
  data: SessionData;
}
