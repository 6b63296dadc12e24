import type {
  inProgressInput,
  reissueInput,
  sendAgreementInput,
} from '@portal/contracts/procedures/agreements';
import { type AgreementQueryResult, PAYMENT_METHOD_CODE } from '@portal/contracts/upstream/entities';
import { maskContract } from '@portal/validation/contract';
import { todayInBrazil } from '@portal/validation/dates';
import { parseMoney } from '@portal/validation/money';
import { normalizePhone } from '@portal/validation/phone';
import type { z } from 'zod';
import { SHARED_MESSAGES } from '../core/messages';
import type { ConcludedAgreement } from '../core/records';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import { withAgreementStanding } from '../negotiation/contract-standing';
import { contractScope, creditorBrief, creditorOf } from '../negotiation/creditors';
import { isoOf, paidDayOf } from '../negotiation/views';
import type { Ports } from '../ports/ports';
import { followAgreement } from '../reminders/reminders';
import { type SignedInTrailPorts, trackBoleto } from '../tracking/trail';
import { letterOfAgreement } from './agreement-letter';
import { boletoViews, letterFile } from './boleto-files';
import { reissueDeliveryOf } from './delivery';
import { madeOn } from './made-agreements';
import { negativeRecordLift } from './negative-record';
import { changesOf, rulesOf, standingOf } from './standing';
import { AGREEMENT_MESSAGES, type ReissueResult, type SendResult } from './types';

/**
 * Only the first unpaid instalment can be paid now: every later unpaid one is shown FUTURA, whatever the
 * upstream marked (some creditors' upstreams answer them all 'EM ABERTO').
 */
function payableFirst(agreement: AgreementQueryResult): AgreementQueryResult {
  const unpaid = agreement.parcelasAcordo.filter((p) => p.status !== 'PAGO').map((p) => p.numero);
  const first = Math.min(...unpaid);
  return {
    ...agreement,
    parcelasAcordo: agreement.parcelasAcordo.map((p) =>
      p.status === 'PAGO' || p.numero === first ? p : { ...p, status: 'FUTURA' },
    ),
  };
}

const HOUR = 60 * 60_000;

/** What reading an agreement in progress reaches: the proxy, and the creditors the session listed. */
type AgreementPorts = Pick<Ports, 'proxy' | 'sessions' | 'log'>;

/** What /acordos reaches besides: the reminders, which follow what it read. */
type InProgressPorts = AgreementPorts & Pick<Ports, 'reminders' | 'push' | 'keys' | 'upstream' | 'config'>;

/** What sending an agreement's boletos reaches besides: the send limits and the trail. */
type SendPorts = AgreementPorts & SignedInTrailPorts & Pick<Ports, 'limiter' | 'config'>;

/** What a re-issue reaches besides: the records of made agreements (keyed) and the profile's contacts. */
type ReissuePorts = SendPorts & Pick<Ports, 'store' | 'keys' | 'upstream' | 'db'>;

/**
 * Each send or re-issue has the upstream e-mail or text a boleto to someone: both are counted together,
 * per session and per document, before anything is asked of the upstream.
 */
async function takeSend(ports: Pick<Ports, 'config' | 'limiter'>, person: Person): Promise<void> {
  const { config, limiter } = ports;
  const allowed = await limiter.hitAll([
    ['agreement-send-session', person.id, { max: config.AGREEMENT_SENDS_PER_SESSION_HOUR, windowMs: HOUR }],
    [
      'agreement-send-doc',
      person.data.cpfCnpj,
      { max: config.AGREEMENT_SENDS_PER_PERSON_DAY, windowMs: 24 * HOUR },
    ],
  ]);
  if (!allowed) throw new Refusal('too-many', SHARED_MESSAGES.tooManyAttempts);
}

/** The agreement in progress on a contract (proxy `consultaAcordo`), its statuses as the portal shows them. */
export const agreementOn = async (ports: Pick<Ports, 'proxy'>, scope: ReturnType<typeof contractScope>) =>
  payableFirst(await ports.proxy.call('consultaAcordo', scope));

/** The agreement in progress on a contract, for /acordos. */
export async function agreementInProgress(
  ports: InProgressPorts,
  person: Person,
  input: z.output<typeof inProgressInput>,
) {
  const creditor = await creditorOf(ports, person, input.codcredor);
  const data = await agreementOn(ports, contractScope(person, creditor.agrupador, input.contrato));
  await followAgreement(ports, person, input, data, creditorBrief(creditor).nome);
  return {
    credor: creditorBrief(creditor),
    contrato: input.contrato,
    contratoExibido: maskContract(input.contrato),
    estado: withAgreementStanding(data),
    codigoAcordo: data.codigoAcordo,
    formaPagamento: data.formaPagamento,
    parcelas: data.parcelasAcordo.map((p) => ({
      id: p.id,
      numero: p.numero,
      status: p.status,
      vencimento: isoOf(p.dataVencimento),
      valorCents: parseMoney(p.valorPago),
      pagoEm: paidDayOf(p),
    })),
    baixa: negativeRecordLift(creditor, input.contrato, data, todayInBrazil()),
    /** what the creditor allows: moving an instalment to the end, changing the day, the tolerance */
    regras: rulesOf(creditor),
    /** what the person may change now: the instalment to move to the end, and a new payment day */
    alteracoes: changesOf(creditor, data, todayInBrazil()),
    /** an instalment overdue (and until when paying keeps the agreement), or the agreement cancelled */
    ...standingOf(creditor, data, todayInBrazil()),
    /** every instalment paid: the declaration of settlement can be downloaded */
    quitado: data.parcelasAcordo.length > 0 && data.parcelasAcordo.every((p) => p.status === 'PAGO'),
  };
}

