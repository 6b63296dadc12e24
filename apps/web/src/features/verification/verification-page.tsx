import type {
  Verdict,
  VerificationField,
  VerificationResult,
  verifyCodeInput,
} from '@portal/contracts/procedures/verification';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { ErrorModal } from '../../components/ui/error-modal';
import { Field } from '../../components/ui/field';
import { AlertIcon, CheckIcon, PhoneIcon } from '../../components/ui/icons';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage } from '../../lib/api/errors';
import { useSession } from '../../lib/api/session';
import { trpc } from '../../lib/api/trpc';
import { CENTRAL_PHONE, CENTRAL_PHONE_HREF } from '../../lib/content/contacts';
import { useHydrated } from '../../lib/forms/hydrated';
import { lazyResolver, usePreloadedResolvers } from '../../lib/forms/lazy-resolver';
import { useQuietForm } from '../../lib/forms/use-quiet-form';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import { PdfUpload } from './pdf-upload';
import './verification.css';

const verifyCodeResolver = lazyResolver((resolvers) => resolvers.verifyCode);

type Tone = 'success' | 'warning' | 'danger';

// Each verdict and each field's finding is said in a word and an icon, never by its colour alone.
const VERDICTS: Record<Verdict, { word: string; tone: Tone; icon: typeof CheckIcon }> = {
  confere: { word: 'Confere', tone: 'success', icon: CheckIcon },
  atencao: { word: 'Atenção', tone: 'warning', icon: AlertIcon },
  'nao-pague': { word: 'Não pague', tone: 'danger', icon: AlertIcon },
  invalido: { word: 'Código não reconhecido', tone: 'danger', icon: AlertIcon },
};

const SITUATIONS: Record<VerificationField['situacao'], { word: string; icon: typeof CheckIcon | null }> = {
  ok: { word: 'Confere', icon: CheckIcon },
  erro: { word: 'Não confere', icon: AlertIcon },
  aviso: { word: 'Atenção', icon: AlertIcon },
  info: { word: '—', icon: null },
};

