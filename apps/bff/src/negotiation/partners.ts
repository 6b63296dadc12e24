import type { Ports } from '../ports/ports';
import { logoPath } from './logos';

/** A partner creditor of the home page: its name and its logo through our own origin. */
interface Partner {
  nome: string;
  logoUrl: string | null;
}

/** The partner creditors of the home page (the upstream's list), for anyone, signed in or not. */
export async function listPartners(ports: Pick<Ports, 'upstream'>): Promise<Partner[]> {
  const partners = await ports.upstream.partners();
  return partners.map((p) => ({ nome: p.nome, logoUrl: logoPath(p.logomarca) }));
}
