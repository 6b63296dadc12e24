import { OTHER } from '@portal/test-kit/agreement-fakes';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import type { ConcludedAgreement } from '../core/records';
import { concludedAgreement, finishAgreement } from './concluded';

const acordo = { tipo: 'acordo', nossonumero: 'NN-1' } as ConcludedAgreement;

describe('concludedAgreement and finishAgreement', () => {
  it("show the session's concluded agreement until it is finished, and no other session's", async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    const other = await signedIn(ports, OTHER);
    expect(await concludedAgreement(ports, maria)).toBeNull();
    await ports.sessions.write(maria, 'agreement', acordo);
    expect(await concludedAgreement(ports, maria)).toEqual(acordo);
    expect(await concludedAgreement(ports, other)).toBeNull();
    expect(await finishAgreement(ports, maria)).toEqual({ ok: true });
    expect(await concludedAgreement(ports, maria)).toBeNull();
  });
});
