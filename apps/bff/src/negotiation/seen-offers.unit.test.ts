import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import type { OffersRecord } from '../core/records';
import { keepSeenOffers, seenOffers } from './seen-offers';

const record = (contrato: string): OffersRecord => ({
  codcredor: '1001',
  contrato,
  proposals: {},
  originals: {},
});

describe('the offers a session saw, per contract', () => {
  it('reads a session kept before the list (one record) as that one contract, and adds the next to it', async () => {
    const ports = memoryPorts();
    const person = await signedIn(ports);
    // what a replica of the last release wrote: a rolling deploy must not lose the offer on screen
    await ports.sessions.write(person, 'offers', record('A') as unknown as OffersRecord[]);
    expect(await seenOffers(ports, person, '1001', 'A')).toEqual(record('A'));
    await keepSeenOffers(ports, person, record('B'));
    expect(await seenOffers(ports, person, '1001', 'A')).toEqual(record('A'));
    expect(await seenOffers(ports, person, '1001', 'B')).toEqual(record('B'));
    expect(await seenOffers(ports, person, '1002', 'A')).toBeUndefined();
  });
});
