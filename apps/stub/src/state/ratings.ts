import type { StubUser } from './users';

/** A rating of the portal (POST /avaliacao); tests read them at /__stub/avaliacoes. */
interface ReceivedRating {
  clienteId: string;
  nota: number;
  comentario: string;
  receivedAt: string;
}

// The oldest ratings go first beyond this: the simulator may run for days in a demo.
const MAX_RATINGS = 10_000;

/** The ratings users gave the portal, oldest first. */
export function createRatings(now: () => number) {
  const avaliacoes: ReceivedRating[] = [];

  return {
    avaliacoes,

    recordRating(user: StubUser, nota: number, comentario: string): ReceivedRating {
      const rating = { clienteId: user.id, nota, comentario, receivedAt: new Date(now()).toISOString() };
      avaliacoes.push(rating);
      if (avaliacoes.length > MAX_RATINGS) avaliacoes.shift();
      return rating;
    },
  };
}
