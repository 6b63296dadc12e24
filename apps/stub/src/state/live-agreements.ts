import {
  AGREEMENT_CHANGES_DEFAULT,
  type AgreementQueryResult,
  type AgreementRules,
  PAYMENT_METHOD_CODE,
} from '@portal/contracts/upstream/entities';
import { addDays, formatBrDate, todayInBrazil } from '@portal/validation/dates';
import type { SeedContract } from '../data/types';
import { boletoNossoNumero, type LedgerAgreement, withBoletoNumbers } from '../negotiation/agreements';
import { agreementOnWire } from '../negotiation/contracts';
import { cancellationDay, moveToEnd, onDueDay } from '../negotiation/rescue';
import type { StubState } from './stub-state';
import type { StubUser } from './users';

/**
 * The user's contracts and agreements as they stand now — the seed, the agreements the simulator made or
 * changed, the payments it was told of and the clock — and the changes a person may make to an agreement.
 */

const ofUser = (state: StubState, user: StubUser) =>
  state.ledger.agreements.filter((a) => a.cpfCnpj === user.cpfCnpj);

const latestOn = (state: StubState, user: StubUser, codcredor: string, contrato: string) =>
  ofUser(state, user)
    .filter((a) => a.codcredor === codcredor && a.contrato === contrato)
    .at(-1);

/**
 * The agreement on a contract as consultaAcordo answers it now: its instalments' statuses read the seed (or
 * the ledger), then every payment the simulator was told of (POST /__stub/payments) once it has confirmed;
 * each with its boleto's nosso número. At a creditor with a tolerance, an instalment left unpaid past it
 * cancels the agreement (ours: situacao, canceladoEm), and the creditor reports the debt again. The one
 * source of truth of those statuses: every operation that asks which instalment is paid reads it.
 */
export function agreementNow(
  user: StubUser,
  state: StubState,
  now: Date,
  contract: SeedContract,
): AgreementQueryResult | null {
  const creditor = state.creditors.get(contract.creditorCode);
  const codigo = contract.agreement?.codigo ?? '';
  const { payments } = state;
  const wire = agreementOnWire(contract, now, {
    futureUnmarked: creditor?.leavesFutureUnmarked === true,
    paidOn: (numero) => {
      const at = payments.confirmedAt(user.cpfCnpj, contract.numero, codigo, numero);
      return at === undefined ? undefined : todayInBrazil(new Date(at));
    },
    keepsRecord: payments.keepsNegativeRecord(user.cpfCnpj, contract.numero),
    liftAfter: creditor?.liftsRecordAfter ?? 'primeira-parcela',
  });
  if (!wire) return null;
  // a creditor that names no tolerance never cancels an agreement here
  const tolerance = creditor?.agreementRules?.toleranciaDias;
  const cancelled =
    tolerance === undefined ? undefined : cancellationDay(wire.parcelasAcordo, todayInBrazil(now), tolerance);
  if (cancelled === undefined) return withBoletoNumbers({ ...wire, situacao: 'ATIVO' });
  return withBoletoNumbers({
    ...wire,
    negativado: true,
    situacao: 'CANCELADO',
    canceladoEm: formatBrDate(cancelled),
  });
}

/** Whether an agreement of the ledger is cancelled now. */
function isCancelled(user: StubUser, state: StubState, now: Date, agreement: LedgerAgreement): boolean {
  const contract = user.seed.contracts.find(
    (c) => c.creditorCode === agreement.codcredor && c.numero === agreement.contrato,
  );
  if (!contract) return false;
  const asSeed = state.ledger.asSeed(agreement, todayInBrazil(now));
  return agreementNow(user, state, now, { ...contract, agreement: asSeed })?.situacao === 'CANCELADO';
}

/** The debt instalments the user's agreements settle now: a cancelled agreement's are owed again. */
export function settledNow(user: StubUser, state: StubState, now: Date): Set<string> {
  return new Set(
    ofUser(state, user)
      .filter((a) => !isCancelled(user, state, now, a))
      .flatMap((a) => a.settles),
  );
}

/**
 * The user's contracts at a creditor as they stand now: instalments an agreement settles are gone, a contract
 * with an agreement the simulator made goes to /acordos with that agreement, and a contract whose agreement
 * was cancelled is open to a new negotiation again.
 */
export function liveContracts(user: StubUser, state: StubState, now: Date, code: string): SeedContract[] {
  const today = todayInBrazil(now);
  const settled = settledNow(user, state, now);
  return user.seed.contracts
    .filter((c) => c.creditorCode === code)
    .map((c) => {
      const latest = latestOn(state, user, code, c.numero);
      const live: SeedContract = {
        ...c,
        instalments: c.instalments.filter((i) => !settled.has(`${c.numero}-${i.numero}`)),
        permiteacordo: c.permiteacordo || latest !== undefined,
        agreement: latest ? state.ledger.asSeed(latest, today) : c.agreement,
      };
      if (agreementNow(user, state, now, live)?.situacao !== 'CANCELADO') return live;
      return { ...live, situacao: 'Contrato em atraso', permiteproposta: true, permitedivida: true };
    });
}

