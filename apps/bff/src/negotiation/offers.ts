import type { offersInput } from '@portal/contracts/procedures/negotiation';
import type { Contract } from '@portal/contracts/upstream/entities';
import { formatBrDate, todayInBrazil } from '@portal/validation/dates';
import type { z } from 'zod';
import type { ContractStanding } from '../core/records';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';
import { recordAccess } from '../tracking/access-record';
import {
  contractNow,
  contractStandingFor,
  offersAllowed,
  oldestUnpaid,
  withOldest,
} from './contract-standing';
import {
  type CreditorPorts,
  contractScope,
  creditorBrief,
  creditorContracts,
  creditorOf,
  paymentTypes,
} from './creditors';
import { payableProposals } from './payable';
import { keepSeenOffers, seenOffers } from './seen-offers';
import { originalKey } from './summary';
import { type ContractView, toContractView, toDebtView, toProposalView } from './views';

const MAX_REMEMBERED_PROPOSALS = 60;

/** A contract as the pages list it: its view, and its standing. */
type ListedContract = ContractView & { estado: ContractStanding };

/**
 * The oldest unpaid instalment of a contract, read as its page reads it: its open debts, else the
 * instalments its offers settle. Undefined when it cannot be read (the view then goes without it).
 */
async function oldestOf(
  ports: Pick<Ports, 'proxy' | 'log'>,
  person: Person,
  codcredor: string,
  view: ContractView,
): Promise<string | undefined> {
  const scope = contractScope(person, codcredor, view.contrato);
  try {
    if (view.chamarDivida)
      return oldestUnpaid((await ports.proxy.call('consultaDivida', scope)).dividas.map(toDebtView));
    if (view.chamarProposta)
      return oldestUnpaid(
        [],
        (await ports.proxy.call('consultaProposta', scope)).propostas.map(toProposalView),
      );
  } catch (error) {
    ports.log.warn(
      { err: (error as Error).message },
      'a contract listed without the dates of its instalments',
    );
  }
  return undefined;
}

/** What listing a contract with its standing reaches: the creditors' ports, the claims in the store. */
type ListingPorts = CreditorPorts & Pick<Ports, 'store' | 'keys'>;

/** A contract of a creditor's list: as the upstream listed it, and its standing. */
interface KnownContract {
  contract: Contract;
  estado: ContractStanding;
}

/**
 * A creditor's contracts with the user (proxy `consultaContrato`), each with its standing as far as the
 * listing tells it (withDates adds what their instalments tell); the first look at a creditor in a session
 * sends its access record.
 */
export async function knownContracts(
  ports: ListingPorts & Pick<Ports, 'activation' | 'device'>,
  person: Person,
  codcredor: string,
): Promise<KnownContract[]> {
  const creditor = await creditorOf(ports, person, codcredor);
  const contratos = await creditorContracts(ports, person, creditor);
  recordAccess(ports, person, creditor.agrupador);
  return Promise.all(
    contratos.map(async (contract) => ({
      contract,
      estado: await contractStandingFor(ports, person, creditor.agrupador, contract),
    })),
  );
}

/** Each open contract's instalments read, so that a prescribed one is said. */
export const withDates = (
  ports: Pick<Ports, 'proxy' | 'log'>,
  person: Person,
  codcredor: string,
  known: KnownContract[],
): Promise<KnownContract[]> =>
  Promise.all(
    known.map(async (k) => {
      // only an open contract may turn out prescribed
      if (k.estado.tipo !== 'aberta') return k;
      const oldest = await oldestOf(ports, person, codcredor, toContractView(k.contract));
      return { ...k, estado: withOldest(k.estado, oldest) };
    }),
  );

/** A contract as the pages list it, with its standing. */
export const listedContract = ({ contract, estado }: KnownContract): ListedContract => ({
  ...toContractView(contract),
  estado,
});

/** A creditor's contracts with the user, as the pages list them, each with its standing. */
export async function contractsOf(
  ports: ListingPorts & Pick<Ports, 'activation' | 'device'>,
  person: Person,
  codcredor: string,
): Promise<ListedContract[]> {
  return (await withDates(ports, person, codcredor, await knownContracts(ports, person, codcredor))).map(
    listedContract,
  );
}

/**
 * What /negociacao and /propostas show: the contract's standing and, when it may be offered anything, its
 * proposals and open instalments (valued for `vencimento` when given), fetched together, and the creditor's
 * payment types. A contract in dispute or in an agreement is asked nothing more: its page says why. Every
 * proposal is dated on a day it can be paid and priced for that day (payableProposals), so its card and
 * the payment modal show the same day and value. The proposals and the instalments' original values are
 * remembered: a summary is built from them. `known`: the contract as its creditor just listed it.
 */
export async function offersFor(
  ports: ListingPorts,
  person: Person,
  input: z.output<typeof offersInput>,
  known?: KnownContract,
) {
  const creditor = await creditorOf(ports, person, input.codcredor);
  const scope = {
    ...contractScope(person, creditor.agrupador, input.contrato),
    ...(input.vencimento ? { vencimento: formatBrDate(input.vencimento) } : {}),
  };
  const base = {
    credor: creditorBrief(creditor),
    sequencial: creditor.parcelasIndividuaisSequenciais,
    formasPagamento: paymentTypes(creditor),
  };
  const contract = known?.contract ?? (await contractNow(ports, person, creditor, input.contrato));
  const listed =
    known?.estado ??
    (contract
      ? await contractStandingFor(ports, person, creditor.agrupador, contract)
      : { tipo: 'aberta' as const });
  if (!offersAllowed(listed)) return { ...base, estado: listed, proposals: [], debts: [] };

  const { proxy } = ports;
  const today = todayInBrazil();
  const [proposals, debts] = await Promise.all([
    input.propostas ? payableProposals(ports, scope, today, input.vencimento) : [],
    input.dividas ? proxy.call('consultaDivida', scope).then((d) => d.dividas.map(toDebtView)) : [],
  ]);
  const estado = withOldest(listed, oldestUnpaid(debts, proposals));

  const earlier = await seenOffers(ports, person, creditor.agrupador, input.contrato);
  const remembered = [...Object.values(earlier?.proposals ?? {}), ...proposals].slice(
    -MAX_REMEMBERED_PROPOSALS,
  );
  await keepSeenOffers(ports, person, {
    codcredor: creditor.agrupador,
    contrato: input.contrato,
    proposals: Object.fromEntries(remembered.map((p) => [p.id, p])),
    originals: {
      ...earlier?.originals,
      ...Object.fromEntries(debts.map((d) => [originalKey(d.contrato, d.vencimento), d.originalCents])),
    },
  });

  return { ...base, estado, proposals, debts };
}
