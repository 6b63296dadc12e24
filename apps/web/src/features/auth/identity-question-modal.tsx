import type { answerChallengeInput } from '@portal/contracts/procedures/auth';
import { ANSWER_MAX_LENGTH } from '@portal/validation/identity-question';
import type { RefObject } from 'react';
import type { z } from 'zod';
import { Field } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { lazyResolver } from '../../lib/forms/lazy-resolver';
import { useQuietForm } from '../../lib/forms/use-quiet-form';

type AnswerValues = z.output<typeof answerChallengeInput>;

interface IdentityQuestionModalProps {
  /** The question to answer; the modal is open while there is one. */
  question: string | null;
  /** While the answer is being checked: 'Validar' is disabled and says 'Validando…'. */
  pending: boolean;
  onAnswer: (resposta: string) => void;
  onCancel: () => void;
  /** Receives the answer input, e.g. to focus it again after a wrong answer. */
  answerRef?: RefObject<HTMLInputElement | null>;
}

/** The identity question ('modalPerguntaIdentificacao'): the question, a required answer, 'Validar'. */
export function IdentityQuestionModal({
  question,
  pending,
  onAnswer,
  onCancel,
  answerRef,
}: IdentityQuestionModalProps) {
  return (
    <Modal
      open={question !== null}
      name="modalPerguntaIdentificacao"
      title="Antes de prosseguir, precisamos validar sua identificação."
      description={<p className="auth-question">{question}</p>}
      onClose={pending ? undefined : onCancel}
    >
      {/* A new question starts with an empty answer. */}
      <AnswerForm
        key={question}
        pending={pending}
        onAnswer={onAnswer}
        onCancel={onCancel}
        answerRef={answerRef}
      />
    </Modal>
  );
}

const answerResolver = lazyResolver((resolvers) => resolvers.answerChallenge);

function AnswerForm({
  pending,
  onAnswer,
  onCancel,
  answerRef,
}: Omit<IdentityQuestionModalProps, 'question'>) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useQuietForm<z.input<typeof answerChallengeInput>, unknown, AnswerValues>({
    resolver: answerResolver,
    mode: 'onTouched',
    defaultValues: { resposta: '' },
  });
  const resposta = register('resposta');

  return (
    <form className="form" noValidate onSubmit={handleSubmit(({ resposta }) => onAnswer(resposta))}>
      <Field label="Resposta" error={errors.resposta?.message}>
        {(control) => (
          <input
            {...resposta}
            {...control}
            ref={(element) => {
              resposta.ref(element);
              if (answerRef) answerRef.current = element;
            }}
            type="text"
            autoComplete="off"
            maxLength={ANSWER_MAX_LENGTH}
            className="input"
          />
        )}
      </Field>
      <div className="modal-actions">
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? 'Validando…' : 'Validar'}
        </button>
        <button type="button" className="btn btn-secondary btn-block" disabled={pending} onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
