import { createHash } from 'node:crypto';
import type { AgreementQueryResult, Contract, Creditor } from '@portal/contracts/upstream/entities';
import { PROXY_RETORNO } from '@portal/contracts/upstream/proxy-channel';
import { todayInBrazil } from '@portal/validation/dates';
import { ownerForms, ownerOf } from '../activity/owner';
import type { ContractStanding } from '../core/records';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import { firstFound } from '../keys/keyring';
import type { Ports } from '../ports/ports';
import { UpstreamError } from '../upstream/errors';
import { contractScope, creditorContracts, creditorOf } from './creditors';

/*
 * A contract's standing, decided here once: what every view of a contract carries and what every step
 * toward `gerarBoleto` enforces. In precedence order:
 *   em-acordo   an agreement is live on it (the upstream says so and it is not cancelled), or one is being
 *               made by the portal right now (an intent in flight, any key, any path, any instance)
 *   em-disputa  the creditor says it is contested: nothing is offered, no agreement is made here
 *   prescrita   its oldest unpaid instalment fell due more than five years ago: said, offers only on asking
 *   aberta      anything else
 */
export const STANDING_MESSAGES = {
  disputed:
    'Esta dívida está em contestação com o credor. Enquanto a contestação estiver aberta, não é possível fazer acordo para ela por aqui.',
  inAgreement: 'Este contrato já tem um acordo em andamento. Consulte-o em Minha conta.',
  processing:
    'Um acordo para este contrato já está sendo feito. Aguarde a confirmação em Minha conta antes de fazer outro.',
} as const;

/** The same day five years back, compared as text: 29/02 needs no special case. */
const fiveYearsBefore = (iso: string) => `${Number(iso.slice(0, 4)) - 5}${iso.slice(4)}`;

/**
 * A debt is prescribed when its oldest unpaid instalment (ISO date, undefined: none overdue) fell due more
 * than five years ago (Civil Code art. 206 § 5 I; the STJ holds it can no longer be charged, in or out of court).
 */
const isPrescribed = (oldestUnpaid: string | undefined, today: string) =>
  oldestUnpaid !== undefined && oldestUnpaid < fiveYearsBefore(today);

/**
 * The oldest due date among a contract's unpaid instalments, from whatever the page read: its open debts
 * (consultaDivida) and the instalments its offers settle (consultaProposta). Undefined when neither was read.
 */
export function oldestUnpaid(
  debts: readonly { vencimento: string }[] = [],
  proposals: readonly { prestacoes: readonly { vencimento: string }[] }[] = [],
): string | undefined {
  return [
    ...debts.map((d) => d.vencimento),
    ...proposals.flatMap((p) => p.prestacoes.map((i) => i.vencimento)),
  ]
    .sort()
    .at(0);
}

/** The standing of a summary's contract, from the instalments it settles: the guard let only these through. */
export const summaryStanding = (
  contratos: readonly { parcelas: readonly { vencimento: string }[] }[],
): ContractStanding => withOldest({ tipo: 'aberta' }, oldestUnpaid(contratos.flatMap((c) => c.parcelas)));

/** What decides a contract's standing. */
interface StandingFacts {
  contract: Pick<Contract, 'permiteacordo' | 'emDisputa'>;
  /** the agreement on it, when asked (consultaAcordo): a cancelled one leaves the contract open again */
  agreement?: Pick<AgreementQueryResult, 'situacao'> | null;
  /** the oldest unpaid instalment's due date, when read (oldestUnpaid) */
  oldest?: string | undefined;
  /** an agreement of the portal's is being made on it now */
  processing: boolean;
  today: string;
}

/** The one rule: a contract's standing from what the upstream and the portal know of it. */
function contractStanding({
  contract,
  agreement,
  oldest,
  processing,
  today,
}: StandingFacts): ContractStanding {
  if (processing) return { tipo: 'em-acordo', processando: true };
  const cancelled = agreement?.situacao === 'CANCELADO';
  if (contract.permiteacordo && !cancelled) return { tipo: 'em-acordo', processando: false };
  if (contract.emDisputa === true) return { tipo: 'em-disputa' };
  if (oldest !== undefined && isPrescribed(oldest, today)) return { tipo: 'prescrita', desde: oldest };
  return { tipo: 'aberta' };
}

