import type { Budget } from '@portal/contracts/procedures/budget';
import { formatMoney, formatMoneyPlain } from '@portal/validation/money';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { IMaskInput } from 'react-imask';
import { Field } from '../../components/ui/field';
import { errorMessage } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';

type Expense = keyof Budget['despesas'];
type FieldName = 'renda' | Expense | 'outrasParcelas';

/** The budget's fields, in the order they are asked. */
const FIELDS: readonly { name: FieldName; label: string }[] = [
  { name: 'renda', label: 'Renda líquida mensal' },
  { name: 'moradia', label: 'Moradia' },
  { name: 'alimentacao', label: 'Alimentação' },
  { name: 'transporte', label: 'Transporte' },
  { name: 'saude', label: 'Saúde' },
  { name: 'educacao', label: 'Educação' },
  { name: 'contas', label: 'Contas (luz, água, gás, internet)' },
  { name: 'outrasParcelas', label: 'Parcelas que você já paga por mês' },
];

/** The largest amount a field takes, in reais (what budget.save accepts). */
const MAX_REAIS = 1_000_000;

type Values = Record<FieldName, string>;

const EMPTY: Values = {
  renda: '',
  moradia: '',
  alimentacao: '',
  transporte: '',
  saude: '',
  educacao: '',
  contas: '',
  outrasParcelas: '',
};

/**
 * A masked amount ('2.800,00', '2.800', '2800,5') → cents; an empty field is zero. The dots are thousands
 * separators; the comma starts the centavos, of which the first two count.
 */
export function moneyTextToCents(text: string): number {
  const [units = '', fraction = ''] = text.replace(/[^0-9,]/g, '').split(',');
  const reais = units === '' ? 0 : Number(units);
  const centavos = Number(fraction.slice(0, 2).padEnd(2, '0'));
  return reais * 100 + centavos;
}

const valuesOf = (budget: Budget | null): Values =>
  budget
    ? {
        renda: formatMoneyPlain(budget.renda),
        ...(Object.fromEntries(
          Object.entries(budget.despesas).map(([name, cents]) => [name, formatMoneyPlain(cents)]),
        ) as Record<Expense, string>),
        outrasParcelas: formatMoneyPlain(budget.outrasParcelas),
      }
    : EMPTY;

const budgetOf = (values: Values): Budget => ({
  renda: moneyTextToCents(values.renda),
  despesas: {
    moradia: moneyTextToCents(values.moradia),
    alimentacao: moneyTextToCents(values.alimentacao),
    transporte: moneyTextToCents(values.transporte),
    saude: moneyTextToCents(values.saude),
    educacao: moneyTextToCents(values.educacao),
    contas: moneyTextToCents(values.contas),
  },
  outrasParcelas: moneyTextToCents(values.outrasParcelas),
});

interface MoneyFieldProps {
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}

/** An amount in reais, masked as it is typed: '2.800,00'. */
function MoneyField({ label, value, error, onChange }: MoneyFieldProps) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <span className="money-input">
          <span className="money-input-prefix" aria-hidden="true">
            R$
          </span>
          <IMaskInput
            {...control}
            mask={Number}
            scale={2}
            radix=","
            thousandsSeparator="."
            mapToRadix={[]}
            min={0}
            max={MAX_REAIS}
            normalizeZeros
            padFractionalZeros
            value={value}
            onAccept={(masked: string) => onChange(masked)}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            className="input"
          />
        </span>
      )}
    </Field>
  );
}

/**
 * 'Cabe no meu bolso?': the income, the essential expenses and the instalments already paid, kept in the
 * session only. Saved, it says what is free each month, which marks every offer of the page; the list's
 * totals and plan are read again with it.
 */
export function BudgetSection({ focusFirst = false }: { focusFirst?: boolean }) {
  const budget = trpc.budget.get.useQuery();
  const form = useRef<HTMLFormElement>(null);
  // opened by 'Informar meu orçamento': the person goes on in its first field
  useEffect(() => {
    if (focusFirst) form.current?.querySelector('input')?.focus();
  }, [focusFirst]);
  const utils = trpc.useUtils();
  const [edited, setEdited] = useState<Values | null>(null);
  const [incomeMissing, setIncomeMissing] = useState(false);
  const values = edited ?? valuesOf(budget.data?.orcamento ?? null);
  const afterChange = (view: Awaited<ReturnType<typeof utils.budget.get.fetch>>) => {
    utils.budget.get.setData(undefined, view);
    setEdited(null);
    void utils.debts.all.invalidate();
  };
  const save = trpc.budget.save.useMutation({ onSuccess: afterChange });
  const clear = trpc.budget.clear.useMutation({ onSuccess: afterChange });
  const failure = save.error ?? clear.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = budgetOf(values);
    setIncomeMissing(next.renda === 0);
    if (next.renda === 0) return;
    clear.reset();
    save.mutate(next);
  };

  const view = budget.data;
  return (
    <div className="budget-section">
      <p>Seu orçamento fica só nesta sessão: não é enviado aos credores nem guardado.</p>
      <form ref={form} className="budget-form" onSubmit={submit} noValidate aria-label="Seu orçamento">
        {FIELDS.map(({ name, label }) => (
          <MoneyField
            key={name}
            label={label}
            value={values[name]}
            error={name === 'renda' && incomeMissing ? 'Informe sua renda líquida mensal.' : undefined}
            onChange={(text) => {
              if (text === values[name]) return;
              setEdited({ ...values, [name]: text });
            }}
          />
        ))}
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {view?.orcamento ? 'Atualizar meu orçamento' : 'Ver se cabe no meu bolso'}
        </button>
      </form>
      {failure ? (
        <p className="field-error" role="alert">
          {errorMessage(failure)}
        </p>
      ) : null}
      <div role="status">
        {view && view.livreCents !== null ? (
          <p className="budget-free">
            Sobram {formatMoney(view.livreCents)} por mês para acordos, já reservando o mínimo existencial de{' '}
            {formatMoney(view.minimoExistencialCents)}.
          </p>
        ) : null}
      </div>
      {view?.orcamento ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            save.reset();
            clear.mutate();
          }}
          disabled={clear.isPending}
        >
          Apagar meu orçamento
        </button>
      ) : null}
    </div>
  );
}
