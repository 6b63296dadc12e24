import { isUf, UFS } from '@portal/validation/address';
import { formatCep } from '@portal/validation/cep';
import { EMAIL_MAX_LENGTH } from '@portal/validation/email';
import { formatPhone } from '@portal/validation/phone';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { BackLink } from '../../components/ui/back-link';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { ErrorModal } from '../../components/ui/error-modal';
import { Field } from '../../components/ui/field';
import { MaskedInput } from '../../components/ui/masked-input';
import { Modal } from '../../components/ui/modal';
import { OnDemand } from '../../components/ui/on-demand';
import { PhoneInput } from '../../components/ui/phone-input';
import { QueryErrorModal } from '../../components/ui/query-error-modal';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage, isBadRequest, isUnauthorized } from '../../lib/api/errors';
import { forgetSession, useSignedInSession } from '../../lib/api/session';
import { type Profile, trpc } from '../../lib/api/trpc';
import { lazyResolver, usePreloadedResolvers } from '../../lib/forms/lazy-resolver';
import type { ProfileFormValues, ProfileUpdate } from '../../lib/forms/profile-form';
import { useQuietForm } from '../../lib/forms/use-quiet-form';
import { noticeForNextPage } from '../../lib/navigation/next-page-notice';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import { type PasswordPrompt, passwordPromptFor } from './password-prompt';
import { SAVED_NOTICE_STATE } from './saved-notice';
import './account.css';

// Asked for only when a change needs the password again: its code is fetched then.
const ConfirmPasswordModal = lazy(() =>
  import('./confirm-password-modal').then((m) => ({ default: m.ConfirmPasswordModal })),
);

/** /mais-opcoes/editar-perfil, 'Meus dados': the profile from the upstream, its form, account deletion. */
export function EditProfilePage() {
  usePageTitle('Meus dados');
  // gcTime 0: the profile (e-mail, phone, address) is not kept in memory once the page is left.
  const profile = trpc.account.profile.useQuery(undefined, { gcTime: 0 });
  return (
    <div className="page">
      <BackLink to={paths.maisOpcoes} label="Mais opções" />
      <h1 className="page-title" tabIndex={-1}>
        Meus dados
      </h1>
      {profile.data ? <ProfileForm profile={profile.data} /> : null}
      <SpinnerModal open={profile.isPending} text="Buscando dados..." />
      <QueryErrorModal
        open={profile.isError && !isUnauthorized(profile.error)}
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    </div>
  );
}

function initialValues(profile: Profile): ProfileFormValues {
  return {
    nome: profile.nome,
    dtNascimento: profile.dtNascimento,
    email: profile.email,
    telefone: profile.telefone ? formatPhone(profile.telefone) : '',
    whatsapp: profile.whatsapp,
    cep: profile.endereco ? formatCep(profile.endereco.cep) : '',
    endereco: profile.endereco?.endereco ?? '',
    numero: profile.endereco?.numero ?? '',
    complemento: profile.endereco?.complemento ?? '',
    cidade: profile.endereco?.cidade ?? '',
    uf: isUf(profile.endereco?.uf) ? profile.endereco.uf : '',
  };
}

const personProfileResolver = lazyResolver((resolvers) => resolvers.profile.person);
const companyProfileResolver = lazyResolver((resolvers) => resolvers.profile.company);

