import type { Contract, DebtInstalment, PaymentMethod, Proposal } from '@portal/contracts/upstream/entities';
import { maskContract } from '@portal/validation/contract';
import { parseBrDate } from '@portal/validation/dates';
import { parseMoney } from '@portal/validation/money';
import type { ProposalView } from '../core/records';
import { UpstreamError } from '../upstream/errors';

/*
 * The upstream's negotiation shapes as the browser gets them: money in integer cents, dates ISO
 * (yyyy-mm-dd), contract numbers also masked for display (first 2, '***', last 3).
 */

export interface ContractView {
  contrato: string;
  contratoExibido: string;
  situacao: string;
  parcelas: number;
  principalCents: number;
  /** `permiteacordo` decides: an agreement in progress goes to /acordos, anything else to /negociacao */
  destino: 'acordos' | 'negociacao';
  chamarProposta: boolean;
  chamarDivida: boolean;
}

export interface DebtView {
  id: string;
  contrato: string;
  /** the value to pay on `validade` */
  valorCents: number;
  originalCents: number;
  vencimento: string;
  validade: string;
  futura: boolean;
  dataMaxVencimento: string;
}

export interface PaymentTypeView {
  tipo: PaymentMethod;
  /** paid inside the portal (boleto, PIX) rather than on the creditor's site (card) */
  pagamentoInterno: boolean;
  /** may pay a proposal */
  pagamentoProposta: boolean;
}

/** A date the upstream sent: dd/mm/yyyy, or the reply is off contract. */
export function isoOf(brDate: string): string {
  const iso = parseBrDate(brDate);
  if (!iso) throw new UpstreamError('bad-reply', `negotiation: a date that does not exist: ${brDate}`);
  return iso;
}

/** The day a 'PAGO' instalment's payment was confirmed (ISO); null unpaid, or when the upstream does not say. */
export const paidDayOf = (p: { status: string; dataPagamento?: string }): string | null =>
  p.status === 'PAGO' && p.dataPagamento ? isoOf(p.dataPagamento) : null;

const ZERO_PERCENT = /^0+([.,]0+)?%?$/;

export const toContractView = (c: Contract): ContractView => ({
  contrato: c.numcontrato,
  contratoExibido: maskContract(c.numcontrato),
  situacao: c.situacao,
  parcelas: c.quantidadeParcelas,
  principalCents: parseMoney(c.valorprincipal),
  destino: c.permiteacordo ? 'acordos' : 'negociacao',
  chamarProposta: c.permiteproposta,
  chamarDivida: c.permitedivida,
});

export const toProposalView = (p: Proposal): ProposalView => ({
  id: p.id,
  tipo: p.tipo,
  valorPagoCents: parseMoney(p.valorPago),
  entradaCents: parseMoney(p.valorEntrada),
  quantidadeParcelas: p.quantidadeParcelas,
  parcelaCents: parseMoney(p.valorParcela),
  totalCents: parseMoney(p.valorTotal),
  corrigidoCents: parseMoney(p.valorCorrigido),
  descontoCents: parseMoney(p.valorDesconto),
  descontoPercentual: ZERO_PERCENT.test(p.porcentagemDesconto.trim()) ? null : p.porcentagemDesconto.trim(),
  vencimento: isoOf(p.vencimento),
  dataMaxVencimento: isoOf(p.dataMaxVencimento),
  parcelasFuturas: p.parcelasFuturas,
  prestacoes: p.prestacoes.map((i) => ({
    numero: i.numero,
    contrato: i.numContrato,
    valorCents: parseMoney(i.valorPago),
    vencimento: isoOf(i.dataVencimento),
  })),
});

export const toDebtView = (d: DebtInstalment): DebtView => ({
  id: d.id,
  contrato: d.contrato,
  valorCents: parseMoney(d.valorpago),
  originalCents: parseMoney(d.valorprincipal),
  vencimento: isoOf(d.datvenci),
  validade: isoOf(d.validade),
  futura: d.parcelaFutura,
  dataMaxVencimento: isoOf(d.dataMaxVencimento),
});
