import type { signInInput } from '@portal/contracts/procedures/auth';
import { formatDocument, normalizeDocument } from '@portal/validation/document';
import { type ReactNode, type RefObject, useEffect } from 'react';
import { useController } from 'react-hook-form';
import type { z } from 'zod';
import { DocumentInput } from '../../components/ui/document-input';
import { PasswordInput } from '../../components/ui/password-input';
import { useHydrated } from '../../lib/forms/hydrated';
import { lazyResolver, usePreloadedResolvers } from '../../lib/forms/lazy-resolver';
import { useQuietForm } from '../../lib/forms/use-quiet-form';

type LoginFormInput = z.input<typeof signInInput>;
/** What the form hands over: the normalized document ('52998224725') and the password as typed. */
export type LoginFormValues = z.output<typeof signInInput>;

interface LoginFormProps {
  onSubmit: (values: LoginFormValues) => void;
  /** A document to start with (raw or formatted); the password field then gets the focus. */
  defaultDocument?: string | null | undefined;
  /** While the sign-in is on its way: the button is disabled and says 'Entrando…'. */
  pending?: boolean;
  /** Receives the password input, e.g. to focus it again after a refused sign-in. */
  passwordRef?: RefObject<HTMLInputElement | null>;
  /** Receives the CPF/CNPJ input, e.g. to hand its document over to another page. */
  documentRef?: RefObject<HTMLInputElement | null>;
  /** Shown between the password and 'Entrar' (the 'Esqueci minha senha' link). */
  afterPassword?: ReactNode;
  /**
   * Adds 'Entrar respondendo a uma pergunta': it needs a valid document only (not the password) and hands
   * it over normalized; an invalid one shows the field's error and gets the focus instead.
   */
  onChallenge?: ((cpfCnpj: string) => void) | undefined;
}

const signInResolver = lazyResolver((resolvers) => resolvers.signIn);

/** The sign-in form, without any network: validation and the submit of valid values only. */
export function LoginForm({
  onSubmit,
  defaultDocument,
  pending = false,
  passwordRef,
  documentRef,
  afterPassword,
  onChallenge,
}: LoginFormProps) {
  const {
    control,
    register,
    handleSubmit,
    setFocus,
    trigger,
    getValues,
    formState: { errors },
  } = useQuietForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: signInResolver,
    mode: 'onTouched',
    defaultValues: { cpfCnpj: defaultDocument ? formatDocument(defaultDocument) : '', senha: '' },
  });
  usePreloadedResolvers();
  const hydrated = useHydrated();

  // Registered in screen order, so a failed submit focuses the first invalid field.
  const { field: documentFieldProps, fieldState: documentState } = useController({
    control,
    name: 'cpfCnpj',
  });
  const senha = register('senha');

  useEffect(() => {
    if (defaultDocument) setFocus('senha');
  }, [defaultDocument, setFocus]);

  const challenge = async () => {
    if (!onChallenge) return;
    if (!(await trigger('cpfCnpj'))) {
      setFocus('cpfCnpj');
      return;
    }
    onChallenge(normalizeDocument(getValues('cpfCnpj')));
  };

  return (
    <form className="form" noValidate onSubmit={handleSubmit((values) => onSubmit(values))}>
      <DocumentInput
        ref={(element) => {
          documentFieldProps.ref(element);
          if (documentRef) documentRef.current = element;
        }}
        name={documentFieldProps.name}
        value={documentFieldProps.value}
        onChange={documentFieldProps.onChange}
        onBlur={documentFieldProps.onBlur}
        error={documentState.error?.message}
      />
      <PasswordInput
        {...senha}
        ref={(element) => {
          senha.ref(element);
          if (passwordRef) passwordRef.current = element;
        }}
        label="Senha"
        error={errors.senha?.message}
      />
      {afterPassword}
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || pending}>
        {pending ? 'Entrando…' : 'Entrar'}
      </button>
      {onChallenge ? (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          // before hydration a tap here would be lost: nothing listens yet
          disabled={!hydrated || pending}
          onClick={() => void challenge()}
        >
          Entrar respondendo a uma pergunta
        </button>
      ) : null}
    </form>
  );
}
