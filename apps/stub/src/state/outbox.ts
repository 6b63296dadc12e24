import type { OutboxMessage } from '@portal/contracts/upstream/registration';
import type { StubUser } from './users';

/** The e-mails and SMS the upstream "sent", oldest first; tests read them at /__stub/outbox. */
export function createOutbox(now: () => number) {
  const messages: OutboxMessage[] = [];
  const deliver = (message: Omit<OutboxMessage, 'enviadoEm'>) => {
    messages.push({ ...message, enviadoEm: new Date(now()).toISOString() });
  };

  return {
    messages,

    /** Sends to the user's e-mail or phone on file. */
    send(user: StubUser, canal: OutboxMessage['canal'], assunto: string, texto: string) {
      const destino = canal === 'email' ? user.profile.email : user.profile.telefone;
      deliver({ canal, destino, cpfCnpj: user.cpfCnpj, assunto, texto });
    },

    /** Sends issued boletos to the addresses of `destinorecebimento` ('e-mail;phone', or one of them). */
    notifyBoletos(user: StubUser, destinos: string, boletos: readonly { linhaDigitavel: string }[]) {
      const texto = `Seu pagamento do acordo: ${boletos.map((b) => b.linhaDigitavel).join(' | ')}`;
      for (const destino of destinos.split(';').filter(Boolean)) {
        const canal = destino.includes('@') ? 'email' : 'sms';
        deliver({ canal, destino, cpfCnpj: user.cpfCnpj, assunto: 'Boleto do seu acordo', texto });
      }
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
