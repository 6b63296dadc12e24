import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/** What a saved profile or password hands to /minha-conta (navigation state, no personal data). */
export const SAVED_NOTICE_STATE = { aviso: 'Seus dados foram atualizados.' } as const;
export const PASSWORD_NOTICE_STATE = { aviso: 'Sua senha foi alterada.' } as const;
/** What 'Não reconheço esta atividade' hands to the password page, once the other sessions are ended. */
export const DISOWNED_NOTICE_STATE = {
  aviso: 'Encerramos as outras sessões da sua conta. Agora troque sua senha.',
} as const;

function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('aviso' in state)) return null;
  return typeof state.aviso === 'string' ? state.aviso : null;
}

/** After a save or a step handed over: the confirmation, announced politely, with any other notice of the page. */
export function SavedNotice({ children }: { children?: ReactNode }) {
  const notice = noticeOf(useLocation().state);
  return (
    <div role="status" className="account-notice-region">
      {notice ? <p className="account-notice">{notice}</p> : null}
      {children}
    </div>
  );
}
