import type { HARDSHIP_REASONS } from '@portal/contracts/procedures/agreements';
import { useId, useState } from 'react';
import { errorMessage, isUnauthorized } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import { CENTRAL_PHONE, CENTRAL_PHONE_HREF } from '../../lib/content/contacts';
import { Modal } from '../ui/modal';
import type { RescueTarget } from './rescue-texts';
import type { ScheduleChangeKind } from './schedule-change-modal';
import './rescue.css';

type Reason = keyof typeof HARDSHIP_REASONS;
/**
 * The contract's HARDSHIP_REASONS and PAUSE_DAYS, written here: their modules bring the procedures'
 * schemas, and with them a chunk every page would load. The test holds them equal to the contract's.
 */
export const REASON_LABELS: typeof HARDSHIP_REASONS = {
  desemprego: 'Desemprego',
  doenca: 'Doença',
  'reducao-renda': 'Redução de renda',
  luto: 'Luto',
  outro: 'Outro motivo',
};
export const PAUSE_DAYS = 30;
const REASONS = Object.entries(REASON_LABELS) as [Reason, string][];

export const HARDSHIP_TITLE = 'Estou com dificuldade para pagar';
export const PAUSED_TEXT = `Lembretes pausados por ${PAUSE_DAYS} dias.`;
export const CHOOSE_REASON = 'Escolha o que aconteceu para pedir o contato do credor.';
export const contactSentText = (protocolo: string) =>
  `Pedido enviado. O credor vai entrar em contato. Protocolo: ${protocolo}.`;

const CONSUMER_RIGHTS_URL = 'https://www.gov.br/mj/pt-br/assuntos/seus-direitos/consumidor';
const CONSUMIDOR_GOV_URL = 'https://www.consumidor.gov.br';

interface HardshipModalProps {
  /** the agreement it was opened for; null (Minha conta without one) leaves out what needs a creditor */
  target: RescueTarget | null;
  /** 'Mover uma parcela…' and 'Mudar o dia…' open their own modal in its place */
  onChoose: (kind: ScheduleChangeKind) => void;
  onClose: () => void;
}

/**
 * 'Estou com dificuldade para pagar': what happened (one choice, no proof), what the person can do now (only
 * what the agreement's creditor allows), the creditor asked to get in touch, and free help elsewhere.
 */
