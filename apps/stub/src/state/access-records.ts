import type { AccessRecord } from '@portal/contracts/upstream/activation-channel';

/** An access record the activation channel received; tests read them at /__stub/acionamentos. */
export type ReceivedAccessRecord = AccessRecord & { receivedAt: string };

// The oldest access records go first beyond this: the simulator may run for days in a demo.
const MAX_ACCESS_RECORDS = 10_000;

/** The access records (acionamentos) the activation channel received, oldest first. */
export function createAccessRecords(now: () => number) {
  const acionamentos: ReceivedAccessRecord[] = [];

  return {
    acionamentos,

    /** Keeps an access record (acionamento) the activation channel received. */
    recordAccess(record: AccessRecord): ReceivedAccessRecord {
      const received = { ...record, receivedAt: new Date(now()).toISOString() };
      acionamentos.push(received);
      if (acionamentos.length > MAX_ACCESS_RECORDS) acionamentos.shift();
      return received;
    },
  };
}
