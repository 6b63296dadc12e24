import { formatBrDate } from '@portal/validation/iso-date';
import { formatMoney } from '@portal/validation/money';
import { lazy, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ReminderActions } from '../../components/reminders/reminder-actions';
import { CreditorLogo } from '../../components/ui/creditor-logo';
import { ErrorModal } from '../../components/ui/error-modal';
import {
  CardIcon,
  CheckIcon,
  CopyIcon,
  DownloadIcon,
  MailIcon,
  ShareIcon,
  SmsIcon,
} from '../../components/ui/icons';
import { Modal } from '../../components/ui/modal';
import { OnDemand } from '../../components/ui/on-demand';
import { QueryErrorModal } from '../../components/ui/query-error-modal';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { isUnauthorized } from '../../lib/api/errors';
import { HANDED_OVER_FRESH_MS } from '../../lib/api/handed-over';
import { type BoletoView, type ConcludedAgreement, trpc } from '../../lib/api/trpc';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import { ActionButton } from './action-button';
import type { DeliveryChoice } from './delivery-modal';
import type { SendChannel } from './send-modal';
import { whatsappShareHref } from './share-text';
import { useAnnouncement } from './use-announcement';
import { downloadableBoletos, useBoletoDownloads } from './use-boleto-downloads';
import './agreements.css';

// The modals not on the first screen: their code is fetched when they first open.
const RatingModal = lazy(() =>
  import('../../components/rating-modal').then((m) => ({ default: m.RatingModal })),
);
const DeliveryModal = lazy(() => import('./delivery-modal').then((m) => ({ default: m.DeliveryModal })));
const SendModal = lazy(() => import('./send-modal').then((m) => ({ default: m.SendModal })));

export const PIX_LEAD = 'Use o QR Code do PIX abaixo para pagamento do seu acordo:';
export const HYBRID_LEAD = 'Se preferir, pague o mesmo valor com PIX, na hora:';
export const BOLETO_SENT = 'O boleto foi enviado para os canais cadastrados.';
/** The title when the stored agreement brings none. */
const DEFAULT_TITLE = 'Parabéns, acordo concluído com sucesso!';
export const COPY_FAILED =
  'Não foi possível copiar o código. Selecione o código na tela e copie-o manualmente.';

/** /acordo-concluido and /reemissao-concluida (one screen): the agreement kept in the BFF session. */
export function ConcludedPage() {
  const { pathname } = useLocation();
  usePageTitle(pathname === paths.reemissaoConcluida ? 'Pagamento gerado' : 'Acordo concluído');
  // gcTime 0: each visit asks the BFF, so a finished or replaced agreement is never shown from the cache;
  // but the creation or re-issue that led here handed its agreement over.
  const concluded = trpc.agreements.concluded.useQuery(undefined, {
    gcTime: 0,
    staleTime: HANDED_OVER_FRESH_MS,
  });
  if (concluded.isPending) return <SpinnerModal open text="Carregando" />;
  if (concluded.isError) {
    return isUnauthorized(concluded.error) ? null : (
      <QueryErrorModal open error={concluded.error} onRetry={() => void concluded.refetch()} />
    );
  }
  if (!concluded.data) return <Navigate to={paths.minhaConta} replace />;
  return <Concluded acordo={concluded.data} />;
}

/** Focus on the heading once the wait is over, unless something already holds it. */
function useFocusOnArrival(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus();
  }, [ref]);
}

type Payment = 'pix' | 'card' | 'boleto';

/**
 * How the first boleto is paid: a PIX QR code, the creditor's card page, or the boleto itself (which, when
 * hybrid, can also be paid by its PIX code).
 */
function paymentOf(first: BoletoView | undefined): Payment {
  if (first?.qrCode && !first.pixCopiaECola) return 'pix';
  if (first?.linkPagamento) return 'card';
  return 'boleto';
}