/** A seeded agreement in the ledger's shape, its dates fixed as of `today` (not kept). */
function seededAsLedger(user: StubUser, contract: SeedContract, today: string): LedgerAgreement | undefined {
  const seeded = contract.agreement;
  if (!seeded) return undefined;
  return {
    codigoAcordo: seeded.codigo,
    nossonumero: boletoNossoNumero(seeded.codigo, seeded.instalments[0]?.numero ?? 1),
    cpfCnpj: user.cpfCnpj,
    codcredor: contract.creditorCode,
    contrato: contract.numero,
    modo: '1',
    idproposta: seeded.codigo,
    formapagamento: PAYMENT_METHOD_CODE[seeded.formaPagamento],
    canalrecebimento: 'email',
    destinorecebimento: user.profile.email,
    chave: seeded.codigo,
    createdAt: '',
    settles: [],
    instalments: seeded.instalments.map((i) => ({
      numero: i.numero,
      due: addDays(today, i.dueInDays),
      cents: i.valueCents,
      status: i.status === 'PAGO' ? 'PAGO' : 'EM ABERTO',
    })),
    alteracoes: 0,
    seeded: true,
  };
}

/** The contract's agreement in the ledger's shape: the latest one made or changed, else the seeded one. */
const currentAgreement = (user: StubUser, state: StubState, contract: SeedContract, today: string) =>
  latestOn(state, user, contract.creditorCode, contract.numero) ?? seededAsLedger(user, contract, today);

/**
 * The contract's agreement, kept in the ledger from now on: a seeded one is brought in by its first change,
 * so that every later answer reads the ledger (its dates stop following the clock).
 */
function keptAgreement(user: StubUser, state: StubState, contract: SeedContract, today: string) {
  const current = currentAgreement(user, state, contract, today);
  if (current && !state.ledger.agreements.includes(current)) state.ledger.agreements.push(current);
  return current;
}

/**
 * The agreement on a contract as the ledger keeps it — one the simulator made, or the seeded one — with
 * each instalment paid or not as `agreementNow` answers it, and whether it was cancelled: for emitirBoleto.
 */
export function payableAgreement(user: StubUser, state: StubState, now: Date, contract: SeedContract) {
  const agreement = currentAgreement(user, state, contract, todayInBrazil(now));
  if (!agreement) return undefined;
  const wire = agreementNow(user, state, now, contract);
  const paid = new Set(wire?.parcelasAcordo.filter((p) => p.status === 'PAGO').map((p) => p.numero));
  return {
    agreement: {
      ...agreement,
      instalments: agreement.instalments.map((i) => ({
        ...i,
        status: paid.has(i.numero) ? ('PAGO' as const) : ('EM ABERTO' as const),
      })),
    },
    cancelled: wire?.situacao === 'CANCELADO',
  };
}

/** The agreement a payment told of (POST /__stub/payments) is of: the contract's current one ('' for none). */
export function agreementCodeOf(state: StubState, cpfCnpj: string, contrato: string): string {
  const latest = state.ledger.agreements
    .filter((a) => a.cpfCnpj === cpfCnpj && a.contrato === contrato)
    .at(-1);
  if (latest) return latest.codigoAcordo;
  const seeded = state.findUser(cpfCnpj)?.seed.contracts.find((c) => c.numero === contrato)?.agreement;
  return seeded?.codigo ?? '';
}

/** Why a change is refused: no agreement on the contract, or one that does not allow it. */
type ChangeRefusal = { ok: false; reason: 'noAgreement' | 'refused' };
type ChangeOutcome = { ok: true; parcelasAcordo: AgreementQueryResult['parcelasAcordo'] } | ChangeRefusal;

interface ChangeScope {
  codcredor: string;
  contrato: string;
  codigoAcordo: string;
}

/**
 * The agreement a change names, when the change may be made: the contract's current agreement, not cancelled,
 * at a creditor whose rule allows it, with changes left (`alteracoesPorAcordo`, moves and day changes together).
 */
function changeable(
  user: StubUser,
  state: StubState,
  now: Date,
  scope: ChangeScope,
  rule: keyof Pick<AgreementRules, 'moverParcelaFim' | 'alterarDiaVencimento'>,
) {
  const today = todayInBrazil(now);
  const contract = liveContracts(user, state, now, scope.codcredor).find((c) => c.numero === scope.contrato);
  const wire = contract ? agreementNow(user, state, now, contract) : null;
  if (!contract || !wire) return { ok: false, reason: 'noAgreement' } satisfies ChangeRefusal;
  const rules = state.creditors.get(scope.codcredor)?.agreementRules;
  const used = currentAgreement(user, state, contract, today)?.alteracoes ?? 0;
  const allowed =
    wire.codigoAcordo === scope.codigoAcordo &&
    rules?.[rule] === true &&
    wire.situacao !== 'CANCELADO' &&
    used < (rules.alteracoesPorAcordo ?? AGREEMENT_CHANGES_DEFAULT);
  if (!allowed) return { ok: false, reason: 'refused' } satisfies ChangeRefusal;
  return { ok: true, contract, wire, today } as const;
}