/** The standing of a contract read through its agreement (/acordos, Minha conta's notices): cancelled, it is open again. */
export const withAgreementStanding = (agreement: Pick<AgreementQueryResult, 'situacao'>): ContractStanding =>
  contractStanding({
    contract: { permiteacordo: true },
    agreement,
    processing: false,
    today: todayInBrazil(),
  });

/** An open contract's standing once the dates of its unpaid instalments are read: prescribed, or still open. */
export const withOldest = (standing: ContractStanding, oldest: string | undefined): ContractStanding =>
  standing.tipo === 'aberta' && oldest !== undefined && isPrescribed(oldest, todayInBrazil())
    ? { tipo: 'prescrita', desde: oldest }
    : standing;

/** Whether a standing lets the portal ask the creditor for offers and show them. */
export const offersAllowed = (standing: ContractStanding) =>
  standing.tipo === 'aberta' || standing.tipo === 'prescrita';

// --- one agreement per contract at a time ----------------------------------------------------------------

/**
 * The claim an agreement being made holds on its contract: its intent's key. Named by the owner's pseudonym
 * and a digest of the creditor and contract, so no document or contract number is a store key.
 */
const contractClaimKey = (owner: string, codcredor: string, contrato: string) =>
  `agreement-contract:${owner}:${createHash('sha256').update(`${codcredor}|${contrato}`).digest('base64url')}`;

type ClaimPorts = Pick<Ports, 'store' | 'keys'>;

/** Where an agreement intent is recorded, by its key (agreements/intent.ts keeps it). */
export const intentKey = (chave: string) => `agreement-intent:${chave}`;

/** Whether the intent `chave` is still making its agreement: recorded, with no outcome yet. */
async function isMaking(store: Ports['store'], chave: string) {
  const intent = await store.get<{ result?: unknown }>(intentKey(chave));
  return intent !== undefined && intent.result === undefined;
}

/**
 * The key of the intent making an agreement on the contract now, under any of the owner's pseudonyms;
 * undefined when none is. A claim whose intent has an outcome, or is gone, is no longer one.
 */
export async function processingOn(
  ports: ClaimPorts,
  person: Person,
  codcredor: string,
  contrato: string,
): Promise<string | undefined> {
  const found = await firstFound(ownerForms(ports, person), (owner) =>
    ports.store.get<string>(contractClaimKey(owner, codcredor, contrato)),
  );
  const holder = found?.value;
  return holder !== undefined && (await isMaking(ports.store, holder)) ? holder : undefined;
}

/**
 * Takes the contract's claim for the intent `chave`, already recorded: false while another intent is making
 * an agreement on it. A claim left by an intent that is over (its release failed) is taken over.
 */
export async function claimContract(
  ports: ClaimPorts,
  person: Person,
  on: { codcredor: string; contrato: string },
  chave: string,
  ttlMs: number,
): Promise<boolean> {
  const { store } = ports;
  if ((await processingOn(ports, person, on.codcredor, on.contrato)) !== undefined) return false;
  const key = contractClaimKey(ownerOf(ports, person), on.codcredor, on.contrato);
  if (await store.claim(key, chave, ttlMs)) return true;
  const holder = await store.get<string>(key);
  if (holder !== undefined) {
    if (await isMaking(store, holder)) return false;
    await store.release(key, holder);
  }
  return store.claim(key, chave, ttlMs);
}

/** Gives the contract's claim up, only while the intent `chave` holds it (under any pseudonym). */
export async function releaseContract(
  ports: ClaimPorts,
  person: Person,
  on: { codcredor: string; contrato: string },
  chave: string,
) {
  await Promise.all(
    ownerForms(ports, person).map((owner) =>
      ports.store.release(contractClaimKey(owner, on.codcredor, on.contrato), chave),
    ),
  );
}

// --- reading it ------------------------------------------------------------------------------------------

