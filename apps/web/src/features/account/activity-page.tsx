import { formatBrDate, todayInBrazil } from '@portal/validation/dates';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BackLink } from '../../components/ui/back-link';
import { ErrorModal } from '../../components/ui/error-modal';
import { Modal } from '../../components/ui/modal';
import { QueryErrorModal } from '../../components/ui/query-error-modal';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage, isUnauthorized } from '../../lib/api/errors';
import { type RouterOutputs, trpc } from '../../lib/api/trpc';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import './activity-page.css';
import { DISOWNED_NOTICE_STATE } from './saved-notice';

type ActivityLine = RouterOutputs['account']['activity']['linhas'][number];
type SignInLine = Extract<ActivityLine, { kind: 'entrada' }>;

const SIGN_IN_WAY: Record<SignInLine['forma'], string> = {
  senha: 'Entrada com senha',
  pergunta: 'Entrada respondendo a uma pergunta',
  google: 'Entrada com Google',
  cadastro: 'Entrada após o cadastro',
};

const CONTACT_CHANGED: Partial<Record<string, string>> = {
  'e-mail': 'E-mail alterado',
  celular: 'Celular alterado',
  'e-mail e celular': 'E-mail e celular alterados',
};

/** What a line says: what was done, and the device or contract it was done with. */
function describeActivity(line: ActivityLine): { title: string; detail?: string } {
  switch (line.kind) {
    case 'entrada':
      return { title: SIGN_IN_WAY[line.forma], detail: `${line.dispositivo} · ${line.navegador}` };
    case 'senha-alterada':
      return { title: 'Senha alterada' };
    case 'senha-redefinida':
      return { title: 'Senha redefinida pelo link de recuperação' };
    case 'contato-alterado':
      return { title: CONTACT_CHANGED[line.campos] ?? 'Contatos alterados' };
    case 'acordo-feito':
      return { title: `Acordo feito com ${line.credor}`, detail: `Contrato ${line.contrato}` };
    case 'declaracao-emitida':
      return {
        title: `Declaração de quitação emitida — ${line.credor}`,
        detail: `Contrato ${line.contrato}`,
      };
    case 'parcela-movida':
      return {
        title: `Parcela movida para o fim do acordo — ${line.credor}`,
        detail: `Contrato ${line.contrato}`,
      };
    case 'dia-alterado':
      return { title: `Dia de pagamento alterado — ${line.credor}`, detail: `Contrato ${line.contrato}` };
  }
}

const BRASILIA_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a person in Brasília reads it: 'dd/mm/aaaa às HH:mm', whatever the device's time zone. */
export function formatBrasiliaDateTime(iso: string): string {
  const at = new Date(iso);
  const parts = BRASILIA_TIME.formatToParts(at);
  const part = (type: 'hour' | 'minute') => parts.find((p) => p.type === type)?.value ?? '00';
  return `${formatBrDate(todayInBrazil(at))} às ${part('hour')}:${part('minute')}`;
}

/** /mais-opcoes/atividade: the account's sign-ins and changes, newest first, and a way out of a stranger's. */
export function ActivityPage() {
  usePageTitle('Atividade da conta');
  // gcTime 0: every visit asks again, so a sign-in of a moment ago is there.
  const activity = trpc.account.activity.useQuery(undefined, { gcTime: 0 });
  return (
    <div className="page activity-page">
      <BackLink to={paths.maisOpcoes} label="Mais opções" />
      <h1 className="page-title" tabIndex={-1}>
        Atividade da conta
      </h1>
      {activity.data ? (
        <>
          <p className="page-lead">
            Veja o que foi feito na sua conta nos últimos {activity.data.dias} dias.
          </p>
          <ActivityList lines={activity.data.linhas} dias={activity.data.dias} />
          <DisownActivity />
        </>
      ) : null}
      <SpinnerModal open={activity.isPending} text="Buscando dados..." />
      <QueryErrorModal
        open={activity.isError && !isUnauthorized(activity.error)}
        error={activity.error}
        onRetry={() => void activity.refetch()}
      />
    </div>
  );
}

function ActivityList({ lines, dias }: { lines: ActivityLine[]; dias: number }) {
  if (lines.length === 0) return <p className="empty-state">Nenhuma atividade nos últimos {dias} dias.</p>;
  return (
    <ul className="activity-list" aria-label="Atividades da conta">
      {lines.map((line, index) => {
        const { title, detail } = describeActivity(line);
        return (
          // Lines have no id of their own and never change order on the page.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, the instant alone may repeat
          <li key={`${line.em}-${index}`} className="activity-line">
            <span className="activity-title">{title}</span>
            {detail ? <span className="activity-detail">{detail}</span> : null}
            <time className="activity-time" dateTime={line.em}>
              {formatBrasiliaDateTime(line.em)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}

/** 'Não reconheço esta atividade' → confirmation → every other session ends → the change of password. */
function DisownActivity() {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const disown = trpc.account.disownActivity.useMutation({
    onSuccess: () => void navigate(paths.novaSenha, { state: DISOWNED_NOTICE_STATE }),
    onError: (error) => {
      setConfirming(false);
      setFailure(errorMessage(error));
    },
  });

  return (
    <div className="activity-disown">
      <button ref={opener} type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
        Não reconheço esta atividade
      </button>
      <Modal
        open={confirming}
        name="modalNaoReconheco"
        role="alertdialog"
        tone="warning"
        title="Não reconhece esta atividade?"
        description={
          <p>Vamos encerrar todas as outras sessões da sua conta. Em seguida, troque sua senha.</p>
        }
        onClose={disown.isPending ? undefined : () => setConfirming(false)}
        busy={disown.isPending}
        actions={
          <>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setConfirming(false)}
              disabled={disown.isPending}
            >
              Cancelar
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => disown.mutate()}
              disabled={disown.isPending}
            >
              Encerrar sessões e trocar a senha
            </button>
          </>
        }
      />
      <ErrorModal
        open={failure !== null}
        message={failure ?? ''}
        onClose={() => setFailure(null)}
        returnFocusRef={opener}
      />
    </div>
  );
}
