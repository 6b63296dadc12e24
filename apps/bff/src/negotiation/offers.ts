import type { offersInput } from '@portal/contracts/procedures/negotiation';
import { formatBrDate, todayInBrazil } from '@portal/validation/dates';
import type { z } from 'zod';
import type { OffersRecord } from '../core/records';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';
import { recordAccess } from '../tracking/access-record';
import {
  type CreditorPorts,
  contractScope,
  creditorBrief,
  creditorContracts,
  creditorOf,
  paymentTypes,
} from './creditors';
import { payableProposals } from './payable';
import { originalKey } from './summary';
import { type ContractView, toContractView, toDebtView } from './views';

const MAX_REMEMBERED_PROPOSALS = 60;

/**
 * A creditor's contracts with the user (proxy `consultaContrato`); the first look at a creditor in a
 * session sends its access record.
 */
export async function contractsOf(
  ports: CreditorPorts & Pick<Ports, 'activation' | 'device'>,
  person: Person,
  codcredor: string,
): Promise<ContractView[]> {
  const creditor = await creditorOf(ports, person, codcredor);
  const contratos = await creditorContracts(ports, person, creditor);
  recordAccess(ports, person, creditor.agrupador);
  return contratos.map(toContractView);
}

/**
 * What /negociacao and /propostas show: the contract's proposals and open instalments (valued for
 * `vencimento` when given), fetched together, and the creditor's payment types. Every proposal is dated
 * on a day it can be paid and priced for that day (payableProposals), so its card and the payment modal
 * show the same day and value. The proposals and the instalments' original values are remembered: a
 * summary is built from them.
 */
export async function offersFor(ports: CreditorPorts, person: Person, input: z.output<typeof offersInput>) {
  const creditor = await creditorOf(ports, person, input.codcredor);
  const scope = {
    ...contractScope(person, creditor.agrupador, input.contrato),
    ...(input.vencimento ? { vencimento: formatBrDate(input.vencimento) } : {}),
  };
  const { proxy, sessions } = ports;
  const [proposals, debts] = await Promise.all([
    input.propostas ? payableProposals(ports, scope, todayInBrazil(), input.vencimento) : [],
    input.dividas ? proxy.call('consultaDivida', scope).then((d) => d.dividas.map(toDebtView)) : [],
  ]);

  const earlier = await sessions.read(person, 'offers');
  const same = earlier?.codcredor === creditor.agrupador && earlier.contrato === input.contrato;
  const remembered = [...(same ? Object.values(earlier.proposals) : []), ...proposals].slice(
    -MAX_REMEMBERED_PROPOSALS,
  );
  await sessions.write(person, 'offers', {
    codcredor: creditor.agrupador,
    contrato: input.contrato,
    proposals: Object.fromEntries(remembered.map((p) => [p.id, p])),
    originals: {
      ...(same ? earlier.originals : {}),
      ...Object.fromEntries(debts.map((d) => [originalKey(d.contrato, d.vencimento), d.originalCents])),
    },
  } satisfies OffersRecord);

  return {
    credor: creditorBrief(creditor),
    sequencial: creditor.parcelasIndividuaisSequenciais,
    formasPagamento: paymentTypes(creditor),
    proposals,
    debts,
  };
}
