import { addTestUser } from '@portal/test-kit/stub-users';
import { describe, expect, it } from 'vitest';
import { createOutbox } from './outbox';

const user = addTestUser();

describe('outbox', () => {
  it("sends to the user's e-mail or phone on file, stamped with the simulator's clock", () => {
    const outbox = createOutbox(() => Date.UTC(2026, 0, 2));
    outbox.send(user, 'sms', 'Assunto', 'Texto');
    expect(outbox.messages).toEqual([
      {
        canal: 'sms',
        destino: '11987654321',
        cpfCnpj: '12345678909',
        assunto: 'Assunto',
        texto: 'Texto',
        enviadoEm: '2026-01-02T00:00:00.000Z',
      },
    ]);
  });

  it('sends boletos to each address of the destination list, by e-mail or SMS as the address reads', () => {
    const outbox = createOutbox(() => 0);
    outbox.notifyBoletos(user, 'outra@example.com;;11911112222', [
      { linhaDigitavel: '1' },
      { linhaDigitavel: '2' },
    ]);
    expect(outbox.messages.map((m) => [m.canal, m.destino, m.texto])).toEqual([
      ['email', 'outra@example.com', 'Seu pagamento do acordo: 1 | 2'],
      ['sms', '11911112222', 'Seu pagamento do acordo: 1 | 2'],
    ]);
  });
});
