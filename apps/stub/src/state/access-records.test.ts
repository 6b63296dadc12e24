import { PORTAL_ACCESS } from '@portal/contracts/upstream/activation-channel';
import { describe, expect, it } from 'vitest';
import { createAccessRecords } from './access-records';

const record = {
  ...PORTAL_ACCESS,
  dispositivo: 'mobile',
  codcredor: '1001',
  cpfcnpj: '52998224725',
} as const;

describe('access records', () => {
  it('keeps the newest 10,000 records, each with the time it arrived', () => {
    let clock = 0;
    const accessRecords = createAccessRecords(() => clock);
    for (; clock <= 10_000; clock += 1) accessRecords.recordAccess(record);
    expect(accessRecords.acionamentos).toHaveLength(10_000);
    expect(accessRecords.acionamentos[0]).toEqual({ ...record, receivedAt: '1970-01-01T00:00:00.001Z' });
  });
});