/**
 * 'Gerar pagamento' on /acordos: issues the boleto of the agreement's open instalment again
 * (`emitirBoleto`, by one channel), in the type and mode the agreement was made with. Any other
 * instalment is refused before anything is asked of the upstream.
 */
export async function reissue(
  ports: ReissuePorts,
  person: Person,
  input: z.output<typeof reissueInput>,
): Promise<ReissueResult> {
  await takeSend(ports, person);
  const creditor = await creditorOf(ports, person, input.codcredor);
  const { proxy, sessions } = ports;
  const scope = contractScope(person, creditor.agrupador, input.contrato);
  const current = await agreementOn(ports, scope);
  const issued = current.parcelasAcordo.find((p) => p.id === input.parcela);
  if (issued?.status !== 'EM ABERTO') {
    throw new Refusal('bad-request', AGREEMENT_MESSAGES.issueFailed);
  }
  const made = await madeOn(ports, person, creditor.agrupador, input.contrato, current.parcelasAcordo.length);
  const delivery = await reissueDeliveryOf(
    ports,
    person,
    input.email || undefined,
    input.telefone || undefined,
  );
  const nossonumero = issued.nossonumero ?? '';
  const reply = await proxy.call('emitirBoleto', {
    ...scope,
    idproposta: issued.id,
    modo: made.modo,
    ...delivery,
    nossonumero,
    ...(delivery.canalrecebimento === 'email'
      ? { formapagamento: PAYMENT_METHOD_CODE[current.formaPagamento] }
      : {}),
  });
  if (reply.erro) throw new Refusal('bad-request', AGREEMENT_MESSAGES.issueFailed);
  if (reply.boletos.length === 0) {
    await sessions.clear(person, 'agreement');
    return { status: 'sem-boletos' };
  }
  const method = creditor.pagamento.find((p) => p.tipoPagamento === current.formaPagamento);
  const boletos = await boletoViews(ports, person, current.formaPagamento, input.contrato, reply.boletos);
  const today = todayInBrazil();
  const acordo: ConcludedAgreement = {
    tipo: 'reemissao',
    titulo: AGREEMENT_MESSAGES.reissueTitle,
    credor: creditorBrief(creditor),
    contrato: input.contrato,
    contratoExibido: maskContract(input.contrato),
    formaPagamento: current.formaPagamento,
    pagamentoSite: method?.pagamentoInterno ?? true,
    tipoAcordo: made.tipoAcordo,
    idProposta: issued.id,
    modo: made.modo,
    nossonumero,
    boletos,
    valorCents: parseMoney(issued.valorPago),
    vencimento: isoOf(issued.dataVencimento),
    carta: await letterFile(
      ports,
      person,
      letterOfAgreement(current, creditorBrief(creditor).nome, input.contrato, boletos, today),
    ),
  };
  await sessions.write(person, 'agreement', acordo);
  trackBoleto(ports, person, acordo, 'reemissao');
  return { status: 'concluido', acordo };
}

/**
 * 'Enviar por e-mail' / 'Enviar por SMS' on the concluded page: the boletos payable now to that address,
 * one `emitirBoleto` each — every unpaid one of an individual-instalments agreement (modo '2', all due
 * together), else the open instalment's.
 */
export async function sendAgreement(
  ports: SendPorts,
  person: Person,
  input: z.output<typeof sendAgreementInput>,
): Promise<SendResult> {
  await takeSend(ports, person);
  const { proxy, sessions } = ports;
  const acordo = await sessions.read(person, 'agreement');
  if (!acordo) throw new Refusal('precondition', AGREEMENT_MESSAGES.noAgreement);
  const scope = contractScope(person, acordo.credor.codcredor, acordo.contrato);
  const current = await agreementOn(ports, scope);
  const unpaid = current.parcelasAcordo
    .filter((p) => p.status !== 'PAGO')
    .sort((a, b) => a.numero - b.numero);
  const payable = acordo.modo === '2' ? unpaid : unpaid.filter((p) => p.status === 'EM ABERTO');
  if (payable.length === 0) {
    throw new Refusal('bad-request', AGREEMENT_MESSAGES.issueFailed);
  }
  for (const instalment of payable) {
    const nossonumero = instalment.nossonumero ?? '';
    const reply = await proxy.call('emitirBoleto', {
      ...scope,
      idproposta: instalment.id,
      modo: acordo.modo,
      canalrecebimento: input.canal,
      destinorecebimento: input.canal === 'email' ? input.destino : normalizePhone(input.destino),
      nossonumero,
      ...(input.canal === 'email' ? { formapagamento: PAYMENT_METHOD_CODE[acordo.formaPagamento] } : {}),
    });
    if (reply.erro) throw new Refusal('bad-request', AGREEMENT_MESSAGES.issueFailed);
    if (reply.boletos.length === 0) {
      await sessions.clear(person, 'agreement');
      return { ok: false, message: AGREEMENT_MESSAGES.nothingToIssue };
    }
    trackBoleto(ports, person, { ...acordo, nossonumero: nossonumero || acordo.nossonumero }, input.canal);
  }
  return { ok: true, message: AGREEMENT_MESSAGES.sent };
}
