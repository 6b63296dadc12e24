import type { ReactNode } from 'react';
import { Modal } from '../../components/ui/modal';

interface QuestionProps {
  onYes: () => void;
  onNo: () => void;
  onClose: () => void;
}

/** A yes/no question about the upcoming instalments; Escape and the backdrop close it without an answer. */
function UpcomingQuestion({
  open,
  name,
  children,
  yesClass,
  onYes,
  onNo,
  onClose,
}: QuestionProps & {
  open: boolean;
  name: 'modalIncluirParcelasFuturas' | 'modalConfirmarSomenteAtraso';
  children: ReactNode;
  yesClass: string;
}) {
  return (
    <Modal
      open={open}
      name={name}
      title="Parcelas a vencer"
      onClose={onClose}
      description={children}
      actions={
        <>
          <button type="button" className={yesClass} onClick={onYes}>
            Sim
          </button>
          <button type="button" className="btn btn-secondary" onClick={onNo}>
            Não
          </button>
        </>
      }
    />
  );
}

/** 'modalIncluirParcelasFuturas': offered on 'Negociar' when the contract has upcoming instalments. */
export function FutureInstalmentsModal({ count, ...answers }: QuestionProps & { count: number }) {
  return (
    <UpcomingQuestion
      open={count > 0}
      name="modalIncluirParcelasFuturas"
      yesClass="btn btn-primary"
      {...answers}
    >
      <p>Você possui parcelas que ainda não venceram. Deseja incluí-las nessa negociação?</p>
      <p className="modal-count">{count === 1 ? '1 parcela a vencer' : `${count} parcelas a vencer`}</p>
    </UpcomingQuestion>
  );
}

/**
 * 'modalConfirmarSomenteAtraso', both answers outlined, the labels meaning what they say:
 * 'Sim' stays to choose upcoming instalments, 'Não' goes on with the overdue ones only.
 */
export function ConfirmOnlyOverdueModal({ open, ...answers }: QuestionProps & { open: boolean }) {
  return (
    <UpcomingQuestion
      open={open}
      name="modalConfirmarSomenteAtraso"
      yesClass="btn btn-secondary"
      {...answers}
    >
      <p>Você ainda não selecionou nenhuma parcela a vencer. Deseja incluir?</p>
    </UpcomingQuestion>
  );
}

/** 'modalWarning': one boleto per selected instalment. */
export function OneBoletoEachModal({
  open,
  onOk,
  onCancel,
}: {
  open: boolean;
  onOk: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={open}
      name="modalWarning"
      tone="warning"
      title="Atenção"
      onClose={onCancel}
      description={
        <p>
          Cada parcela selecionada gera o seu próprio boleto, que deve ser pago individualmente. Todos os
          boletos seguem anexados em um único arquivo.
        </p>
      }
      actions={
        <button type="button" className="btn btn-primary" onClick={onOk}>
          Entendi
        </button>
      }
    />
  );
}
