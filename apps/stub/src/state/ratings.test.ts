import { addTestUser } from '@portal/test-kit/stub-users';
import { describe, expect, it } from 'vitest';
import { createRatings } from './ratings';

describe('ratings', () => {
  it('keeps the newest 10,000 ratings, with the client id and the time they arrived', () => {
    const ratings = createRatings(() => 0);
    const user = addTestUser();
    for (let nota = 0; nota <= 10_000; nota += 1) ratings.recordRating(user, nota, '');
    expect(ratings.avaliacoes).toHaveLength(10_000);
    expect(ratings.avaliacoes[0]).toEqual({
      clienteId: '100001',
      nota: 1,
      comentario: '',
      receivedAt: '1970-01-01T00:00:00.000Z',
    });
  });
});
