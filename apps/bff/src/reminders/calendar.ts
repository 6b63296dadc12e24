import type { calendarInput } from '@portal/contracts/procedures/reminders';
import { maskContract } from '@portal/validation/contract';
import { addDays } from '@portal/validation/dates';
import { formatMoney, parseMoney } from '@portal/validation/money';
import { createEvents, type DateArray, type EventAttributes } from 'ics';
import type { z } from 'zod';
import { ownerForms } from '../activity/owner';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import { contractScope, creditorBrief, creditorOf } from '../negotiation/creditors';
import { isoOf } from '../negotiation/views';
import type { Ports } from '../ports/ports';

const CALENDAR_MESSAGES = {
  nothingOpen: 'Não há parcelas em aberto neste acordo.',
} as const;

const dateArray = (iso: string): DateArray => {
  const [y = 0, m = 0, d = 0] = iso.split('-').map(Number);
  return [y, m, d];
};

/** An alarm at 09:00 in the person's calendar `dias` days before an all-day event (which starts at 00:00). */
const alarmAt9 = (dias: number, text: string) => ({
  action: 'display' as const,
  description: text,
  trigger: dias === 0 ? { hours: 9, before: false } : { days: dias - 1, hours: 15, before: true },
});

/**
 * 'Adicionar à agenda': an .ics file with an all-day event for each open instalment of the agreement, and
 * an alarm on each day the person chose (3 days before and on the day, unless they chose others).
 */
export async function agreementCalendar(
  ports: Pick<Ports, 'proxy' | 'sessions' | 'log' | 'reminders' | 'keys'>,
  person: Person,
  input: z.output<typeof calendarInput>,
) {
  const creditor = await creditorOf(ports, person, input.codcredor);
  const credor = creditorBrief(creditor).nome;
  const agreement = await ports.proxy.call(
    'consultaAcordo',
    contractScope(person, creditor.agrupador, input.contrato),
  );
  const open =
    agreement.situacao === 'CANCELADO' ? [] : agreement.parcelasAcordo.filter((p) => p.status !== 'PAGO');
  if (open.length === 0) throw new Refusal('bad-request', CALENDAR_MESSAGES.nothingOpen);
  const dias = (await ports.reminders.choice(ownerForms(ports, person)))?.dias ?? [3, 0];
  const events: EventAttributes[] = open.map((p) => {
    const day = isoOf(p.dataVencimento);
    const title = `Parcela ${p.numero} · ${credor}`;
    return {
      uid: `${agreement.codigoAcordo}-${p.numero}@negociavarejo.com.br`,
      start: dateArray(day),
      end: dateArray(addDays(day, 1)),
      title,
      description: `Valor: ${formatMoney(parseMoney(p.valorPago))}. Contrato ${maskContract(input.contrato)}. Pague pelo portal Negocia Varejo, em Acordos em andamento.`,
      productId: 'negociavarejo/portal',
      calName: 'Negocia Varejo',
      alarms: dias.map((d) => alarmAt9(d, title)),
    };
  });
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error('ics: no calendar');
  // the creditor's name without accents or spaces: 'Cartão Sol Nascente' → acordo-cartao-sol-nascente.ics
  const slug = credor
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { nome: `acordo-${slug}.ics`, conteudo: value };
}