function Concluded({ acordo }: { acordo: ConcludedAgreement }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { pathname } = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(headingRef);
  const actionsId = useId();

  const [done, setDone] = useState<ReadonlySet<string>>(() => new Set());
  const markDone = (action: string) => setDone((previous) => new Set(previous).add(action));
  const [announcement, announce] = useAnnouncement();
  const [channel, setChannel] = useState<SendChannel | null>(null);
  // Nothing was left to send: the BFF forgot the agreement, and says why before Minha conta.
  const [ended, setEnded] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const download = useBoletoDownloads();
  // 'Ir para Minha Conta' forgets the agreement; the user leaves even if that fails (it is replaced next time).
  const finish = trpc.agreements.finish.useMutation({
    onSettled: () => void navigate(paths.minhaConta),
  });

  const first = acordo.boletos[0];
  const payment = paymentOf(first);
  // Hybrid boletos: the same charges as PIX codes, offered beside the boletos.
  const hybrid = acordo.boletos.flatMap((b) =>
    b.qrCode && b.pixCopiaECola ? [{ key: b.arquivo, qrCode: b.qrCode, code: b.pixCopiaECola }] : [],
  );
  const card = acordo.formaPagamento === 'cartao' || payment === 'card';
  const single = acordo.boletos.length === 1 ? first : undefined;
  // Paid on the site (card, PIX), the download is the agreement letter; otherwise the boletos.
  const letter = card || payment === 'pix';
  const files = letter ? [acordo.carta] : downloadableBoletos(acordo.boletos);
  const whatsappHref = whatsappShareHref(acordo);

  const copy = async (action: string, code: string, confirmation: string) => {
    announce('');
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      setCopyFailed(true);
      return;
    }
    markDone(action);
    announce(confirmation);
  };

  const startDownload = () => {
    announce('');
    download(files, () => {
      markDone('download');
      if (letter) announce('A carta do acordo foi baixada.');
      else announce(files.length > 1 ? 'Os boletos foram baixados.' : 'O boleto foi baixado.');
    });
  };

  const sent = (sentBy: SendChannel, message: string) => {
    setChannel(null);
    const done = () => {
      markDone(sentBy);
      announce(message);
    };
    // With no boleto left to send the BFF forgot the agreement: it is said, then Minha conta. Asked
    // outside the page's query, which would take the page away before the person reads why.
    void utils.client.agreements.concluded
      .query()
      .then((still) => (still ? done() : setEnded(message)), done);
  };

  const actionsTitle = card ? 'Receba o link de pagamento' : 'Selecione a forma de envio do boleto';
  const downloadLabel = letter ? 'Baixar carta do acordo' : 'Baixar boleto';
  // A single boleto's line or PIX code (a card's line is only its page's address, opened by the link).
  const copyCode = card ? undefined : single?.linhaDigitavel;
  // The delivery modal offers the page's actions, each closing it first, and WhatsApp.
  const choose = (action: () => void) => () => {
    setSharing(false);
    action();
  };
  const deliveryChoices: DeliveryChoice[] = [
    ...(files.length > 0
      ? [
          {
            key: 'download',
            label: downloadLabel,
            icon: <DownloadIcon className="agreement-action-icon" />,
            doneText: 'Baixado',
            onSelect: choose(startDownload),
          },
        ]
      : []),
    ...(copyCode
      ? [
          {
            key: payment === 'pix' ? 'pix-0' : 'copy',
            label: payment === 'pix' ? 'Copiar PIX Copia e Cola' : 'Copiar código',
            icon: <CopyIcon className="agreement-action-icon" />,
            doneText: 'Copiado',
            onSelect: choose(() =>
              payment === 'pix'
                ? void copy('pix-0', copyCode, 'PIX Copia e Cola copiado.')
                : void copy('copy', copyCode, 'Código copiado.'),
            ),
          },
        ]
      : []),
    {
      key: 'email',
      label: 'Enviar por e-mail',
      icon: <MailIcon className="agreement-action-icon" />,
      doneText: 'Enviado',
      onSelect: choose(() => setChannel('email')),
    },
    ...(card || payment === 'pix'
      ? []
      : [
          {
            key: 'sms',
            label: 'Enviar por SMS',
            icon: <SmsIcon className="agreement-action-icon" />,
            doneText: 'Enviado',
            onSelect: choose(() => setChannel('sms')),
          },
        ]),
  ];

  return (
    <div className="page agreement-page">
      <div className="agreement-hero">
        <CheckIcon className="agreement-hero-icon" />
        <h1 ref={headingRef} className="page-title" tabIndex={-1}>
          {acordo.titulo || DEFAULT_TITLE}
        </h1>
      </div>
      <div className="agreement-contract">
        <CreditorLogo logoUrl={acordo.credor.logoUrl} nome={acordo.credor.nome} />
        <p>Contrato {acordo.contratoExibido}</p>
      </div>
      {/* what this payment charges and until when, before how to pay it */}
      <dl className="agreement-due">
        <div>
          <dt>Valor a pagar</dt>
          <dd>{formatMoney(acordo.valorCents)}</dd>
        </div>
        <div>
          <dt>Vencimento</dt>
          <dd>{formatBrDate(acordo.vencimento)}</dd>
        </div>
      </dl>

      {payment === 'pix' ? (
        <PixPayment
          label="Pagamento com PIX"
          lead={PIX_LEAD}
          codes={acordo.boletos.flatMap((b) =>
            b.qrCode ? [{ key: b.arquivo, qrCode: b.qrCode, code: b.linhaDigitavel }] : [],
          )}
          done={done}
          onCopy={copy}
        />
      ) : payment === 'card' && first?.linkPagamento ? (
        <section className="card agreement-payment" aria-label="Pagamento com cartão">
          <p>Conclua o pagamento com cartão de crédito no site do credor.</p>
          <a
            className="btn btn-primary btn-block"
            href={first.linkPagamento}
            target="_blank"
            rel="noopener noreferrer"
          >
            <CardIcon />
            Pagar com cartão <span className="sr-only">(abre em nova aba)</span>
          </a>
        </section>
      ) : (
        <section className="card agreement-payment" aria-label="Boleto">
          <p className="agreement-payment-lead">{BOLETO_SENT}</p>
          {acordo.boletos.length > 0 ? (
            <dl className="agreement-codes">
              {acordo.boletos.map((boleto, index) => (
                <div key={boleto.arquivo} className="agreement-code-row">
                  <dt>
                    {acordo.boletos.length > 1 ? `Linha digitável do boleto ${index + 1}` : 'Linha digitável'}
                  </dt>
                  <dd className="agreement-code">{boleto.linhaDigitavel}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </section>
      )}
      {payment === 'boleto' && !card && hybrid.length > 0 ? (
        <PixPayment label="Pagamento com PIX" lead={HYBRID_LEAD} codes={hybrid} done={done} onCopy={copy} />
      ) : null}

      <button
        type="button"
        className="btn btn-secondary btn-block agreement-share"
        onClick={() => setSharing(true)}
      >
        <ShareIcon />
        Compartilhar
      </button>

      <section className="agreement-actions-section" aria-labelledby={actionsId}>
        <h2 id={actionsId} className="agreement-section-title">
          {actionsTitle}
        </h2>
        <ul className="agreement-actions">
          {files.length > 0 ? (
            <li>
              <ActionButton
                icon={<DownloadIcon className="agreement-action-icon" />}
                label={downloadLabel}
                doneText="Baixado"
                done={done.has('download')}
                onClick={startDownload}
              />
            </li>
          ) : null}
          {/* The PIX code has its own copy button beside it; a card's line is only its page's address. */}
          {payment === 'boleto' && !card && single?.linhaDigitavel ? (
            <li>
              <ActionButton
                icon={<CopyIcon className="agreement-action-icon" />}
                label="Copiar código"
                doneText="Copiado"
                done={done.has('copy')}
                onClick={() => void copy('copy', single.linhaDigitavel, 'Código copiado.')}
              />
            </li>
          ) : null}
          <li>
            <ActionButton
              icon={<MailIcon className="agreement-action-icon" />}
              label="Enviar por e-mail"
              doneText="Enviado"
              done={done.has('email')}
              onClick={() => setChannel('email')}
            />
          </li>
          {card || payment === 'pix' ? null : (
            <li>
              <ActionButton
                icon={<SmsIcon className="agreement-action-icon" />}
                label="Enviar por SMS"
                doneText="Enviado"
                done={done.has('sms')}
                onClick={() => setChannel('sms')}
              />
            </li>
          )}
        </ul>
        <p className="agreement-announcement" role="status" aria-live="polite">
          {announcement ? (
            <>
              <CheckIcon className="icon-sm" />
              {announcement}
            </>
          ) : null}
        </p>
      </section>

      {pathname === paths.acordoConcluido ? (
        <ReminderActions codcredor={acordo.credor.codcredor} contrato={acordo.contrato} />
      ) : null}

      {pathname === paths.acordoConcluido ? <RateOffer /> : null}

      <button
        type="button"
        className="btn btn-primary btn-block agreement-finish"
        onClick={() => finish.mutate()}
        disabled={finish.isPending}
      >
        Ir para Minha Conta
      </button>

      <OnDemand when={sharing}>
        <DeliveryModal
          open={sharing}
          title={actionsTitle}
          choices={deliveryChoices}
          done={done}
          whatsappHref={whatsappHref}
          onWhatsapp={() => {
            setSharing(false);
            announce('O WhatsApp foi aberto em uma nova aba com o pagamento para enviar.');
          }}
          onClose={() => setSharing(false)}
        />
      </OnDemand>
      <OnDemand when={channel !== null}>
        <SendModal channel={channel} onClose={() => setChannel(null)} onSent={sent} />
      </OnDemand>
      <ErrorModal open={copyFailed} message={COPY_FAILED} onClose={() => setCopyFailed(false)} />
      <Modal
        open={ended !== null}
        name="modalSemBoletos"
        role="alertdialog"
        tone="warning"
        title="Nada a enviar"
        description={<p>{ended}</p>}
        onClose={() => void navigate(paths.minhaConta, { replace: true })}
        actions={
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void navigate(paths.minhaConta, { replace: true })}
          >
            Ir para Minha Conta
          </button>
        }
      />
      <SpinnerModal open={finish.isPending} text="Carregando" />
    </div>
  );
}

/** After a new agreement: an invitation to rate the portal. */
function RateOffer() {
  const [open, setOpen] = useState(false);
  const [rated, setRated] = useState(false);
  const titleId = useId();
  return (
    <section className="card agreement-rate" aria-labelledby={titleId}>
      <h2 id={titleId} className="agreement-section-title">
        Como foi negociar pelo portal?
      </h2>
      <p>{rated ? 'Obrigado pela sua avaliação!' : 'Sua opinião nos ajuda a melhorar.'}</p>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
        Avaliar o portal
      </button>
      <OnDemand when={open}>
        <RatingModal open={open} onClose={() => setOpen(false)} onRated={() => setRated(true)} />
      </OnDemand>
    </section>
  );
}

interface PixPaymentProps {
  label: string;
  lead: string;
  codes: { key: string; qrCode: string; code: string }[];
  done: ReadonlySet<string>;
  onCopy: (action: string, code: string, confirmation: string) => Promise<void>;
}

/** The QR code of each PIX and its 'PIX Copia e Cola' code: on a phone the code is what gets used. */
function PixPayment({ label, lead, codes, done, onCopy }: PixPaymentProps) {
  const baseId = useId();
  const several = codes.length > 1;
  return (
    <section className="card agreement-payment" aria-label={label}>
      <p className="agreement-payment-lead">{lead}</p>
      {codes.map(({ key, qrCode, code }, index) => {
        const codeId = `${baseId}-${index}`;
        const which = several ? ` ${index + 1}` : '';
        return (
          <div key={key} className="agreement-pix">
            {several ? <h3 className="agreement-pix-title">PIX {index + 1}</h3> : null}
            <img
              className="agreement-qr"
              src={qrCode}
              alt={`QR Code do PIX${which}`}
              width="220"
              height="220"
            />
            <div className="field">
              <label htmlFor={codeId} className="field-label">
                PIX Copia e Cola
              </label>
              <textarea id={codeId} className="input agreement-code-input" readOnly rows={3} value={code} />
            </div>
            <ActionButton
              variant="wide"
              icon={<CopyIcon className="agreement-action-icon" />}
              label="Copiar PIX Copia e Cola"
              ariaLabel={several ? `Copiar PIX Copia e Cola${which}` : undefined}
              doneText="Copiado"
              done={done.has(`pix-${index}`)}
              onClick={() => void onCopy(`pix-${index}`, code, 'PIX Copia e Cola copiado.')}
            />
          </div>
        );
      })}
    </section>
  );
}
