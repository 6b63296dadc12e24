import type { recoverySendInput } from '@portal/contracts/procedures/recovery';
import { formatDocument, isValidDocument, normalizeDocument } from '@portal/validation/document';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { DocumentInput } from '../../components/ui/document-input';
import { ErrorModal } from '../../components/ui/error-modal';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import { useHydrated } from '../../lib/forms/hydrated';
import { lazyResolver, usePreloadedResolvers } from '../../lib/forms/lazy-resolver';
import { clearPrefill, peekPrefill, setPrefill } from '../../lib/forms/prefill';
import { useQuietForm } from '../../lib/forms/use-quiet-form';
import { useBackTarget } from '../../lib/navigation/back-target';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import { setRecoveryHandoff } from './recovery-handoff';
import './recovery.css';

const forgotPasswordResolver = lazyResolver((resolvers) => resolvers.forgotPassword);

/** /esqueceu-senha: the document, then a temporary password by e-mail and SMS (/recuperar-senha). */
export function ForgotPasswordPage() {
  usePageTitle('Esqueceu sua senha?');
  const navigate = useNavigate();
  // The document handed over by /login or /recuperar-senha (in memory, lib/forms/prefill.ts), read once.
  const [initialDocument] = useState(peekPrefill);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    clearPrefill();
  }, []);

  const { control, handleSubmit, getValues } = useQuietForm<
    z.input<typeof recoverySendInput>,
    unknown,
    z.output<typeof recoverySendInput>
  >({
    resolver: forgotPasswordResolver,
    mode: 'onTouched',
    defaultValues: { cpfCnpj: initialDocument ? formatDocument(initialDocument) : '' },
  });
  usePreloadedResolvers();
  const hydrated = useHydrated();

  // Back to /login with the document: the one typed if valid, else the one this page started with.
  useBackTarget(paths.login, () => {
    const typed = getValues('cpfCnpj');
    const document = isValidDocument(typed) ? normalizeDocument(typed) : initialDocument;
    if (document) setPrefill(document);
  });

  // gcTime 0: the document leaves the mutation cache at once.
  const send = trpc.recovery.send.useMutation({ gcTime: 0 });

  const submit = handleSubmit(({ cpfCnpj }) => {
    send.mutate(
      { cpfCnpj },
      {
        onSuccess: ({ id, email, telefone }) => {
          setRecoveryHandoff({ cpfCnpj, id, email, telefone });
          navigate(paths.recuperarSenha);
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  });

  return (
    <div className="page page--narrow">
      <div className="card card--form">
        <h1 className="page-title" tabIndex={-1}>
          Esqueceu sua senha?
        </h1>
        <p className="page-lead">
          Informe o seu CPF ou CNPJ. Enviaremos uma senha temporária para o e-mail e o celular do seu
          cadastro.
        </p>
        <form className="form" noValidate onSubmit={submit}>
          <Controller
            control={control}
            name="cpfCnpj"
            render={({ field, fieldState }) => (
              <DocumentInput
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || send.isPending}>
            Prosseguir
          </button>
        </form>
      </div>
      <SpinnerModal open={send.isPending} />
      <ErrorModal open={failure !== null} message={failure ?? ''} onClose={() => setFailure(null)} />
    </div>
  );
}
