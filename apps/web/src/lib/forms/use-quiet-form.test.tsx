import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useController } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { useQuietForm } from './use-quiet-form';

interface Values {
  nome: string;
  senha: string;
}

/** Each field must hold three characters or more. */
function resolver(values: Values) {
  const errors = Object.fromEntries(
    (Object.keys(values) as (keyof Values)[])
      .filter((name) => values[name].length < 3)
      .map((name) => [name, { type: 'min', message: `${name}: curto` }]),
  );
  return { values: Object.keys(errors).length === 0 ? values : {}, errors };
}

/** One field registered natively, one through a controller, as the portal's forms have them. */
function Form({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const { register, control, handleSubmit, formState } = useQuietForm<Values>({
    resolver,
    mode: 'onTouched',
    defaultValues: { nome: '', senha: '' },
  });
  const { field, fieldState } = useController({ control, name: 'senha' });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <input aria-label="Nome" {...register('nome')} />
      <p>{formState.errors.nome?.message}</p>
      <input aria-label="Senha" {...field} />
      <p>{fieldState.error?.message}</p>
      <a href="#adiante">Adiante</a>
      <button type="submit">Enviar</button>
    </form>
  );
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('useQuietForm', () => {
  it('checks nothing when the focus leaves a field the person has not changed', async () => {
    render(<Form onSubmit={vi.fn()} />);
    await userEvent.click(screen.getByLabelText('Nome'));
    await userEvent.click(screen.getByLabelText('Senha'));
    await userEvent.click(screen.getByRole('link', { name: 'Adiante' }));
    await settle();
    expect(screen.queryByText(/curto/)).toBeNull();
  });

  it('checks a changed field when the focus leaves it, registered or controlled', async () => {
    render(<Form onSubmit={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Nome'), 'a');
    await userEvent.click(screen.getByLabelText('Senha'));
    expect(await screen.findByText('nome: curto')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Senha'), 'b');
    await userEvent.click(screen.getByRole('link', { name: 'Adiante' }));
    expect(await screen.findByText('senha: curto')).toBeTruthy();

    // Checked once left, it is checked again as it changes.
    await userEvent.type(screen.getByLabelText('Nome'), 'bc');
    await waitFor(() => expect(screen.queryByText('nome: curto')).toBeNull());
  });

  it('leaves alone a field changed back to its starting value, as one never changed', async () => {
    render(<Form onSubmit={vi.fn()} />);
    const nome = screen.getByLabelText('Nome');
    await userEvent.type(nome, 'Ana');
    await userEvent.clear(nome);
    await userEvent.click(screen.getByRole('link', { name: 'Adiante' }));
    await settle();
    expect(screen.queryByText('nome: curto')).toBeNull();
  });

  it('checks every field at the submit, changed or not, and submits valid values', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('nome: curto')).toBeTruthy();
    expect(screen.getByText('senha: curto')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Nome'), 'Ana');
    await userEvent.type(screen.getByLabelText('Senha'), 'Acordo');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ nome: 'Ana', senha: 'Acordo' });
  });
});
