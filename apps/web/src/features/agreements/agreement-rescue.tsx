import { useRef } from 'react';
import { OverdueNotice } from '../../components/rescue/overdue-notice';
import { RescueModals, type RescueState } from '../../components/rescue/use-rescue-modals';
import type { AgreementInProgress } from '../../lib/api/trpc';
import type { ContractLink } from '../../lib/navigation/journey-links';
import { CancelledNotice } from './cancelled-notice';

type Instalment = AgreementInProgress['parcelas'][number];

export const MOVE_LABEL = 'Mover esta parcela para o fim do acordo';

/**
 * What keeps /acordos' agreement alive, around its instalments: the page holds which modal is open, so the
 * notices above and the actions below share it. Loaded with the page but not part of its first load.
 */
interface RescueProps {
  data: AgreementInProgress;
  rescue: RescueState;
  onRescue: (next: RescueState) => void;
}

/**
 * Above the instalments: the agreement cancelled by the creditor (and the way to renegotiate), or the
 * instalment overdue with 'Gerar pagamento' (the page's re-issue of that open instalment) and, where the
 * creditor allows it, 'Mover esta parcela para o fim do acordo'.
 */
export function RescueNotices({
  data,
  link,
  onRescue,
  busy,
  onGenerate,
}: RescueProps & {
  link: ContractLink;
  /** a re-issue is under way */
  busy: boolean;
  onGenerate: (instalment: Instalment) => void;
}) {
  if (data.cancelado) return <CancelledNotice cancelado={data.cancelado} link={link} />;
  if (!data.atraso) return null;
  const { numero } = data.atraso;
  const open = data.parcelas.find((p) => p.numero === numero && p.status === 'EM ABERTO');
  return (
    <OverdueNotice atraso={data.atraso}>
      {open ? (
        <button type="button" className="btn btn-primary" onClick={() => !busy && onGenerate(open)}>
          Gerar pagamento
        </button>
      ) : null}
      {data.alteracoes.mover === numero ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => onRescue({ shown: 'mover', done: null })}
        >
          {MOVE_LABEL}
        </button>
      ) : null}
    </OverdueNotice>
  );
}

/**
 * Below the instalments, for an agreement still running: the instalment to move (when none is overdue:
 * the overdue one has it in its notice), 'Mudar o dia de pagamento' where the creditor allows, and
 * 'Estou com dificuldade para pagar'; the success of a change is announced here, and the modals placed.
 */
export function RescueActions({ data, link, rescue, onRescue }: RescueProps & { link: ContractLink }) {
  const running = !data.cancelado && !data.quitado;
  const movable = data.alteracoes.mover;
  const open = (shown: NonNullable<RescueState['shown']>) => onRescue({ shown, done: null });
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  return (
    <>
      <p role="status" className="rescue-status" ref={outcomeRef} tabIndex={-1}>
        {rescue.done ?? ''}
      </p>
      {running ? (
        <div className="agreement-rescue-actions">
          {movable !== null && !data.atraso ? (
            <button type="button" className="btn btn-secondary" onClick={() => open('mover')}>
              Mover a parcela {movable} para o fim do acordo
            </button>
          ) : null}
          {data.alteracoes.mudarDia ? (
            <button type="button" className="btn btn-secondary" onClick={() => open('dia')}>
              Mudar o dia de pagamento
            </button>
          ) : null}
          <button type="button" className="btn btn-secondary" onClick={() => open('dificuldade')}>
            Estou com dificuldade para pagar
          </button>
        </div>
      ) : null}
      <RescueModals
        target={{ codcredor: link.codcredor, contrato: link.contrato, credor: data.credor.nome }}
        state={rescue}
        onChange={onRescue}
        outcomeRef={outcomeRef}
      />
    </>
  );
}
