import { NOTICE_QUIET_HOURS } from '@portal/contracts/upstream/account';
import { createLedger } from '../negotiation/agreements';
import { createAccessRecords } from './access-records';
import { createContactRequests } from './contact-requests';
import { createCreditors } from './creditors';
import { createLoginRefusals } from './login-refusals';
import { createLostAgreementReplies } from './lost-agreement-replies';
import { createNotices } from './notices';
import { createOutbox } from './outbox';
import { createPayments } from './payments';
import { createPersonas, registerSeededPersonas } from './personas';
import { createProfiles } from './profiles';
import { createProxyRequests } from './proxy-requests';
import { createRatings } from './ratings';
import { createRecovery } from './recovery';
import { createRegistration } from './registration';
import { createTokens } from './tokens';
import { createUsers, type StubUser } from './users';

export interface StubStateOptions {
  now?: () => number;
  tokenTtlMs?: number;
}

/** The simulator's memory: registered users, the tokens it issued, the messages it "sent". */
export function createStubState({ now = Date.now, tokenTtlMs = 60 * 60 * 1000 }: StubStateOptions = {}) {
  const users = createUsers();
  // First, so that the seeded personas keep the first client ids, in seed order.
  registerSeededPersonas(users);
  const personas = createPersonas(users);
  const profiles = createProfiles(users);
  const outbox = createOutbox(now);
  const registration = createRegistration({ users, outbox });
  const tokens = createTokens({ users, now, ttlMs: tokenTtlMs });
  const recovery = createRecovery({ users, outbox, now });
  const ratings = createRatings(now);
  const accessRecords = createAccessRecords(now);
  const proxyRequests = createProxyRequests(now);
  const creditors = createCreditors();
  const loginRefusals = createLoginRefusals();
  const lostAgreementReplies = createLostAgreementReplies();
  const notices = createNotices();
  const contactRequests = createContactRequests(now);

  return {
    /** the agreements it made (gerarBoleto), their keys and the boleto files it serves */
    ledger: createLedger(),
    /** the simulator's clock: due dates and expiries count from it */
    now,
    /** payments it was told of, and the negative records creditors keep */
    payments: createPayments(now),
    /** the reminders users scheduled (PUT /avisos) and the ones sent */
    notices,
    /**
     * the Brasília hours no notice may be scheduled in (NOTICE_QUIET_HOURS unless set): the portal it serves
     * sets its own (REMINDER_QUIET_HOURS), which an upstream of theirs would be agreed on
     */
    noticeQuietHours: { ...NOTICE_QUIET_HOURS } as { from: number; to: number },

    findUser: users.findUser,
    findUserByEmail: users.findUserByEmail,
    checkPassword: users.checkPassword,
    setPassword: users.setPassword,
    clonePersona: personas.clonePersona,
    contactTakenByOther: profiles.contactTakenByOther,
    updateProfile: profiles.updateProfile,
    contactCounts: profiles.contactCounts,
    register: registration.register,

    issueToken: tokens.issueToken,
    userForToken: tokens.userForToken,
    expireTokens: tokens.expireTokens,
    refuseNextLogin: loginRefusals.refuseNextLogin,
    takeLoginRefusal: loginRefusals.takeLoginRefusal,
    loseNextAgreementReply: lostAgreementReplies.loseNextAgreementReply,
    takeLostAgreementReply: lostAgreementReplies.takeLostAgreementReply,
    startRecovery: recovery.startRecovery,
    finishRecovery: recovery.finishRecovery,

    /** Deletes a registration: its tokens and recovery links stop working at once. */
    deleteUser(user: StubUser) {
      users.removeUser(user);
      tokens.expireTokens(user.cpfCnpj);
      recovery.forgetRecoveries(user.cpfCnpj);
      notices.forget(user.cpfCnpj);
    },

    outbox: outbox.messages,
    notifyBoletos: outbox.notifyBoletos,
    sendToUser: outbox.send,
    contactRequests: contactRequests.contactRequests,
    recordContactRequest: contactRequests.recordContactRequest,
    avaliacoes: ratings.avaliacoes,
    recordRating: ratings.recordRating,
    acionamentos: accessRecords.acionamentos,
    recordAccess: accessRecords.recordAccess,
    proxyRequests: proxyRequests.proxyRequests,
    recordProxyRequest: proxyRequests.recordProxyRequest,
    creditors: creditors.creditors,
    creditorsOf: creditors.creditorsOf,
  };
}

export type StubState = ReturnType<typeof createStubState>;
