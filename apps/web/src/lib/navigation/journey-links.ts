import type { PaymentMethod } from '../api/trpc';
import { paths } from './paths';

/**
 * The links into the negotiation journey (from the contract-details modal). Their query holds only what is not
 * personal — creditor code, contract number, logo path, flags — so a reload or a shared tab still works.
 */
export interface ContractLink {
  /** the creditor's code; `credor` in the link's query */
  codcredor: string;
  contrato: string;
  logoUrl: string | null;
}

/** What /negociacao and /propostas are opened with. */
export interface NegotiationLink extends ContractLink {
  chamarProposta: boolean;
  chamarDivida: boolean;
  sequencial: boolean;
}

function negotiationQuery(link: NegotiationLink): URLSearchParams {
  return new URLSearchParams({
    credor: link.codcredor,
    contrato: link.contrato,
    ...(link.logoUrl ? { logoUrl: link.logoUrl } : {}),
    chamarProposta: String(link.chamarProposta),
    chamarDivida: String(link.chamarDivida),
    parcelasIndividuaisSequenciais: String(link.sequencial),
  });
}

export function negotiationHref(link: NegotiationLink): string {
  return `${paths.negociacao}?${negotiationQuery(link)}`;
}

export function proposalsHref(link: NegotiationLink): string {
  return `${paths.propostas}?${negotiationQuery(link)}`;
}

export function agreementsHref(link: ContractLink): string {
  const query = new URLSearchParams({
    credor: link.codcredor,
    contrato: link.contrato,
    ...(link.logoUrl ? { logoUrl: link.logoUrl } : {}),
    chamarAcordo: 'true',
  });
  return `${paths.acordos}?${query}`;
}

/** Our own logo path (the BFF proxies the creditors' logos); anything else is dropped. */
const LOGO_PATH = /^\/api\/logos\/[A-Za-z0-9_.-]+$/;

/** The contract a journey page was opened for; null when the link lacks it (the page then leaves). */
export function readContractLink(query: URLSearchParams): ContractLink | null {
  const codcredor = query.get('credor');
  const contrato = query.get('contrato');
  if (!codcredor || !contrato) return null;
  const logoUrl = query.get('logoUrl');
  return { codcredor, contrato, logoUrl: logoUrl && LOGO_PATH.test(logoUrl) ? logoUrl : null };
}

export function readNegotiationLink(query: URLSearchParams): NegotiationLink | null {
  const link = readContractLink(query);
  if (!link) return null;
  return {
    ...link,
    // The flags default to what most contracts allow: a missing flag asks rather than hides.
    chamarProposta: query.get('chamarProposta') !== 'false',
    chamarDivida: query.get('chamarDivida') !== 'false',
    sequencial: query.get('parcelasIndividuaisSequenciais') === 'true',
  };
}

/** The method /propostas hands back to /negociacao (its back arrow: the query plus formaDePagamento). */
export function readPreferredMethod(query: URLSearchParams): PaymentMethod | null {
  const method = query.get('formaDePagamento');
  return method === 'boleto' || method === 'cartao' || method === 'pix' ? method : null;
}

/**
 * The navigation state of a link on which the person already asked to see a prescribed debt's offers
 * ('Ver ofertas mesmo assim'): /negociacao shows them without asking again. Kept in memory, not the address.
 */
export const OFFERS_ASKED = { verOfertas: true } as const;

/** Whether a page was opened by a link with OFFERS_ASKED. */
export const askedForOffers = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { verOfertas?: unknown }).verOfertas === true;