function FieldList({ campos }: { campos: VerificationField[] }) {
  return (
    <dl className="verification-fields">
      {campos.map((campo) => {
        const { word, icon: StatusIcon } = SITUATIONS[campo.situacao];
        return (
          <div key={campo.campo} className={`verification-field verification-field--${campo.situacao}`}>
            <dt className="verification-field-name">{campo.campo}</dt>
            <dd className="verification-field-value">{campo.valor}</dd>
            <dd className="verification-field-status">
              {StatusIcon ? <StatusIcon className="icon-sm" /> : null}
              <span>
                {campo.situacao === 'info' ? (
                  <>
                    <strong aria-hidden="true">{word}</strong>
                    <span className="sr-only">Sem conferência</span>
                  </>
                ) : (
                  <strong>{word}</strong>
                )}
                {campo.nota ? <span className="verification-field-note"> {campo.nota}</span> : null}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

interface VerificationReportProps {
  result: VerificationResult;
  signedOut: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** The verdict (its heading takes the focus when it arrives), the partner, the reasons and every field. */
function VerificationReport({ result, signedOut, headingRef }: VerificationReportProps) {
  const headingId = useId();
  const { tone, icon: VerdictIcon, ...verdict } = VERDICTS[result.veredito];
  // a declaration of settlement is authentic or not; only a payment is to be paid or not
  const word =
    result.tipo === 'declaracao'
      ? result.veredito === 'confere'
        ? 'Autêntica'
        : 'Não autêntica'
      : verdict.word;
  return (
    <section className={`card verification-result verification-result--${tone}`} aria-labelledby={headingId}>
      <h2 ref={headingRef} id={headingId} className="verification-verdict" tabIndex={-1}>
        <span className="verification-verdict-word">
          <VerdictIcon className="verification-icon" />
          {word}
          <span className="sr-only">:</span>
        </span>{' '}
        <span>{result.titulo}</span>
      </h2>
      {result.credor ? <p className="verification-creditor">Empresa parceira: {result.credor}</p> : null}
      {result.motivos.length > 0 ? (
        <ul className="verification-reasons">
          {result.motivos.map((motivo) => (
            <li key={motivo}>{motivo}</li>
          ))}
        </ul>
      ) : null}
      {result.campos.length > 0 ? <FieldList campos={result.campos} /> : null}
      {result.veredito !== 'confere' ? (
        <p className="verification-help">
          <PhoneIcon className="icon-sm" />
          <span>
            Na dúvida, não pague. Fale com a nossa central: <a href={CENTRAL_PHONE_HREF}>{CENTRAL_PHONE}</a>
          </span>
        </p>
      ) : null}
      {signedOut && (result.tipo === 'boleto' || result.tipo === 'pix') ? (
        <p>
          Entre na sua conta para conferir se este código é de um acordo seu.{' '}
          <Link to={paths.login}>Entrar</Link>
        </p>
      ) : null}
    </section>
  );
}

/**
 * /verificar-boleto-ou-pix: a pasted boleto or PIX code, checked field by field against the partners'
 * official channels. The code stays in the form: never in the URL, history or storage.
 */
export function VerificationPage() {
  usePageTitle('Verificar boleto ou PIX');
  const { status } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useQuietForm<z.input<typeof verifyCodeInput>, unknown, z.output<typeof verifyCodeInput>>({
    resolver: verifyCodeResolver,
    mode: 'onTouched',
    defaultValues: { codigo: '' },
  });
  usePreloadedResolvers();
  const hydrated = useHydrated();

  // gcTime 0: the code leaves the mutation cache as soon as the page is left.
  const check = trpc.verification.check.useMutation({ gcTime: 0 });
  // the verdict on an uploaded PDF, until a code is checked again
  const [pdfResult, setPdfResult] = useState<VerificationResult | null>(null);
  const result = pdfResult ?? check.data;

  // Keyboard and screen-reader users land on the verdict (after the spinner has given the focus back).
  useEffect(() => {
    if (result) headingRef.current?.focus();
  }, [result]);

  // A verdict stays beside the code it is about: editing the code takes it away.
  const codigo = register('codigo', {
    onChange: () => {
      if (check.data) check.reset();
    },
  });

  const submit = handleSubmit(({ codigo }) => {
    setPdfResult(null);
    check.mutate({ codigo }, { onError: (error) => setFailure(errorMessage(error)) });
  });

  return (
    <div className="page verification-page">
      <h1 className="page-title" tabIndex={-1}>
        Verificar boleto ou PIX
      </h1>
      <p className="page-lead">
        Recebeu um boleto ou um código PIX por WhatsApp, SMS ou e-mail? Cole aqui a linha digitável, o código
        de barras ou o PIX Copia e Cola e veja, campo por campo, se ele é mesmo de uma empresa parceira antes
        de pagar.
      </p>
      <p>Recebeu uma declaração de quitação do portal? Confira aqui o código de verificação dela.</p>
      <form className="card card--form verification-form" noValidate onSubmit={submit}>
        <Field label="Linha digitável, código de barras ou PIX Copia e Cola" error={errors.codigo?.message}>
          {(control) => (
            <textarea
              {...codigo}
              {...control}
              className="input verification-input"
              rows={4}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
        <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || check.isPending}>
          Verificar
        </button>
      </form>

      <PdfUpload
        disabled={!hydrated}
        onStart={() => {
          check.reset();
          setPdfResult(null);
        }}
        onResult={setPdfResult}
        onFailure={setFailure}
      />

      {result ? (
        <VerificationReport result={result} signedOut={status === 'signed-out'} headingRef={headingRef} />
      ) : null}

      <SpinnerModal open={check.isPending} />
      <ErrorModal open={failure !== null} message={failure ?? ''} onClose={() => setFailure(null)} />
    </div>
  );
}
