/** Something issued to a document that stops working at `expiresAt` on the simulator's clock. */
export interface Expiring {
  cpfCnpj: string;
  expiresAt: number;
}

/** The record under `key` while it lives; an expired one is forgotten as it is read. */
export function liveRecord<T extends Expiring>(map: Map<string, T>, key: string, now: number): T | undefined {
  const record = map.get(key);
  if (record && record.expiresAt <= now) {
    map.delete(key);
    return undefined;
  }
  return record;
}
