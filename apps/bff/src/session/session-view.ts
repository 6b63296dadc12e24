import { documentKind, formatDocument, isCompanyDocument } from '@portal/validation/document';
import { firstName, shortName } from '@portal/validation/names';
import type { SessionData } from '../core/session';

/** What the browser may know of its session: no token, no client id. */
export interface SessionView {
  nome: string;
  primeiroNome: string;
  nomeCurto: string;
  /** the user's own document, formatted for the header */
  documento: string;
  tipoDocumento: 'CPF' | 'CNPJ';
  empresa: boolean;
}

export const toSessionView = (data: SessionData): SessionView => ({
  nome: data.nome,
  primeiroNome: firstName(data.nome),
  nomeCurto: shortName(data.nome),
  documento: formatDocument(data.cpfCnpj),
  tipoDocumento: documentKind(data.cpfCnpj) ?? (isCompanyDocument(data.cpfCnpj) ? 'CNPJ' : 'CPF'),
  empresa: isCompanyDocument(data.cpfCnpj),
});
