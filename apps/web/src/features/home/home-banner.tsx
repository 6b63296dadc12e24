import type { documentLookupInput } from '@portal/contracts/procedures/auth';
import { type RefObject, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { DocumentInput } from '../../components/ui/document-input';
import { ErrorModal } from '../../components/ui/error-modal';
import { ShieldIcon } from '../../components/ui/icons';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage } from '../../lib/errors';
import { useHydrated } from '../../lib/hydrated';
import { lazyResolver, usePreloadedResolvers } from '../../lib/lazy-resolver';
import { paths } from '../../lib/paths';
import { setPrefill } from '../../lib/prefill';
import { trpc } from '../../lib/trpc';

export interface HomeBannerProps {
  /** The page's <h1> (the cookie choice gives focus back to it). */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

const documentLookupResolver = lazyResolver((resolvers) => resolvers.documentLookup);

/**
 * The 'inicio' section: the CPF/CNPJ banner. A registered document goes on to /login, any other to
 * /cadastro, handed over in memory (lib/prefill.ts): never in the URL, history or storage.
 */
export function HomeBanner({ headingRef }: HomeBannerProps) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const { control, handleSubmit } = useForm<
    z.input<typeof documentLookupInput>,
    unknown,
    z.output<typeof documentLookupInput>
  >({ resolver: documentLookupResolver, defaultValues: { cpfCnpj: '' } });
  usePreloadedResolvers();
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
    <section id="inicio" className="hero" aria-labelledby="home-titulo">
      <div className="hero-inner">
        <div className="hero-copy">
          <h1 ref={headingRef} id="home-titulo" className="hero-title" tabIndex={-1}>
            Negocie suas dívidas com segurança e sem sair de casa
          </h1>
          <p className="hero-text">
            Consulte grátis as suas dívidas com as lojas parceiras e encontre condições especiais para ficar
            em dia.
          </p>
        </div>
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
            <Link to={paths.verificar}>Recebeu um boleto ou PIX? Verifique antes de pagar</Link>
          </p>
        </form>
      </div>

      <SpinnerModal open={lookup.isPending} />
      <ErrorModal
        open={failure !== null}
        title="Não foi possível consultar"
        message={failure ?? ''}
        onClose={() => setFailure(null)}
        returnFocusRef={inputRef}
      />
    </section>
  );
}
