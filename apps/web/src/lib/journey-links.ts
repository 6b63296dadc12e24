import { paths } from '../app/paths';

/**
 * The links into the negotiation journey (spec §2 contract-details modal). Their query holds only what is not
 * personal — creditor code, contract number, logo path, flags — so a reload or a shared tab still works.
 */
export interface ContractLink {
  credor: string;
  contrato: string;
  logoUrl: string | null;
}

export function negotiationHref(
  link: ContractLink & { chamarProposta: boolean; chamarDivida: boolean; sequencial: boolean },
): string {
  const query = new URLSearchParams({
    credor: link.credor,
    contrato: link.contrato,
    ...(link.logoUrl ? { logoUrl: link.logoUrl } : {}),
    chamarProposta: String(link.chamarProposta),
    chamarDivida: String(link.chamarDivida),
    parcelasIndividuaisSequenciais: String(link.sequencial),
  });
  return `${paths.negociacao}?${query}`;
}

export function agreementsHref(link: ContractLink): string {
  const query = new URLSearchParams({
    credor: link.credor,
    contrato: link.contrato,
    ...(link.logoUrl ? { logoUrl: link.logoUrl } : {}),
    chamarAcordo: 'true',
  });
  return `${paths.acordos}?${query}`;
}
