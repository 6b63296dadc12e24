import { normalizeDocument } from '@portal/validation/document';
import { lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorModal } from '../../components/ui/error-modal';
import { OnDemand } from '../../components/ui/on-demand';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import { clearPrefill, peekPrefill } from '../../lib/forms/prefill';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import {
  clearRegistrationDraft,
  peekRegistrationDraft,
  type RegistrationDraft,
  saveRegistrationDraft,
} from './registration-draft';
import {
  RegistrationForm,
  type RegistrationFormHandle,
  type RegistrationFormValues,
} from './registration-form';

// The modals not on the first screen: their code is fetched when they first open.
const RegistrationTermsModal = lazy(() =>
  import('./registration-terms-modal').then((m) => ({ default: m.RegistrationTermsModal })),
);
const RegisteredDocumentModal = lazy(() =>
  import('./registered-document-modal').then((m) => ({ default: m.RegisteredDocumentModal })),
);

interface StartingPoint {
  values: Partial<RegistrationFormValues> | undefined;
  /** The document came from the home banner (or a link): the name is the next thing to fill in. */
  fromPrefill: boolean;
  /** A draft about another document than the one just handed over is forgotten. */
  dropDraft: boolean;
}

/** Pure (safe while rendering): the document handed over in memory, else the draft kept by the policy step. */
function startingPoint(): StartingPoint {
  const prefill = peekPrefill();
  const draft = peekRegistrationDraft();
  const document = prefill === null ? null : normalizeDocument(prefill);
  if (document && draft && draft.cpfCnpj !== document) {
    return { values: { cpfCnpj: document }, fromPrefill: true, dropDraft: true };
  }
  if (draft) return { values: draftValues(draft), fromPrefill: false, dropDraft: false };
  if (document) return { values: { cpfCnpj: document }, fromPrefill: true, dropDraft: false };
  return { values: undefined, fromPrefill: false, dropDraft: false };
}

function draftValues({ termosAceitos: _accepted, ...values }: RegistrationDraft): RegistrationFormValues {
  return values;
}

export function RegistrationPage() {
  usePageTitle('Quase lá');
  const navigate = useNavigate();
  // Read once, when the page opens.
  const [start] = useState(startingPoint);
  const formRef = useRef<RegistrationFormHandle>(null);
  // Where focus goes once the check is over: the first contact already in use, else where it was.
  const afterCheckFocusRef = useRef<HTMLElement | null>(null);
  const [accepting, setAccepting] = useState<RegistrationFormValues | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The document already registered that the page is telling about (normalized), and where focus goes after.
  const [registered, setRegistered] = useState<string | null>(null);
  const documentInputRef = useRef<HTMLElement | null>(null);
  const isRegistered = useRegisteredLookup();
  // The valid document the field holds now (normalized), or null: a late answer about another is dropped.
  const typedDocumentRef = useRef<string | null>(null);

  const tellRegistered = useCallback((document: string) => {
    documentInputRef.current = formRef.current?.documentInput() ?? null;
    setRegistered(document);
  }, []);

  // Said as soon as the field holds a valid document, before the contacts, the terms and the policy step.
  const onDocumentChange = useCallback(
    (document: string | null) => {
      typedDocumentRef.current = document;
      if (!document) return;
      void isRegistered(document).then((known) => {
        if (known && typedDocumentRef.current === document) tellRegistered(document);
      });
    },
    [isRegistered, tellRegistered],
  );

  useEffect(() => {
    clearPrefill();
    if (start.dropDraft) clearRegistrationDraft();
  }, [start]);

  // gcTime 0: the contacts leave the mutation cache as soon as possible.
  const checkContacts = trpc.registration.checkContacts.useMutation({ gcTime: 0 });

  const submit = async (values: RegistrationFormValues) => {
    afterCheckFocusRef.current = null;
    // Usually answered already, as the document was typed; the registration refuses it in the end anyway.
    if (await isRegistered(values.cpfCnpj)) {
      tellRegistered(values.cpfCnpj);
      return;
    }
    checkContacts.mutate(
      { email: values.email, telefone: values.telefone },
      {
        onSuccess: (conflicts) => {
          if (conflicts.email !== null || conflicts.telefone !== null) {
            afterCheckFocusRef.current = formRef.current?.showConflicts(conflicts) ?? null;
            return;
          }
          setAccepting(values);
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  const enter = () => {
    if (!accepting) return;
    saveRegistrationDraft({ ...accepting, termosAceitos: true });
    navigate(paths.politicaCadastro);
  };

  return (
    <div className="page page--narrow">
      <div className="card card--form">
        <h1 className="page-title" tabIndex={-1}>
          Quase lá
        </h1>
        <p className="page-lead">
          Complete os seus dados para criar o seu cadastro e ver as propostas para as suas dívidas.
        </p>
        <RegistrationForm
          ref={formRef}
          onSubmit={(values) => void submit(values)}
          onDocumentChange={onDocumentChange}
          defaultValues={start.values}
          focusName={start.fromPrefill}
          pending={checkContacts.isPending}
        />
      </div>

      <SpinnerModal
        open={checkContacts.isPending}
        text="Validando e-mail e telefone"
        returnFocusRef={afterCheckFocusRef}
      />
      <OnDemand when={registered !== null}>
        {registered ? (
          <RegisteredDocumentModal
            document={registered}
            onClose={() => setRegistered(null)}
            returnFocusRef={documentInputRef}
          />
        ) : null}
      </OnDemand>
      <OnDemand when={accepting !== null}>
        <RegistrationTermsModal onAccept={enter} onClose={() => setAccepting(null)} />
      </OnDemand>
      <ErrorModal
        open={failure !== null}
        title="Não foi possível validar os seus dados"
        message={failure ?? ''}
        onClose={() => setFailure(null)}
      />
    </div>
  );
}

/**
 * Whether a document is already registered, asked of the BFF once per document (auth.lookupDocument, the
 * home banner's question, limited per IP: no other way to learn it). null when it could not be asked (the
 * limit, the network): the page goes on, and the registration itself refuses a registered document.
 */
function useRegisteredLookup() {
  const utils = trpc.useUtils();
  const answers = useRef(new Map<string, Promise<boolean | null>>());
  return useCallback(
    (document: string): Promise<boolean | null> => {
      const known = answers.current.get(document);
      if (known) return known;
      const answer = utils.client.auth.lookupDocument.mutate({ cpfCnpj: document }).then(
        ({ cadastrado }) => cadastrado,
        () => {
          // asked again next time
          answers.current.delete(document);
          return null;
        },
      );
      answers.current.set(document, answer);
      return answer;
    },
    [utils],
  );
}