/** Records an accepted change, counts it against the agreement's allowance and answers the instalments now. */
function applied(
  user: StubUser,
  state: StubState,
  now: Date,
  scope: ChangeScope,
  agreement: LedgerAgreement,
  change: { metodo: 'moverParcela'; numero: number } | { metodo: 'alterarVencimento'; dia: number },
): ChangeOutcome {
  agreement.alteracoes += 1;
  state.ledger.changes.push({
    receivedAt: now.toISOString(),
    cpfCnpj: user.cpfCnpj,
    codcredor: scope.codcredor,
    contrato: scope.contrato,
    codigoAcordo: scope.codigoAcordo,
    ...change,
  });
  const contract = liveContracts(user, state, now, scope.codcredor).find((c) => c.numero === scope.contrato);
  const wire = contract ? agreementNow(user, state, now, contract) : null;
  return { ok: true, parcelasAcordo: wire?.parcelasAcordo ?? [] };
}

/**
 * moverParcela: the unpaid instalment `numero`, not the last, goes to the end (`moveToEnd`); every payment the
 * simulator was told of follows its instalment to its new number. No key: a repeat moves again.
 */
export function moveInstalment(
  user: StubUser,
  state: StubState,
  now: Date,
  scope: ChangeScope & { numero: number },
): ChangeOutcome {
  const found = changeable(user, state, now, scope, 'moverParcelaFim');
  if (!found.ok) return found;
  const target = found.wire.parcelasAcordo.find((p) => p.numero === scope.numero);
  const last = Math.max(...found.wire.parcelasAcordo.map((p) => p.numero));
  if (!target || target.status === 'PAGO' || target.numero === last) return { ok: false, reason: 'refused' };
  const agreement = keptAgreement(user, state, found.contract, found.today);
  if (!agreement) return { ok: false, reason: 'noAgreement' };
  const { instalments, renumbered } = moveToEnd(agreement.instalments, scope.numero);
  agreement.instalments = instalments;
  state.payments.renumber(user.cpfCnpj, scope.contrato, scope.codigoAcordo, renumbered);
  return applied(user, state, now, scope, agreement, { metodo: 'moverParcela', numero: scope.numero });
}

/** alterarVencimento: every unpaid instalment falls due on day `dia` (`monthlyOnDay`). No key: a repeat applies again. */
export function changeDueDay(
  user: StubUser,
  state: StubState,
  now: Date,
  scope: ChangeScope & { dia: number },
): ChangeOutcome {
  const found = changeable(user, state, now, scope, 'alterarDiaVencimento');
  if (!found.ok) return found;
  const paid = new Set(found.wire.parcelasAcordo.filter((p) => p.status === 'PAGO').map((p) => p.numero));
  if (paid.size === found.wire.parcelasAcordo.length) return { ok: false, reason: 'refused' };
  const agreement = keptAgreement(user, state, found.contract, found.today);
  if (!agreement) return { ok: false, reason: 'noAgreement' };
  agreement.instalments = onDueDay(agreement.instalments, paid, found.today, scope.dia);
  return applied(user, state, now, scope, agreement, { metodo: 'alterarVencimento', dia: scope.dia });
}

/**
 * The clock knob (POST /__stub/agreements/atrasar): the unpaid instalment `numero` of the contract's current
 * agreement falls due `dias` calendar days before today, the others as they were. False: no such instalment.
 */
export function makeOverdue(
  state: StubState,
  { cpfCnpj, contrato, numero, dias }: { cpfCnpj: string; contrato: string; numero: number; dias: number },
): boolean {
  const user = state.findUser(cpfCnpj);
  if (!user) return false;
  const now = new Date(state.now());
  const today = todayInBrazil(now);
  for (const code of new Set(
    user.seed.contracts.filter((c) => c.numero === contrato).map((c) => c.creditorCode),
  )) {
    const contract = liveContracts(user, state, now, code).find((c) => c.numero === contrato);
    const target = contract
      ? agreementNow(user, state, now, contract)?.parcelasAcordo.find((p) => p.numero === numero)
      : undefined;
    if (!contract || !target || target.status === 'PAGO') continue;
    const instalment = keptAgreement(user, state, contract, today)?.instalments.find(
      (i) => i.numero === numero,
    );
    if (!instalment) continue;
    instalment.due = addDays(today, -dias);
    return true;
  }
  return false;
}

/**
 * Whether an instalment is still owed now: its agreement is the contract's current one, not cancelled, and
 * the instalment is not paid. What a scheduled notice is sent for.
 */
export function stillOwed(
  user: StubUser,
  state: StubState,
  now: Date,
  { codcredor, contrato, codigoAcordo, numero }: ChangeScope & { numero: number },
): boolean {
  const contract = liveContracts(user, state, now, codcredor).find((c) => c.numero === contrato);
  const wire = contract ? agreementNow(user, state, now, contract) : null;
  if (!wire || wire.codigoAcordo !== codigoAcordo || wire.situacao === 'CANCELADO') return false;
  const instalment = wire.parcelasAcordo.find((p) => p.numero === numero);
  return instalment !== undefined && instalment.status !== 'PAGO';
}
