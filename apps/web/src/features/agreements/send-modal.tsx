import { EMAIL_MAX_LENGTH } from '@portal/validation/email';
import { useController } from 'react-hook-form';
import { Field } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { PhoneInput } from '../../components/ui/phone-input';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage, isUnauthorized } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import { lazyResolver } from '../../lib/forms/lazy-resolver';
import { useQuietForm } from '../../lib/forms/use-quiet-form';

export type SendChannel = 'email' | 'sms';

interface SendModalProps {
  /** The channel whose modal is open; null when none is. */
  channel: SendChannel | null;
  onClose: () => void;
  /** After the BFF took the send, with its confirmation text. */
  onSent: (channel: SendChannel, message: string) => void;
}

/** 'modalEnvioEmail' / 'modalEnvioSms': where to send the boleto again, each with 'Enviar'. */
export function SendModal({ channel, onClose, onSent }: SendModalProps) {
  if (channel === null) return null;
  // A fresh form per opening: nothing typed or refused earlier is left in it.
  return <SendForm key={channel} channel={channel} onClose={onClose} onSent={onSent} />;
}

/** The address typed in each channel's modal, handed over as `agreements.send` takes it. */
const SEND_RESOLVERS = {
  email: lazyResolver((resolvers) => resolvers.send.email),
  sms: lazyResolver((resolvers) => resolvers.send.sms),
};

interface Values {
  destino: string;
}

function SendForm({ channel, onClose, onSent }: SendModalProps & { channel: SendChannel }) {
  const send = trpc.agreements.send.useMutation({
    onSuccess: (result) => onSent(channel, result.message),
  });
  const { control, handleSubmit } = useQuietForm<Values, unknown, Values>({
    resolver: SEND_RESOLVERS[channel],
    defaultValues: { destino: '' },
    mode: 'onTouched',
  });
  const email = channel === 'email';
  const { field, fieldState } = useController({ control, name: 'destino' });
  const error = fieldState.error?.message;

  const submit = handleSubmit(({ destino }) => {
    if (send.isPending) return;
    send.mutate({ canal: channel, destino });
  });
  // An ended session is the guard's to handle (it leaves the page); any other refusal is said here.
  const failure = send.isError && !isUnauthorized(send.error) ? errorMessage(send.error) : null;

  return (
    <>
      <Modal
        open
        name={email ? 'modalEnvioEmail' : 'modalEnvioSms'}
        title={email ? 'Digite seu e-mail' : 'Digite seu número'}
        onClose={onClose}
      >
        <form className="form" onSubmit={submit} noValidate>
          {email ? (
            <Field label="E-mail" error={error}>
              {(control) => (
                <input
                  {...control}
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  maxLength={EMAIL_MAX_LENGTH}
                  placeholder="Digite seu e-mail"
                  className="input"
                />
              )}
            </Field>
          ) : (
            <PhoneInput
              label="Número de celular"
              placeholder="(00) 00000-0000"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={error}
            />
          )}
          {failure ? (
            <p className="agreement-send-error" role="alert">
              {failure}
            </p>
          ) : null}
          <div className="modal-actions">
            <button type="submit" className="btn btn-primary">
              Enviar
            </button>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              Cancelar
            </button>
          </div>
        </form>
      </Modal>
      <SpinnerModal open={send.isPending} text="Carregando" />
    </>
  );
}
