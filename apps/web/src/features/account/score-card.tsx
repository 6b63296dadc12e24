import { SCORE_MAX } from '@portal/contracts/score';
import { useId, useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { HANDED_OVER_FRESH_MS } from '../../lib/api/handed-over';
import { useSignedInSession } from '../../lib/api/session';
import { type CreditScore, trpc } from '../../lib/api/trpc';

/**
 * /minha-conta shows the credit score of a person (an 11-digit document) only. A failed lookup
 * is only recorded: the card is then simply not shown.
 */
export function ScoreCard() {
  const session = useSignedInSession();
  const person = session.tipoDocumento === 'CPF';
  const score = trpc.account.score.useQuery(undefined, {
    enabled: person,
    retry: false,
    staleTime: HANDED_OVER_FRESH_MS,
  });
  if (!person || !score.data) return null;
  return <ScoreView score={score.data} />;
}

function ScoreView({ score }: { score: NonNullable<CreditScore> }) {
  const [details, setDetails] = useState(false);
  const titleId = useId();
  return (
    <section className="card score-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="score-card-title">
        Seu score de crédito
      </h2>
      <p className="score-value">
        {score.score} <small>de {SCORE_MAX}</small>
      </p>
      <meter
        className="score-meter"
        min={0}
        max={SCORE_MAX}
        low={300}
        high={700}
        optimum={SCORE_MAX}
        value={score.score}
        aria-label={`Score ${score.score} de ${SCORE_MAX}`}
      />
      <p className="score-band">Faixa: {score.faixa}</p>
      <button type="button" className="btn btn-secondary" onClick={() => setDetails(true)}>
        Entenda seu score
      </button>
      <ScoreDetailsModal open={details} onClose={() => setDetails(false)} />
    </section>
  );
}

/** 'modalDetalhesScore': what the score is made of, how to raise it, and where it comes from. */
function ScoreDetailsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      name="modalDetalhesScore"
      title="Como funciona o score"
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Entendi
        </button>
      }
    >
      <p>
        O score é uma pontuação de 0 a {SCORE_MAX} calculada com seus dados cadastrais, seu comportamento de
        consumo e seu histórico de pagamentos. Quanto maior, mais chances de conseguir crédito.
      </p>
      <p>Para aumentar o seu score:</p>
      <ul className="score-details-list">
        <li>pague as contas em dia;</li>
        <li>mantenha seus dados cadastrais atualizados;</li>
        <li>negocie e quite suas dívidas.</li>
      </ul>
      <p>
        O score mostrado aqui é apenas o do birô de crédito consultado e pode ser diferente do de outras
        empresas.
      </p>
    </Modal>
  );
}
