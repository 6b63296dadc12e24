import { failureOf, profileWith } from '@portal/test-kit/agreement-fakes';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import { Refusal } from '../core/refusal';
import { deliveryOf, reissueDeliveryOf } from './delivery';
import { AGREEMENT_MESSAGES } from './types';

const ON_FILE = { email: 'arquivo@example.com', telefone: '11987654321' };

describe('deliveryOf (gerarBoleto)', () => {
  it('sends by e-mail and SMS to both contacts given, normalized, without asking the profile', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    expect(await deliveryOf(ports, maria, ' Maria@Example.COM ', '(11) 98765-4321')).toEqual({
      canalrecebimento: 'email;sms',
      destinorecebimento: 'maria@example.com;11987654321',
    });
  });

  it('sends by the one channel given', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    expect(await deliveryOf(ports, maria, 'maria@example.com', undefined)).toEqual({
      canalrecebimento: 'email',
      destinorecebimento: 'maria@example.com',
    });
    expect(await deliveryOf(ports, maria, undefined, '11 98765 4321')).toEqual({
      canalrecebimento: 'sms',
      destinorecebimento: '11987654321',
    });
  });

  it("with none given, sends to the contacts on file, asked with the person's token", async () => {
    const tokens: string[] = [];
    const ports = memoryPorts({ upstream: profileWith(ON_FILE, tokens) });
    const maria = await signedIn(ports);
    expect(await deliveryOf(ports, maria, undefined, undefined)).toEqual({
      canalrecebimento: 'email;sms',
      destinorecebimento: 'arquivo@example.com;11987654321',
    });
    expect(tokens).toEqual([maria.data.token]);
  });

  it('refuses when there is no contact anywhere', async () => {
    const ports = memoryPorts({ upstream: profileWith({ email: '', telefone: '' }) });
    const maria = await signedIn(ports);
    const error = await failureOf(deliveryOf(ports, maria, undefined, undefined));
    expect(error).toBeInstanceOf(Refusal);
    expect(error).toMatchObject({ kind: 'bad-request', message: AGREEMENT_MESSAGES.noContact });
  });
});

describe('reissueDeliveryOf (emitirBoleto)', () => {
  it('goes by e-mail when there is one, else by SMS', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    expect(await reissueDeliveryOf(ports, maria, 'maria@example.com', '11987654321')).toEqual({
      canalrecebimento: 'email',
      destinorecebimento: 'maria@example.com',
    });
    expect(await reissueDeliveryOf(ports, maria, undefined, '(11) 98765-4321')).toEqual({
      canalrecebimento: 'sms',
      destinorecebimento: '11987654321',
    });
  });

  it('with none given, takes the ones on file', async () => {
    const ports = memoryPorts({ upstream: profileWith({ email: '', telefone: '21998765432' }) });
    const maria = await signedIn(ports);
    expect(await reissueDeliveryOf(ports, maria, undefined, undefined)).toEqual({
      canalrecebimento: 'sms',
      destinorecebimento: '21998765432',
    });
  });

  it('refuses a landline, which an SMS does not reach', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    const error = await failureOf(reissueDeliveryOf(ports, maria, undefined, '1133334444'));
    expect(error).toBeInstanceOf(Refusal);
    expect(error).toMatchObject({ kind: 'bad-request', message: AGREEMENT_MESSAGES.noContact });
  });
});
