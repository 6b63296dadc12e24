import { Modal } from '../../components/ui/modal';

/** Spec 'modalIncluirParcelasFuturas': offered on 'Negociar' when the contract has upcoming instalments. */
export function FutureInstalmentsModal({
  count,
  onYes,
  onNo,
  onClose,
}: {
  /** upcoming instalments; 0 keeps the modal closed */
  count: number;
  onYes: () => void;
  onNo: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={count > 0}
      name="modalIncluirParcelasFuturas"
      title="Parcelas a vencer"
      onClose={onClose}
      description={
        <>
          <p>Você possui parcelas que ainda não venceram. Deseja incluí-las nessa negociação?</p>
          <p className="modal-count">{count === 1 ? '1 parcela a vencer' : `${count} parcelas a vencer`}</p>
        </>
      }
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={onYes}>
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

/**
 * Spec 'modalConfirmarSomenteAtraso' (design.md: the labels mean what they say): 'Sim' stays to choose
 * upcoming instalments, 'Não' goes on with the overdue ones only.
 */
export function ConfirmOnlyOverdueModal({
  open,
  onYes,
  onNo,
  onClose,
}: {
  open: boolean;
  onYes: () => void;
  onNo: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      name="modalConfirmarSomenteAtraso"
      title="Parcelas a vencer"
      onClose={onClose}
      description={<p>Você ainda não selecionou nenhuma parcela a vencer. Deseja incluir?</p>}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onYes}>
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

/** Spec 'modalWarning': one boleto per selected instalment. */
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
