import type { documentLookupInput } from '@portal/contracts/procedures/auth';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DocumentInput } from '../../components/ui/document-input';
import { ErrorModal } from '../../components/ui/error-modal';
import { ShieldIcon } from '../../components/ui/icons';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage } from '../../lib/api/errors';
import { IslandProviders } from '../../lib/api/island-providers';
import { trpc } from '../../lib/api/trpc';
import { useHydrated } from '../../lib/forms/hydrated';
import { lazyResolver, usePreloadedResolvers } from '../../lib/forms/lazy-resolver';
import { setPrefill } from '../../lib/forms/prefill';
import { useGiveBackTypedEarly } from '../../lib/forms/typed-early';
import { paths } from '../../lib/navigation/paths';
import { SiteLink, useSiteNavigate } from '../../lib/navigation/site-navigation';

const documentLookupResolver = lazyResolver((resolvers) => resolvers.documentLookup);

/**
 * The banner's CPF/CNPJ form, an island of the home page (home-banner.tsx): its form library, mask and
 * API client load after the page has hydrated. A registered document goes on to /login, any other to
 * /cadastro, handed over in memory (lib/forms/prefill.ts): never in the URL, history or storage.
 */
function BannerForm() {
  const navigate = useSiteNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const { control, handleSubmit } = useForm<
    z.input<typeof documentLookupInput>,
    unknown,
    z.output<typeof documentLookupInput>
  >({ resolver: documentLookupResolver, defaultValues: { cpfCnpj: '' } });
  usePreloadedResolvers();
  // What was typed while the form waited for its code goes back into it once hydrated.
  useGiveBackTypedEarly();
  const hydrated = useHydrated();

  // gcTime 0: the document leaves the mutation cache as soon as the answer is used.
  const lookup = trpc.auth.lookupDocument.useMutation({ gcTime: 0 });

  const consult = handleSubmit(({ cpfCnpj }) => {
    lookup.mutate(
      { cpfCnpj },
      {
        onSuccess: ({ cadastrado }) => {
          setPrefill(cpfCnpj);
          navigate(cadastrado ? paths.login : paths.cadastro);
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  });

  return (
    <>
      <form className="hero-form card" noValidate onSubmit={consult}>
        <Controller
          control={control}
          name="cpfCnpj"
          render={({ field, fieldState }) => (
            <DocumentInput
              ref={(element) => {
                field.ref(element);
                inputRef.current = element;
              }}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <button type="submit" className="btn btn-accent btn-block" disabled={!hydrated || lookup.isPending}>
          Consultar grátis
        </button>
        <p className="hero-form-note">
          <ShieldIcon className="icon-sm" />
          Seus dados são protegidos e usados só para a consulta.
        </p>
        <p className="hero-form-link">
          <SiteLink to={paths.verificar}>Recebeu um boleto ou PIX? Verifique antes de pagar</SiteLink>
        </p>
      </form>
      <SpinnerModal open={lookup.isPending} />
      <ErrorModal
        open={failure !== null}
        title="Não foi possível consultar"
        message={failure ?? ''}
        onClose={() => setFailure(null)}
        returnFocusRef={inputRef}
      />
    </>
  );
}

export default function BannerFormIsland() {
  return (
    <IslandProviders>
      <BannerForm />
    </IslandProviders>
  );
}