/** The agreement on a contract (consultaAcordo); null when it has none. */
export async function agreementNow(
  ports: Pick<Ports, 'proxy'>,
  person: Person,
  codcredor: string,
  contrato: string,
): Promise<AgreementQueryResult | null> {
  try {
    return await ports.proxy.call('consultaAcordo', contractScope(person, codcredor, contrato));
  } catch (error) {
    // 'Nenhum acordo em andamento para este contrato.' (retorno 1) is an answer: there is none.
    if (error instanceof UpstreamError && error.details.retorno === PROXY_RETORNO.notFound) return null;
    throw error;
  }
}

type StandingPorts = Pick<Ports, 'proxy' | 'store' | 'keys'>;

/**
 * A contract's standing for a view of it, from the contract as listed (withOldest adds what the dates of its
 * unpaid instalments tell), with the agreement it asked for. A contract the upstream marks as in an agreement
 * is asked what that agreement is (consultaAcordo), so that a cancelled one shows as the open debt it is again.
 */
export async function standingWithAgreement(
  ports: StandingPorts,
  person: Person,
  codcredor: string,
  contract: Pick<Contract, 'numcontrato' | 'permiteacordo' | 'emDisputa'>,
): Promise<{ estado: ContractStanding; agreement: AgreementQueryResult | null }> {
  const [holder, agreement] = await Promise.all([
    processingOn(ports, person, codcredor, contract.numcontrato),
    contract.permiteacordo ? agreementNow(ports, person, codcredor, contract.numcontrato) : null,
  ]);
  const processing = holder !== undefined;
  return { estado: contractStanding({ contract, agreement, processing, today: todayInBrazil() }), agreement };
}

/** A contract's standing for a view of it (standingWithAgreement, without the agreement). */
export const contractStandingFor = async (
  ports: StandingPorts,
  person: Person,
  codcredor: string,
  contract: Pick<Contract, 'numcontrato' | 'permiteacordo' | 'emDisputa'>,
): Promise<ContractStanding> => (await standingWithAgreement(ports, person, codcredor, contract)).estado;

/** The contract as its creditor lists it now (consultaContrato); undefined when the creditor lists it not. */
export async function contractNow(
  ports: Pick<Ports, 'proxy' | 'sessions' | 'log'>,
  person: Person,
  creditor: Creditor,
  contrato: string,
): Promise<Contract | undefined> {
  return (await creditorContracts(ports, person, creditor)).find((c) => c.numcontrato === contrato);
}

/**
 * The guard every step toward an agreement crosses (a summary kept, a review kept, `gerarBoleto` sent):
 * asked afresh of the upstream, never taken from what a page was shown. A contract in dispute, with a live
 * agreement or with one being made by another intent (`except`: the caller's own) is refused with what to
 * do; a prescribed one passes (the person was told, and chose). Gives the agreement the contract has now.
 */
export async function assertNegotiable(
  ports: StandingPorts & Pick<Ports, 'sessions' | 'log'>,
  person: Person,
  on: { codcredor: string; contrato: string },
  except?: string,
): Promise<{ agreement: AgreementQueryResult | null }> {
  const creditor = await creditorOf(ports, person, on.codcredor);
  const [contract, agreement, holder] = await Promise.all([
    contractNow(ports, person, creditor, on.contrato),
    agreementNow(ports, person, on.codcredor, on.contrato),
    processingOn(ports, person, on.codcredor, on.contrato),
  ]);
  // a contract the creditor no longer lists cannot be concluded either: the upstream refuses it in its words
  const standing = contractStanding({
    contract: { permiteacordo: agreement !== null, emDisputa: contract?.emDisputa },
    agreement,
    processing: holder !== undefined && holder !== except,
    today: todayInBrazil(),
  });
  if (standing.tipo === 'em-disputa') throw new Refusal('precondition', STANDING_MESSAGES.disputed);
  if (standing.tipo === 'em-acordo')
    throw new Refusal(
      'precondition',
      standing.processando ? STANDING_MESSAGES.processing : STANDING_MESSAGES.inAgreement,
    );
  return { agreement };
}
