import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DocumentInput } from './document-input';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <DocumentInput value={value} onChange={setValue} />;
}

function input(): HTMLInputElement {
  return screen.getByLabelText('CPF/CNPJ') as HTMLInputElement;
}

describe('DocumentInput', () => {
  it('masks eleven digits as a CPF', async () => {
    render(<Harness />);
    await userEvent.type(input(), '52998224725');
    expect(input().value).toBe('529.982.247-25');
  });

  it('masks an alphanumeric CNPJ and upper-cases its letters as they are typed', async () => {
    render(<Harness />);
    await userEvent.type(input(), '12abc34501de35');
    expect(input().value).toBe('12.ABC.345/01DE-35');
  });

  it('switches to the CNPJ mask at the twelfth digit and back when it is erased', async () => {
    render(<Harness />);
    await userEvent.type(input(), '112223330001');
    expect(input().value).toBe('11.222.333/0001');
    await userEvent.type(input(), '81');
    expect(input().value).toBe('11.222.333/0001-81');
    await userEvent.clear(input());
    await userEvent.type(input(), '11222333000');
    expect(input().value).toBe('112.223.330-00');
    await userEvent.type(input(), '1');
    expect(input().value).toBe('11.222.333/0001');
    await userEvent.type(input(), '{Backspace}');
    expect(input().value.replace(/\D/g, '')).toBe('11222333000');
    expect(input().value.startsWith('112.223.330')).toBe(true);
  });

  it('refuses letters in the check digits', async () => {
    render(<Harness />);
    await userEvent.type(input(), '12abc34501deXY');
    expect(input().value.replace(/-$/, '')).toBe('12.ABC.345/01DE');
  });

  it('formats a value set from outside', () => {
    render(<Harness initial="52998224725" />);
    expect(input().value).toBe('529.982.247-25');
  });

  it('is a text input without autocomplete, so letters can be typed', () => {
    render(<Harness />);
    expect(input().inputMode).toBe('text');
    expect(input().autocomplete).toBe('off');
  });

  it('shows its error under the field and marks the input invalid', () => {
    render(<DocumentInput value="" onChange={() => {}} error="CPF/CNPJ inválido" />);
    const error = screen.getByText('CPF/CNPJ inválido');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toBe(error.id);
  });
});
