import { maskContract } from '@portal/validation/contract';
import { formatBrDate } from '@portal/validation/iso-date';
import { formatMoney } from '@portal/validation/money';
import { type Ref, useId } from 'react';
import type { DebtView } from '../../lib/api/trpc';
import {
  canSelectAllUpcoming,
  type DebtGroup,
  inGroup,
  isGroupSelected,
  isLocked,
  type Selection,
} from './instalment-selection';

const GROUP_TITLE: Record<DebtGroup, string> = {
  atraso: 'Parcelas em atraso',
  aVencer: 'Parcelas a vencer',
};

interface InstalmentsBlockProps {
  /** sorted by due date, then contract */
  debts: readonly DebtView[];
  selected: Selection;
  sequential: boolean;
  expanded: Record<DebtGroup, boolean>;
  onToggle: (id: string) => void;
  onToggleGroup: (group: DebtGroup) => void;
  onExpand: (group: DebtGroup, expanded: boolean) => void;
  headingRef?: Ref<HTMLHeadingElement>;
  upcomingRef?: Ref<HTMLButtonElement>;
}

/** Individual instalments: overdue and upcoming groups, select-all, sequential locking. */
export function InstalmentsBlock({
  debts,
  selected,
  sequential,
  expanded,
  onToggle,
  onToggleGroup,
  onExpand,
  headingRef,
  upcomingRef,
}: InstalmentsBlockProps) {
  const headingId = useId();
  const orderNoteId = useId();
  const groups = (['atraso', 'aVencer'] as const).filter((g) => debts.some((d) => inGroup(d, g)));
  return (
    <section className="instalments" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="section-heading">
        Escolha as parcelas
      </h2>
      <p className="page-lead">Selecione as parcelas que deseja pagar.</p>
      {sequential ? (
        <p id={orderNoteId} className="instalments-note">
          Este credor pede que as parcelas sejam pagas em ordem: selecione primeiro as de vencimento mais
          antigo.
        </p>
      ) : null}
      {groups.map((group) => {
        const rows = debts.filter((d) => inGroup(d, group));
        const showSelectAll = group === 'atraso' || canSelectAllUpcoming(debts, selected, sequential);
        return (
          <InstalmentGroup
            key={group}
            title={GROUP_TITLE[group]}
            count={rows.length}
            expanded={expanded[group]}
            onExpand={(open) => onExpand(group, open)}
            toggleRef={group === 'aVencer' ? upcomingRef : undefined}
          >
            {showSelectAll ? (
              <label className="instalment-all">
                <input
                  type="checkbox"
                  checked={isGroupSelected(debts, selected, group)}
                  onChange={() => onToggleGroup(group)}
                />
                <span>
                  Selecionar todas <span className="sr-only">as {GROUP_TITLE[group].toLowerCase()}</span>
                </span>
              </label>
            ) : null}
            <ul className="instalment-list">
              {rows.map((debt) => {
                const locked = isLocked(debts, selected, debt, sequential);
                return (
                  <li key={debt.id} className={locked ? 'instalment-row is-locked' : 'instalment-row'}>
                    <label className="instalment-label">
                      <input
                        type="checkbox"
                        checked={selected.has(debt.id)}
                        disabled={locked}
                        aria-describedby={locked ? orderNoteId : undefined}
                        onChange={() => onToggle(debt.id)}
                      />
                      <span className="instalment-facts">
                        <span>
                          <span className="instalment-key">Contrato</span> {maskContract(debt.contrato)}
                        </span>
                        <span>
                          <span className="instalment-key">Vencimento</span> {formatBrDate(debt.vencimento)}
                        </span>
                        <span className="instalment-value">
                          <span className="instalment-key">Valor a pagar</span> {formatMoney(debt.valorCents)}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </InstalmentGroup>
        );
      })}
    </section>
  );
}

function InstalmentGroup({
  title,
  count,
  expanded,
  onExpand,
  toggleRef,
  children,
}: {
  title: string;
  count: number;
  expanded: boolean;
  onExpand: (expanded: boolean) => void;
  toggleRef?: Ref<HTMLButtonElement> | undefined;
  children: React.ReactNode;
}) {
  const panelId = useId();
  return (
    <div className="instalment-group">
      <h3 className="instalment-group-title">
        <button
          ref={toggleRef}
          type="button"
          className="disclosure"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => onExpand(!expanded)}
        >
          <span>
            {title} ({count})
          </span>
          <span className="disclosure-mark" aria-hidden="true" />
        </button>
      </h3>
      <div id={panelId} hidden={!expanded} className="instalment-group-panel">
        {children}
      </div>
    </div>
  );
}
