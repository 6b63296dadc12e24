import { RATING_COMMENT_MAX } from '@portal/validation/rating';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../lib/api/errors';
import { trpc } from '../lib/api/trpc';
import { Modal } from './ui/modal';
import './rating-modal.css';

export const COMMENT_MAX_LENGTH = RATING_COMMENT_MAX;
const SCORES = Array.from({ length: 11 }, (_, score) => score);

interface RatingModalProps {
  open: boolean;
  onClose: () => void;
  /** after the BFF took the rating (the thanks are showing) */
  onRated?: () => void;
}

/**
 * 'modalAvaliacao': a score from 0 to 10 (radio buttons, so arrows move between them), an optional
 * comment of up to 500 characters with a counter, and 'Concluir', disabled until a score is chosen.
 * After the BFF takes the rating it thanks the user; a failure shows the server's message and keeps
 * what was typed.
 */
export function RatingModal({ open, onClose, onRated }: RatingModalProps) {
  const [nota, setNota] = useState<number | null>(null);
  const [comentario, setComentario] = useState('');
  const rate = trpc.account.rate.useMutation({ onSuccess: () => onRated?.() });
  const legendId = useId();
  const commentId = useId();
  const counterId = useId();
  const thanksRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    onClose();
    // A new opening starts afresh.
    setNota(null);
    setComentario('');
    rate.reset();
  };

  if (rate.isSuccess) {
    return (
      <Modal
        open={open}
        name="modalAvaliacao"
        tone="success"
        title="Obrigado pela sua avaliação!"
        description={<p>Sua opinião nos ajuda a melhorar o portal.</p>}
        onClose={close}
        initialFocusRef={thanksRef}
        actions={
          <button ref={thanksRef} type="button" className="btn btn-primary" onClick={close}>
            Fechar
          </button>
        }
      />
    );
  }

  return (
    <Modal
      open={open}
      name="modalAvaliacao"
      title="Avalie o portal"
      onClose={rate.isPending ? undefined : close}
      busy={rate.isPending}
    >
      <form
        className="rating-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (nota === null) return;
          rate.mutate({ nota, comentario: comentario.trim() });
        }}
      >
        <fieldset className="rating-scores" aria-labelledby={legendId}>
          <legend id={legendId} className="rating-legend">
            De 0 a 10, qual nota você dá para a sua experiência no portal?
          </legend>
          <div className="rating-scale">
            {SCORES.map((score) => (
              <label key={score} className="rating-score">
                <input
                  type="radio"
                  name="nota"
                  value={score}
                  checked={nota === score}
                  onChange={() => setNota(score)}
                  className="rating-score-input"
                />
                <span className="rating-score-label">{score}</span>
              </label>
            ))}
          </div>
          <p className="rating-ends" aria-hidden="true">
            <span>Nada satisfeito</span>
            <span>Muito satisfeito</span>
          </p>
        </fieldset>

        <div className="field">
          <label htmlFor={commentId} className="field-label">
            Comentário (opcional)
          </label>
          <textarea
            id={commentId}
            className="input rating-comment"
            rows={4}
            maxLength={COMMENT_MAX_LENGTH}
            value={comentario}
            onChange={(event) => setComentario(event.target.value)}
            aria-describedby={counterId}
          />
          <p id={counterId} className="field-hint rating-counter">
            {comentario.length}/{COMMENT_MAX_LENGTH} caracteres
          </p>
        </div>

        {rate.isError ? (
          <p className="field-error" role="alert">
            {errorMessage(rate.error)}
          </p>
        ) : null}

        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={close} disabled={rate.isPending}>
            Agora não
          </button>
          <button type="submit" className="btn btn-primary" disabled={nota === null || rate.isPending}>
            Concluir
          </button>
        </div>
      </form>
    </Modal>
  );
}
