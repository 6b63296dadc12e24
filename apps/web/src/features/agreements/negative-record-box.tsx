import { formatBrDate } from '@portal/validation/iso-date';
import { useId, useState } from 'react';
import { AlertIcon, CheckIcon, CopyIcon } from '../../components/ui/icons';
import type { AgreementInProgress } from '../../lib/api/trpc';
import { CENTRAL_PHONE, CENTRAL_PHONE_HREF } from '../../lib/content/contacts';

const CONSUMIDOR_GOV_URL = 'https://www.consumidor.gov.br';

type Lift = NonNullable<AgreementInProgress['baixa']>;

const daysLeft = (days: number) =>
  days === 0 ? 'o prazo termina hoje' : days === 1 ? 'falta 1 dia útil' : `faltam ${days} dias úteis`;

/**
 * When the creditor must take the person's name off the bad-debt lists (STJ Súmula 548: five business days
 * after the payment is confirmed), how many business days are left, and what to do once it is late.
 */
export function NegativeRecordBox({ baixa, credor }: { baixa: Lift; credor: string }) {
  const headingId = useId();
  const textId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const confirmed = `Pagamento confirmado em ${formatBrDate(baixa.confirmadoEm)}.`;
  const deadline = formatBrDate(baixa.prazo);
  const late = baixa.situacao === 'atrasada';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(baixa.reclamacao ?? '');
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <section
      className={`card negative-record negative-record--${late ? 'late' : 'ok'}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="negative-record-title">
        {late ? <AlertIcon /> : <CheckIcon />}
        {late ? 'Seu nome continua negativado' : 'Prazo para limpar seu nome'}
      </h2>
      {baixa.situacao === 'no-prazo' ? (
        <p>
          {confirmed} Pela Súmula 548 do STJ, {credor} tem até <strong>{deadline}</strong> para retirar seu
          nome dos cadastros de inadimplentes: {daysLeft(baixa.diasUteisRestantes)}.
        </p>
      ) : baixa.situacao === 'baixada' ? (
        <p>
          {confirmed} {credor} já retirou a negativação deste contrato.
        </p>
      ) : baixa.situacao === 'encerrada' ? (
        <p>
          {confirmed} O prazo para {credor} retirar seu nome dos cadastros de inadimplentes terminou em{' '}
          {deadline}. Se ele ainda aparecer negativado, fale com a nossa central:{' '}
          <a href={CENTRAL_PHONE_HREF}>{CENTRAL_PHONE}</a>.
        </p>
      ) : (
        <>
          <p>
            {confirmed} O prazo para retirar a negativação terminou em <strong>{deadline}</strong> (Súmula 548
            do STJ: 5 dias úteis), e {credor} ainda informa seu nome como negativado.
          </p>
          <p>
            Ligue para a nossa central, <a href={CENTRAL_PHONE_HREF}>{CENTRAL_PHONE}</a>, ou registre uma
            reclamação no{' '}
            <a href={CONSUMIDOR_GOV_URL} target="_blank" rel="noopener noreferrer">
              consumidor.gov.br <span className="sr-only">(abre em nova aba)</span>
            </a>{' '}
            com os dados abaixo.
          </p>
          <div className="field">
            <label htmlFor={textId} className="field-label">
              Dados para a reclamação
            </label>
            <textarea
              id={textId}
              className="input negative-record-text"
              readOnly
              rows={6}
              value={baixa.reclamacao ?? ''}
            />
          </div>
          <button type="button" className="btn btn-secondary btn-block" onClick={() => void copy()}>
            <CopyIcon />
            Copiar dados
          </button>
          <p role="status" className="negative-record-status">
            {copied === 'yes'
              ? 'Dados copiados.'
              : copied === 'failed'
                ? 'Não foi possível copiar. Selecione o texto acima e copie-o manualmente.'
                : ''}
          </p>
        </>
      )}
    </section>
  );
}
