import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it, vi } from 'vitest';
import type { Ports } from '../ports/ports';
import { recordAccess } from './access-record';

/** An activation channel that keeps what it was sent, or fails every send. */
function activationChannel(fails = false) {
  const sent: Record<string, unknown>[] = [];
  const activation = {
    send: async (record: Record<string, unknown>) => {
      sent.push(record);
      if (fails) throw new Error('socket closed');
    },
  } as never as Ports['activation'];
  return { sent, activation };
}

/** Lets the fired-and-forgotten sends run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('recordAccess', () => {
  it("sends the person's access record once per creditor per session, from their device", async () => {
    const { sent, activation } = activationChannel();
    const ports = memoryPorts({ activation, device: 'desktop' });
    const person = await signedIn(ports, { cpfCnpj: '52998224725' });
    recordAccess(ports, person, '1001');
    recordAccess(ports, person, '1001');
    recordAccess(ports, person, '1002');
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    await settle();
    expect(sent).toEqual([
      expect.objectContaining({
        metodo: 'registraAcionamento',
        dispositivo: 'desktop',
        codcredor: '1001',
        cpfcnpj: '52998224725',
      }),
      expect.objectContaining({ codcredor: '1002' }),
    ]);

    const later = await signedIn(ports, { cpfCnpj: '52998224725' });
    recordAccess(ports, later, '1001');
    await vi.waitFor(() => expect(sent).toHaveLength(3));
  });

  it('never fails the caller: a failed send is logged, and not repeated', async () => {
    const { sent, activation } = activationChannel(true);
    const ports = memoryPorts({ activation });
    const person = await signedIn(ports, { cpfCnpj: '52998224725' });
    expect(() => recordAccess(ports, person, '1001')).not.toThrow();
    await vi.waitFor(() => expect(ports.log.lines).toHaveLength(1));
    expect(ports.log.lines[0]).toMatchObject({
      level: 'warn',
      message: 'activation: the access record was not sent',
    });
    recordAccess(ports, person, '1001');
    await settle();
    expect(sent).toHaveLength(1);
  });
});
