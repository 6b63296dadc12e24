import { accountRouter } from '../routers/account';
import { agreementsRouter } from '../routers/agreements';
import { authRouter } from '../routers/auth';
import { debtsRouter } from '../routers/debts';
import { negotiationRouter } from '../routers/negotiation';
import { partnersRouter } from '../routers/partners';
import { recoveryRouter } from '../routers/recovery';
import { registrationRouter } from '../routers/registration';
import { trackingRouter } from '../routers/tracking';
import { router } from './init';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  debts: debtsRouter,
  negotiation: negotiationRouter,
  agreements: agreementsRouter,
  partners: partnersRouter,
  registration: registrationRouter,
  recovery: recoveryRouter,
  tracking: trackingRouter,
});

export type AppRouter = typeof appRouter;
