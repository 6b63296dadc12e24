import type { InstalmentStatus } from '@portal/contracts/upstream/entities';
import { parseMoney } from '@portal/validation/money';
import type { Person } from '../core/session';
import {
  type CreditorPorts,
  contractScope,
  creditorContracts,
  listCreditors,
} from '../negotiation/creditors';
import { isoOf } from '../negotiation/views';

/** At most this many agreements are read for one verification. */
const MAX_AGREEMENTS = 10;

/** One instalment of an agreement of the signed-in person. */
export interface OwnInstalment {
  credor: string;
  contrato: string;
  numero: number;
  status: InstalmentStatus;
  /** ISO date */
  vencimento: string;
  cents: number;
  /** the upstream's reference of its boleto, when it gives one (ours) */
  nossonumero?: string;
}

/**
 * The instalments of the person's agreements in progress with these creditors (proxy `consultaContrato`, then
 * `consultaAcordo` for each contract that has an agreement). Nothing is recorded as an access: the person
 * checks a code, they do not look at the creditor's contracts.
 */
export async function ownInstalments(
  ports: CreditorPorts,
  person: Person,
  codcredores: string[],
): Promise<OwnInstalment[]> {
  const { proxy } = ports;
  const creditors = (await listCreditors(ports, person)).filter((c) => codcredores.includes(c.agrupador));
  const contracts = (
    await Promise.all(
      creditors.map(async (creditor) =>
        (
          await creditorContracts(ports, person, creditor)
        )
          .filter((c) => c.permiteacordo)
          .map((c) => ({ creditor, contrato: c.numcontrato })),
      ),
    )
  )
    .flat()
    .slice(0, MAX_AGREEMENTS);
  const agreements = await Promise.all(
    contracts.map(async ({ creditor, contrato }) => ({
      credor: creditor.nomcontratante,
      contrato,
      acordo: await proxy.call('consultaAcordo', contractScope(person, creditor.agrupador, contrato)),
    })),
  );
  return agreements.flatMap(({ credor, contrato, acordo }) =>
    acordo.parcelasAcordo.map((p) => ({
      credor,
      contrato,
      numero: p.numero,
      status: p.status,
      vencimento: isoOf(p.dataVencimento),
      cents: parseMoney(p.valorPago),
      nossonumero: p.nossonumero,
    })),
  );
}
