import {
  formatDocument,
  isCompanyDocument,
  isValidDocument,
  normalizeDocument,
} from '@portal/validation/document';
import { EMAIL_MAX_LENGTH } from '@portal/validation/email';
import { NAME_MAX_LENGTH } from '@portal/validation/names';
import { formatPhone } from '@portal/validation/phone';
import { type Ref, useCallback, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { type Resolver, useController, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { DocumentInput } from '../../components/ui/document-input';
import { Field } from '../../components/ui/field';
import { EyeIcon, EyeOffIcon } from '../../components/ui/icons';
import { PhoneInput } from '../../components/ui/phone-input';
import type { RegistrationSchema } from '../../lib/forms/form-resolvers';
import { useHydrated } from '../../lib/forms/hydrated';
import { lazyResolver, usePreloadedResolvers } from '../../lib/forms/lazy-resolver';
import { setPrefill } from '../../lib/forms/prefill';
import { useQuietForm } from '../../lib/forms/use-quiet-form';
import { paths } from '../../lib/navigation/paths';
import './registration.css';

type RegistrationFormInput = z.input<RegistrationSchema>;
/** What the form hands over: document normalized, name single-spaced, e-mail lower-cased, phone digits. */
export type RegistrationFormValues = z.output<RegistrationSchema>;

/** Picks the name rule from the document typed so far (12+ characters: a company). */
const resolver: Resolver<RegistrationFormInput, unknown, RegistrationFormValues> = lazyResolver(
  ({ registration }) =>
    (values, context, options) =>
      (isCompanyDocument(values.cpfCnpj) ? registration.company : registration.person)(
        values,
        context,
        options,
      ),
);

/** The BFF's answer to `registration.checkContacts`: a message for each contact already in use. */
export interface ContactConflicts {
  email: string | null;
  telefone: string | null;
}

export interface RegistrationFormHandle {
  /** Shows each conflict under its field; returns the first of those inputs, to be focused. */
  showConflicts: (conflicts: ContactConflicts) => HTMLElement | null;
  /** The CPF/CNPJ input, where focus goes back to when the document is the thing to correct. */
  documentInput: () => HTMLInputElement | null;
}

export interface RegistrationFormProps {
  onSubmit: (values: RegistrationFormValues) => void;
  /** Values to start with, as handed over (normalized document, phone digits). */
  defaultValues?: Partial<RegistrationFormValues> | undefined;
  /** Focus the name field once shown (the document came filled in). */
  focusName?: boolean;
  /** While the contacts are being checked: the button is disabled. */
  pending?: boolean;
  /**
   * Called with the document, normalized, each time the field comes to hold a valid one (on opening too,
   * when it came filled in), and with null when it stops holding one: the page asks at once whether it is
   * already registered.
   */
  onDocumentChange?: (document: string | null) => void;
  ref?: Ref<RegistrationFormHandle>;
}

/** The 'Quase lá' form, without any network: validation, the login link, and the submit of valid values. */
export function RegistrationForm({
  onSubmit,
  defaultValues,
  focusName = false,
  pending = false,
  onDocumentChange,
  ref,
}: RegistrationFormProps) {
  const {
    control,
    register,
    handleSubmit,
    setError,
    setFocus,
    trigger,
    getValues,
    getFieldState,
    formState: { errors, isSubmitted },
  } = useQuietForm<RegistrationFormInput, unknown, RegistrationFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      cpfCnpj: defaultValues?.cpfCnpj ? formatDocument(defaultValues.cpfCnpj) : '',
      nome: defaultValues?.nome ?? '',
      email: defaultValues?.email ?? '',
      telefone: defaultValues?.telefone ? formatPhone(defaultValues.telefone) : '',
      whatsapp: defaultValues?.whatsapp ?? false,
    },
  });
  usePreloadedResolvers();
  const hydrated = useHydrated();

  // Registered in screen order, so a failed submit focuses the first invalid field.
  const { field: documentProps, fieldState: documentState } = useController({ control, name: 'cpfCnpj' });
  const nome = register('nome');
  const email = register('email');
  const { field: phoneProps, fieldState: phoneState } = useController({ control, name: 'telefone' });

  const documentInput = useRef<HTMLInputElement | null>(null);
  const emailInput = useRef<HTMLInputElement | null>(null);
  const phoneInput = useRef<HTMLInputElement | null>(null);
  const documentRef = documentProps.ref;
  const setDocumentInput = useCallback(
    (element: HTMLInputElement | null) => {
      documentRef(element);
      documentInput.current = element;
    },
    [documentRef],
  );
  const phoneRef = phoneProps.ref;
  const setPhoneInput = useCallback(
    (element: HTMLInputElement | null) => {
      phoneRef(element);
      phoneInput.current = element;
    },
    [phoneRef],
  );
  const documentId = useId();
  const [documentShown, setDocumentShown] = useState(true);

  const typedDocument = useWatch({ control, name: 'cpfCnpj' });
  const company = isCompanyDocument(typedDocument);
  const validDocument = isValidDocument(typedDocument) ? normalizeDocument(typedDocument) : null;

  useEffect(() => {
    onDocumentChange?.(validDocument);
  }, [validDocument, onDocumentChange]);

  // A name checked under one rule is checked again when the document switches between person and company.
  const previousCompany = useRef(company);
  useEffect(() => {
    if (previousCompany.current === company) return;
    previousCompany.current = company;
    if (isSubmitted || getFieldState('nome').isTouched) void trigger('nome');
  }, [company, isSubmitted, getFieldState, trigger]);

  useEffect(() => {
    if (focusName) setFocus('nome');
  }, [focusName, setFocus]);

  useImperativeHandle(
    ref,
    () => ({
      showConflicts: ({ email: emailTaken, telefone: phoneTaken }) => {
        if (emailTaken) setError('email', { type: 'server', message: emailTaken });
        if (phoneTaken) setError('telefone', { type: 'server', message: phoneTaken });
        if (emailTaken) return emailInput.current;
        return phoneTaken ? phoneInput.current : null;
      },
      documentInput: () => documentInput.current,
    }),
    [setError],
  );

  // The login page opens with the document typed here, handed over in memory (lib/forms/prefill.ts).
  const handDocumentToLogin = () => {
    const document = getValues('cpfCnpj');
    if (isValidDocument(document)) setPrefill(normalizeDocument(document));
  };

  return (
    <form className="form" noValidate onSubmit={handleSubmit((values) => onSubmit(values))}>
      <div
        className={
          documentShown ? 'registration-document' : 'registration-document registration-document--hidden'
        }
      >
        <DocumentInput
          ref={setDocumentInput}
          id={documentId}
          name={documentProps.name}
          value={documentProps.value}
          onChange={documentProps.onChange}
          onBlur={documentProps.onBlur}
          error={documentState.error?.message}
        />
        <button
          type="button"
          className="input-group-button registration-document-toggle"
          aria-label={documentShown ? 'Ocultar CPF/CNPJ' : 'Mostrar CPF/CNPJ'}
          aria-pressed={documentShown}
          aria-controls={documentId}
          onClick={() => setDocumentShown((shown) => !shown)}
        >
          {documentShown ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>

      <Field label={company ? 'Razão Social' : 'Nome Completo'} error={errors.nome?.message}>
        {(fieldControl) => (
          <input
            {...nome}
            {...fieldControl}
            type="text"
            autoComplete={company ? 'organization' : 'name'}
            maxLength={NAME_MAX_LENGTH}
            className="input"
          />
        )}
      </Field>

      <Field label="E-mail" error={errors.email?.message}>
        {(fieldControl) => (
          <input
            {...email}
            {...fieldControl}
            ref={(element) => {
              email.ref(element);
              emailInput.current = element;
            }}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            maxLength={EMAIL_MAX_LENGTH}
            className="input"
          />
        )}
      </Field>

      <PhoneInput
        label="Celular"
        ref={setPhoneInput}
        name={phoneProps.name}
        value={phoneProps.value}
        onChange={phoneProps.onChange}
        onBlur={phoneProps.onBlur}
        error={phoneState.error?.message}
      />

      <CheckboxField {...register('whatsapp')} label="Meu número é o mesmo do WhatsApp" />

      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || pending}>
        Finalizar cadastro
      </button>
      <p className="registration-alternative">
        Já tem cadastro?{' '}
        <Link to={paths.login} onClick={handDocumentToLogin}>
          Fazer login
        </Link>
      </p>
    </form>
  );
}
