import { authRouter } from '../routers/auth';
import { debtsRouter } from '../routers/debts';
import { router } from './init';

export const appRouter = router({
  auth: authRouter,
  debts: debtsRouter,
});

export type AppRouter = typeof appRouter;
