import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeTrpcError, type Handler, installFakeBff } from '../../test/fake-bff';
import { renderWithProviders } from '../../test/render-app';
import { COMMENT_MAX_LENGTH, RatingModal } from './rating-modal';

function renderRating(handler: Handler<'account.rate'> = () => ({ ok: true })) {
  const fake = installFakeBff({ 'account.rate': handler });
  const onClose = vi.fn();
  const onRated = vi.fn();
  renderWithProviders(<RatingModal open onClose={onClose} onRated={onRated} />);
  const dialog = screen.getByRole('dialog', { name: 'Avalie o portal' });
  return { fake, onClose, onRated, dialog, user: userEvent.setup() };
}

describe('the rating modal', () => {
  it("offers the scores 0 to 10 as one radio group and keeps 'Concluir' disabled until one is chosen", async () => {
    const { dialog, user } = renderRating();
    const group = within(dialog).getByRole('group', { name: /De 0 a 10/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(Array.from({ length: 11 }, (_, score) => String(score)));
    const concluir = within(dialog).getByRole('button', { name: 'Concluir' }) as HTMLButtonElement;
    expect(concluir.disabled).toBe(true);
    await user.click(within(group).getByRole('radio', { name: '0' }));
    expect(concluir.disabled).toBe(false);
  });

  it('counts the comment up to 500 characters and takes no more', async () => {
    const { dialog, user } = renderRating();
    const comment = within(dialog).getByLabelText('Comentário (opcional)') as HTMLTextAreaElement;
    expect(within(dialog).getByText(`0/${COMMENT_MAX_LENGTH} caracteres`)).toBeTruthy();
    await user.type(comment, 'Muito bom');
    expect(within(dialog).getByText(`9/${COMMENT_MAX_LENGTH} caracteres`)).toBeTruthy();
    await user.clear(comment);
    await user.click(comment);
    await user.paste('x'.repeat(COMMENT_MAX_LENGTH + 20));
    expect(comment.value).toHaveLength(COMMENT_MAX_LENGTH);
    expect(comment.getAttribute('aria-describedby')).toBe(
      within(dialog).getByText(`${COMMENT_MAX_LENGTH}/${COMMENT_MAX_LENGTH} caracteres`).id,
    );
  });

  it('sends the score with the trimmed comment and tells the caller', async () => {
    const { dialog, user, fake, onRated } = renderRating();
    await user.click(within(dialog).getByRole('radio', { name: '10' }));
    await user.type(within(dialog).getByLabelText('Comentário (opcional)'), '  Rápido e fácil.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    expect(await screen.findByRole('dialog', { name: 'Obrigado pela sua avaliação!' })).toBeTruthy();
    expect(fake.callsTo('account.rate').map((call) => call.input)).toEqual([
      { nota: 10, comentario: 'Rápido e fácil.' },
    ]);
    expect(onRated).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message and keeps the choice when the rating is refused", async () => {
    const { dialog, user, onRated } = renderRating(() => {
      throw new FakeTrpcError('SERVICE_UNAVAILABLE', 'Ocorreu um erro, tente novamente.');
    });
    await user.click(within(dialog).getByRole('radio', { name: '7' }));
    await user.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Ocorreu um erro, tente novamente.');
    expect((within(dialog).getByRole('radio', { name: '7' }) as HTMLInputElement).checked).toBe(true);
    expect(onRated).not.toHaveBeenCalled();
  });

  it("closes on 'Agora não' without sending anything", async () => {
    const { dialog, user, fake, onClose } = renderRating();
    await user.click(within(dialog).getByRole('button', { name: 'Agora não' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(fake.callsTo('account.rate')).toHaveLength(0);
  });
});
