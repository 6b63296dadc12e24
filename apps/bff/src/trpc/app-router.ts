import { authRouter } from '../routers/auth';
import { debtsRouter } from '../routers/debts';
import { partnersRouter } from '../routers/partners';
import { recoveryRouter } from '../routers/recovery';
import { registrationRouter } from '../routers/registration';
import { router } from './init';

export const appRouter = router({
  auth: authRouter,
  debts: debtsRouter,
  partners: partnersRouter,
  registration: registrationRouter,
  recovery: recoveryRouter,
});

export type AppRouter = typeof appRouter;