export function HardshipModal({ target, onChoose, onClose }: HardshipModalProps) {
  const [motivo, setMotivo] = useState<Reason | null>(null);
  const [missingReason, setMissingReason] = useState(false);
  // what the creditor allows, from the agreement (the page's own when opened on /acordos)
  const agreement = trpc.agreements.inProgress.useQuery(
    { codcredor: target?.codcredor ?? '', contrato: target?.contrato ?? '' },
    { enabled: target !== null, staleTime: 60_000 },
  );
  const pause = trpc.reminders.pause.useMutation();
  const contact = trpc.agreements.hardship.useMutation();
  const reasonsId = useId();
  const hintId = useId();
  const nowId = useId();
  const helpId = useId();
  const data = target ? agreement.data : undefined;
  const movable = data ? data.alteracoes.mover !== null : false;
  const newDay = data ? data.alteracoes.mudarDia : false;

  const askContact = () => {
    if (!target || contact.isPending) return;
    if (!motivo) {
      setMissingReason(true);
      return;
    }
    contact.mutate({ codcredor: target.codcredor, contrato: target.contrato, motivo });
  };
  const failure = [pause, contact].find((m) => m.isError && !isUnauthorized(m.error))?.error;

  return (
    <Modal
      open
      name="modalDificuldade"
      title={HARDSHIP_TITLE}
      size="wide"
      onClose={onClose}
      description={
        <p>
          {target
            ? 'Imprevistos acontecem. Veja o que dá para fazer agora para não perder o seu acordo.'
            : 'Imprevistos acontecem. Veja onde buscar ajuda para organizar suas dívidas.'}
        </p>
      }
      actions={
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Fechar
        </button>
      }
    >
      {target ? (
        <fieldset className="rescue-fieldset" aria-describedby={hintId}>
          <legend className="rescue-legend">O que aconteceu?</legend>
          <p id={hintId} className="field-hint">
            Responder é opcional e não pedimos nenhum comprovante. O motivo só vai para {target.credor}, e só
            se você pedir o contato do credor.
          </p>
          {REASONS.map(([value, label]) => (
            <label key={value} className="rescue-radio">
              <input
                type="radio"
                name={reasonsId}
                value={value}
                checked={motivo === value}
                onChange={() => {
                  setMotivo(value);
                  setMissingReason(false);
                }}
              />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
      ) : null}

      <section className="rescue-section" aria-labelledby={nowId}>
        <h3 id={nowId} className="rescue-section-title">
          O que você pode fazer agora
        </h3>
        {target && agreement.isPending ? <p role="status">Carregando...</p> : null}
        <ul className="rescue-options">
          {movable ? (
            <li>
              <button type="button" className="btn btn-secondary btn-block" onClick={() => onChoose('mover')}>
                Mover uma parcela para o fim do acordo
              </button>
            </li>
          ) : null}
          {newDay ? (
            <li>
              <button type="button" className="btn btn-secondary btn-block" onClick={() => onChoose('dia')}>
                Mudar o dia de pagamento
              </button>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              className="btn btn-secondary btn-block"
              disabled={pause.isPending || pause.isSuccess}
              onClick={() => pause.mutate()}
            >
              Pausar os lembretes por {PAUSE_DAYS} dias
            </button>
          </li>
          {target ? (
            <li>
              <button
                type="button"
                className="btn btn-primary btn-block"
                disabled={contact.isPending || contact.isSuccess}
                onClick={askContact}
              >
                Pedir contato do credor
              </button>
            </li>
          ) : null}
        </ul>
        <div role="status" className="rescue-modal-status">
          {pause.isSuccess ? <p className="rescue-done">{PAUSED_TEXT}</p> : null}
          {contact.data ? <p className="rescue-done">{contactSentText(contact.data.protocolo)}</p> : null}
        </div>
        <div role="alert">
          {missingReason ? <p className="field-error">{CHOOSE_REASON}</p> : null}
          {failure ? <p className="field-error">{errorMessage(failure)}</p> : null}
        </div>
      </section>

      <section className="rescue-section" aria-labelledby={helpId}>
        <h3 id={helpId} className="rescue-section-title">
          Ajuda gratuita
        </h3>
        <ul className="rescue-help">
          <li>
            Central de atendimento: <a href={CENTRAL_PHONE_HREF}>{CENTRAL_PHONE}</a>
          </li>
          <li>
            <strong>Procon do seu estado</strong>: orienta e ajuda a negociar com os credores, sem custo.
          </li>
          <li>
            <strong>Defensoria Pública</strong>: atende de graça quem não pode pagar um advogado.
          </li>
          <li>
            <strong>Lei do Superendividamento</strong> (Lei 14.181/2021): você pode pedir para renegociar
            todas as suas dívidas juntas, em um só plano de pagamento, guardando o mínimo existencial, o
            dinheiro das suas despesas básicas.
          </li>
          <li>
            <a href={CONSUMER_RIGHTS_URL} target="_blank" rel="noopener noreferrer">
              Direitos do consumidor no gov.br <span className="sr-only">(abre em nova aba)</span>
            </a>
          </li>
          <li>
            <a href={CONSUMIDOR_GOV_URL} target="_blank" rel="noopener noreferrer">
              consumidor.gov.br <span className="sr-only">(abre em nova aba)</span>
            </a>
          </li>
        </ul>
      </section>
      <p className="field-hint">
        {target ? `O motivo que você escolher vai só para ${target.credor}, com o pedido de contato. ` : ''}
        Nada nesta tela é uma autorização para receber publicidade.
      </p>
    </Modal>
  );
}
