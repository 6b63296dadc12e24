import type { Budget } from '@portal/contracts/procedures/budget';
import { formatBrDate, todayInBrazil } from '@portal/validation/dates';
import { hideDocument } from '@portal/validation/document';
import { formatMoney } from '@portal/validation/money';
import { PLAN_MAX_MONTHS, repaymentPlan } from '@portal/validation/repayment-plan';
import { MUTED, portalDocument } from '../agreements/agreement-letter';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import { allDebts, countedLine } from '../negotiation/all-debts';
import { capacityOf } from '../negotiation/budget';

export const PLAN_MESSAGES = {
  noBudget: 'Preencha o seu orçamento em “Cabe no meu bolso?” para montar o plano.',
  noDebts: 'Não há dívidas para incluir no plano.',
} as const;

const EXPENSES: [keyof Budget['despesas'], string][] = [
  ['moradia', 'Moradia'],
  ['alimentacao', 'Alimentação'],
  ['transporte', 'Transporte'],
  ['saude', 'Saúde'],
  ['educacao', 'Educação'],
  ['contas', 'Contas (luz, água, gás, internet)'],
];

/** The plan's table of debts: what each owes, its share of the plan and what it asks a month. */
export const PLAN_COLUMNS = [
  { title: 'Credor', x: 0, width: 150 },
  { title: 'Contrato', x: 155, width: 75 },
  { title: 'Valor devido', x: 235, width: 85, align: 'right' as const },
  { title: 'No plano', x: 325, width: 85, align: 'right' as const },
  { title: 'Por mês', x: 415, width: 80, align: 'right' as const },
];

/**
 * How what is free each month was reached, in one line a Procon or a CEJUSC can check: the income, less the
 * essential expenses (never less than the mínimo existencial), less the instalments already paid.
 */
export function freeExplained(budget: Budget, minimoCents: number, livreCents: number): string {
  const essentials = Object.values(budget.despesas).reduce((sum, v) => sum + v, 0);
  const kept =
    essentials >= minimoCents
      ? `despesas essenciais ${formatMoney(essentials)}`
      : `o mínimo existencial ${formatMoney(minimoCents)} (as despesas essenciais, ${formatMoney(essentials)}, são menos que ele)`;
  return (
    `Como chegamos ao disponível: renda líquida ${formatMoney(budget.renda)}, menos ${kept}, menos parcelas que já paga ` +
    `${formatMoney(budget.outrasParcelas)}: ${formatMoney(livreCents)}${livreCents === 0 ? ' (nunca menos que zero)' : ''}.`
  );
}

/**
 * 'Plano de pagamento' (CDC art. 104-A): every debt the portal knows that can be negotiated (not prescribed,
 * not disputed, not already in an agreement), the session's budget, what is free each month, and a split
 * over at most 60 months in proportion to each debt, as an A4 PDF with the person's name and masked
 * document, to take to a Procon, a CEJUSC or the Defensoria Pública. A proposal, not legal advice.
 */
export async function repaymentPlanPdf(
  ports: Parameters<typeof allDebts>[0],
  person: Person,
): Promise<{ arquivo: string; conteudo: string }> {
  const budget = await ports.sessions.read(person, 'budget');
  if (!budget) throw new Refusal('precondition', PLAN_MESSAGES.noBudget);
  const all = await allDebts(ports, person);
  const debts = all.credores.flatMap((c) =>
    c.contratos.filter(countedLine).map((l) => ({
      id: `${c.credor.codcredor}/${l.contrato}`,
      cents: l.devidoCents,
      credor: c.credor.nome,
      contrato: l.contratoExibido,
    })),
  );
  if (debts.length === 0) throw new Refusal('precondition', PLAN_MESSAGES.noDebts);
  const livre = capacityOf(ports.config, budget);
  const plan = repaymentPlan(debts, livre);
  const owed = debts.reduce((sum, d) => sum + d.cents, 0);
  const today = todayInBrazil();

  const { doc, w } = await portalDocument('Plano de pagamento', 'Plano de pagamento');
  w.field('Nome', person.data.nome);
  w.field('Documento', hideDocument(person.data.cpfCnpj));
  w.field('Emitido em', formatBrDate(today));
  w.gap(6);
  w.paragraph(
    'Proposta de um plano único de pagamento com todos os credores, em até 5 anos, preservando o mínimo ' +
      'existencial (Lei 14.181/2021, Lei do Superendividamento; Código de Defesa do Consumidor, art. 104-A).',
    { size: 9.5 },
  );

  w.heading('Orçamento mensal');
  w.field('Renda líquida', formatMoney(budget.renda));
  for (const [key, label] of EXPENSES) w.field(label, formatMoney(budget.despesas[key]));
  w.field('Parcelas que já paga', formatMoney(budget.outrasParcelas));
  w.field('Disponível por mês para as dívidas', formatMoney(livre));
  w.paragraph(freeExplained(budget, ports.config.MINIMO_EXISTENCIAL_CENTS, livre), {
    size: 9.5,
    color: MUTED,
  });

  w.heading('Dívidas');
  w.table(
    PLAN_COLUMNS,
    plan.debts.map((d, i) => {
      const months = d.monthlyCents;
      const low = Math.min(...months);
      const high = Math.max(...months);
      return [
        debts[i]?.credor ?? '',
        debts[i]?.contrato ?? '',
        formatMoney(d.cents),
        formatMoney(d.planCents),
        months.length === 0
          ? '—'
          : low === high
            ? formatMoney(low)
            : `${formatMoney(low)} a ${formatMoney(high)}`,
      ];
    }),
  );
  w.field('Total devido', formatMoney(owed));
  w.field('Total proposto no plano', formatMoney(plan.totalCents));

  w.heading('Proposta');
  const monthly = Math.max(0, ...plan.monthlyCents);
  if (plan.months === 0) {
    w.paragraph('Com este orçamento não sobra valor para as dívidas depois do mínimo existencial.');
  } else if (plan.covers) {
    w.paragraph(`Pagar todas as dívidas em ${plan.months} meses, com até ${formatMoney(monthly)} por mês.`);
  } else {
    w.paragraph(
      `O orçamento não cobre todas as dívidas em ${PLAN_MAX_MONTHS} meses. Proposta: ${PLAN_MAX_MONTHS} parcelas ` +
        `de até ${formatMoney(monthly)}, somando ${formatMoney(plan.totalCents)}, divididas entre os credores ` +
        'na proporção de cada dívida, para negociação do restante no processo de repactuação.',
    );
  }

  w.heading('Onde levar este plano');
  w.paragraph('Procon do seu estado ou município: atendimento gratuito para negociar com os credores.');
  w.paragraph('CEJUSC (Centro Judiciário de Solução de Conflitos) do Tribunal de Justiça do seu estado.');
  w.paragraph('Defensoria Pública: atendimento jurídico gratuito para quem não pode pagar um advogado.');
  w.gap(12);
  w.paragraph(
    'Esta é uma proposta montada com as informações que você deu e com as dívidas dos credores parceiros do ' +
      'portal Negocia Varejo. Não é uma orientação jurídica, e os credores não estão obrigados a aceitá-la.',
    { size: 9, color: MUTED },
  );
  const bytes = await doc.save({ useObjectStreams: false });
  return { arquivo: 'plano-de-pagamento.pdf', conteudo: Buffer.from(bytes).toString('base64') };
}
