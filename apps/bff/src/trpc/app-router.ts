import { authRouter } from '../routers/auth';
import { debtsRouter } from '../routers/debts';
import { recoveryRouter } from '../routers/recovery';
import { registrationRouter } from '../routers/registration';
import { router } from './init';

export const appRouter = router({
  auth: authRouter,
  debts: debtsRouter,
  registration: registrationRouter,
  recovery: recoveryRouter,
});

export type AppRouter = typeof appRouter;