function ProfileForm({ profile }: { profile: Profile }) {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [failure, setFailure] = useState<unknown>(null);
  // The change the BFF wants the password for: the same values go again with it; the form keeps its own.
  const [asking, setAsking] = useState<(PasswordPrompt & { values: ProfileUpdate }) | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useQuietForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver: profile.empresa ? companyProfileResolver : personProfileResolver,
    mode: 'onTouched',
    defaultValues: initialValues(profile),
  });
  usePreloadedResolvers();

  const update = trpc.account.updateProfile.useMutation({
    onSuccess: async () => {
      // The header shows the (possibly new) name.
      await utils.auth.session.invalidate();
      await navigate(paths.minhaConta, { state: SAVED_NOTICE_STATE });
    },
    onError: (error, { senha, ...values }) => {
      const prompt = passwordPromptFor(error, senha !== undefined);
      setAsking(prompt && { ...prompt, values });
      if (!prompt) setFailure(error);
    },
  });

  const submit = handleSubmit((values) => update.mutate(values));

  return (
    <div className="card card--form account-form-card">
      <form className="form" noValidate onSubmit={submit}>
        <Field label={session.tipoDocumento}>
          {(control) => <input {...control} className="input" value={session.documento} readOnly />}
        </Field>
        <Field label={profile.empresa ? 'Razão Social' : 'Nome Completo'} error={errors.nome?.message}>
          {(control) => (
            <input
              {...control}
              {...register('nome')}
              className="input"
              autoComplete={profile.empresa ? 'organization' : 'name'}
              maxLength={120}
            />
          )}
        </Field>
        <Controller
          control={control}
          name="dtNascimento"
          render={({ field, fieldState }) => (
            <MaskedInput
              {...field}
              label={profile.empresa ? 'Data de fundação' : 'Data de nascimento'}
              mask="00/00/0000"
              placeholder="dd/mm/aaaa"
              error={fieldState.error?.message}
              autoComplete={profile.empresa ? 'off' : 'bday'}
            />
          )}
        />
        <Field label="E-mail" error={errors.email?.message}>
          {(control) => (
            <input
              {...control}
              {...register('email')}
              type="email"
              className="input"
              autoComplete="email"
              maxLength={EMAIL_MAX_LENGTH}
            />
          )}
        </Field>
        <Controller
          control={control}
          name="telefone"
          render={({ field, fieldState }) => (
            <PhoneInput {...field} label="Celular" error={fieldState.error?.message} />
          )}
        />
        <CheckboxField {...register('whatsapp')} label="Meu número é o mesmo do WhatsApp" />

        <fieldset className="account-fieldset account-fieldset--address">
          <legend className="account-fieldset-legend">Endereço</legend>
          <Controller
            control={control}
            name="cep"
            render={({ field, fieldState }) => (
              <MaskedInput
                {...field}
                label="CEP"
                mask="00000-000"
                error={fieldState.error?.message}
                autoComplete="postal-code"
              />
            )}
          />
          <div className="account-field--wide">
            <Field label="Endereço" error={errors.endereco?.message}>
              {(control) => (
                <input
                  {...control}
                  {...register('endereco')}
                  className="input"
                  autoComplete="address-line1"
                  maxLength={200}
                />
              )}
            </Field>
          </div>
          <Field label="Número" error={errors.numero?.message}>
            {(control) => <input {...control} {...register('numero')} className="input" maxLength={20} />}
          </Field>
          <Field label="Complemento" error={errors.complemento?.message}>
            {(control) => (
              <input
                {...control}
                {...register('complemento')}
                className="input"
                autoComplete="address-line2"
                maxLength={100}
              />
            )}
          </Field>
          <Field label="Cidade" error={errors.cidade?.message}>
            {(control) => (
              <input
                {...control}
                {...register('cidade')}
                className="input"
                autoComplete="address-level2"
                maxLength={100}
              />
            )}
          </Field>
          <Field label="UF" error={errors.uf?.message}>
            {(control) => (
              <select {...control} {...register('uf')} className="input" autoComplete="address-level1">
                <option value="">Selecione...</option>
                {UFS.map((uf) => (
                  <option key={uf} value={uf}>
                    {uf}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>

        <button
          ref={saveButton}
          type="submit"
          className="btn btn-primary btn-block"
          disabled={update.isPending}
        >
          Salvar
        </button>
      </form>
      <DeleteAccount />
      <SpinnerModal open={update.isPending && asking === null} text="Carregando" />
      <SaveFailure error={failure} onClose={() => setFailure(null)} />
      <OnDemand when={asking !== null}>
        {asking ? (
          <ConfirmPasswordModal
            purpose="contact"
            error={asking.error}
            busy={update.isPending}
            onConfirm={(senha) => {
              setAsking({ ...asking, error: null });
              update.mutate({ ...asking.values, senha });
            }}
            onCancel={() => setAsking(null)}
            returnFocusRef={saveButton}
          />
        ) : null}
      </OnDemand>
    </div>
  );
}

/**
 * A failed `edicao` uses the query-error modal. A refusal the user can fix (an e-mail or phone
 * already registered by someone else) is told in the error modal instead, so the form stays.
 */
function SaveFailure({ error, onClose }: { error: unknown; onClose: () => void }) {
  if (error === null || isUnauthorized(error)) return null;
  return isBadRequest(error) ? (
    <ErrorModal open message={errorMessage(error)} onClose={onClose} />
  ) : (
    <QueryErrorModal open error={error} />
  );
}

/** What '/' says once the account is gone. */
export const DELETED_NOTICE =
  'Seu cadastro foi excluído. Acordos já feitos continuam valendo com cada credor.';

/** 'Deseja excluir seu cadastro? Clique aqui' → the confirmation → deleted upstream, signed out, to '/'. */
function DeleteAccount() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<PasswordPrompt | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const remove = trpc.account.deleteAccount.useMutation({
    onSuccess: () => {
      forgetSession(queryClient);
      noticeForNextPage(DELETED_NOTICE);
      void navigate(paths.home, { replace: true });
    },
    onError: (error, { senha }) => {
      setConfirming(false);
      const prompt = passwordPromptFor(error, senha !== undefined);
      setAsking(prompt);
      if (!prompt) setFailure(errorMessage(error));
    },
  });

  return (
    <div className="account-delete">
      <button ref={opener} type="button" className="link-button" onClick={() => setConfirming(true)}>
        Deseja excluir seu cadastro? Clique aqui
      </button>
      <Modal
        open={confirming}
        name="modalConfirmarExclusao"
        role="alertdialog"
        tone="warning"
        title="Tem certeza que deseja excluir seu cadastro?"
        description={
          <p>
            Seus dados de acesso serão apagados e você não poderá mais entrar com este CPF/CNPJ e senha. Os
            acordos já feitos continuam valendo com os credores.
          </p>
        }
        onClose={remove.isPending ? undefined : () => setConfirming(false)}
        busy={remove.isPending}
        actions={
          <>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setConfirming(false)}
              disabled={remove.isPending}
            >
              Fechar
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => remove.mutate({})}
              disabled={remove.isPending}
            >
              Sim
            </button>
          </>
        }
      />
      <OnDemand when={asking !== null}>
        {asking ? (
          <ConfirmPasswordModal
            purpose="deletion"
            error={asking.error}
            busy={remove.isPending}
            onConfirm={(senha) => {
              setAsking({ error: null });
              remove.mutate({ senha });
            }}
            onCancel={() => setAsking(null)}
            returnFocusRef={opener}
          />
        ) : null}
      </OnDemand>
      <ErrorModal open={failure !== null} message={failure ?? ''} onClose={() => setFailure(null)} />
    </div>
  );
}
