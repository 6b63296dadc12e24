import type { Creditor } from '@portal/contracts/upstream/entities';
import type { AgreementLetters } from '../agreements/agreement-letter';
import type { BoletoFiles, ConcludedAgreement } from '../agreements/types';
import type { OffersRecord, Summary } from '../negotiation/summary';

/**
 * What a session keeps beside its identity, each under a key of its own so a page's write never
 * rewrites the session record, each with one declared shape.
 */
export interface SessionSlots {
  /** the creditors the session last listed, with their payment types and flags */
  creditors: Creditor[];
  /** the proposals and instalment values of the last offers seen */
  offers: OffersRecord;
  /** the agreement summary */
  summary: Summary;
  /** the concluded agreement or re-issue */
  agreement: ConcludedAgreement;
  /** the boleto files this session may open */
  boletos: BoletoFiles;
  /** the agreement letters this session may open */
  cartas: AgreementLetters;
}

export type SessionSlot = keyof SessionSlots;

// Every slot named once, so that destroying a session cannot forget one.
const SLOT_NAMES: Record<SessionSlot, true> = {
  creditors: true,
  offers: true,
  summary: true,
  agreement: true,
  boletos: true,
  cartas: true,
};
export const SESSION_SLOTS = Object.keys(SLOT_NAMES) as SessionSlot[];
