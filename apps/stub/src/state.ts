import { randomBytes, randomInt, scryptSync, timingSafeEqual } from 'node:crypto';
import type { AccessRecord } from '@portal/contracts/activation-channel';
import type { OutboxMessage } from '@portal/contracts/upstream-registration';
import { isCompanyDocument } from '@portal/validation/document';
import { CREDITORS } from './data/creditors';
import { documentShape, randomDocument, randomMobile } from './data/generated-identity';
import { PERSONAS } from './data/personas';
import { DEMO_PASSWORD, type PersonaKey, type SeedCreditor, type SeedPersona } from './data/types';
import { createLedger } from './negotiation/agreements';

/** What a registration may change later (profile edits, consent). */
export type StubProfile = Pick<
  SeedPersona,
  'nome' | 'email' | 'telefone' | 'whatsapp' | 'dtNascimento' | 'endereco' | 'notificacao'
>;

export interface StubUser {
  /** client id */
  id: string;
  cpfCnpj: string;
  profile: StubProfile;
  /** the seeded debts and behaviour (empty for people who register with an unseeded document) */
  seed: Pick<SeedPersona, 'contracts' | 'behaviour' | 'identityQuestion' | 'score'>;
  passwordSalt: Buffer;
  passwordHash: Buffer;
}

/** A rating of the portal (POST /avaliacao); tests read them at /__stub/avaliacoes. */
export interface ReceivedRating {
  clienteId: string;
  nota: number;
  comentario: string;
  receivedAt: string;
}

/** An access record the activation channel received; tests read them at /__stub/acionamentos. */
export type ReceivedAccessRecord = AccessRecord & { receivedAt: string };

/** The seeded personas a test may copy (the unregistered one is left to the registration flow). */
export const CLONABLE_PERSONAS = [
  'maria',
  'ana',
  'carlos',
  'comercio',
  'novaEra',
  'paulo',
  'joao',
] as const satisfies readonly PersonaKey[];
export type ClonablePersona = (typeof CLONABLE_PERSONAS)[number];

// The oldest access records go first beyond this: the simulator may run for days in a demo.
const MAX_ACCESS_RECORDS = 10_000;
const MAX_RATINGS = 10_000;

interface Expiring {
  cpfCnpj: string;
  expiresAt: number;
}

export interface StubStateOptions {
  now?: () => number;
  tokenTtlMs?: number;
}

// Low scrypt cost: the simulator hashes every persona at start and in every test.
const hashPassword = (password: string, salt: Buffer) => scryptSync(password, salt, 32, { N: 1024 });
const RECOVERY_TTL_MS = 30 * 60 * 1000;
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A temporary password: 10 characters, letters and digits, with a symbol so it passes password rules. */
export function generatePassword(): string {
  const chars = Array.from({ length: 9 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]);
  return `${chars.join('')}@`;
}

/** The simulator's memory: registered users, the tokens it issued, the messages it "sent". */
export function createStubState({ now = Date.now, tokenTtlMs = 60 * 60 * 1000 }: StubStateOptions = {}) {
  const users = new Map<string, StubUser>();
  const tokens = new Map<string, Expiring>();
  const recoveries = new Map<string, Expiring & { codigo: string }>();
  const outbox: OutboxMessage[] = [];
  const acionamentos: ReceivedAccessRecord[] = [];
  const avaliacoes: ReceivedRating[] = [];
  const creditors = new Map<string, SeedCreditor>(CREDITORS.map((c) => [c.code, c]));
  let nextId = 100_001;

  function addUser(
    cpfCnpj: string,
    profile: StubProfile,
    seed: StubUser['seed'],
    password: string,
  ): StubUser {
    const passwordSalt = randomBytes(16);
    const user: StubUser = {
      id: String(nextId++),
      cpfCnpj,
      profile,
      seed,
      passwordSalt,
      passwordHash: hashPassword(password, passwordSalt),
    };
    users.set(cpfCnpj, user);
    return user;
  }

  const seedOf = (persona: SeedPersona): StubUser['seed'] => ({
    contracts: persona.contracts,
    behaviour: persona.behaviour,
    identityQuestion: persona.identityQuestion,
    score: persona.score,
  });
  const profileOf = (persona: SeedPersona): StubProfile => ({
    nome: persona.nome,
    email: persona.email,
    telefone: persona.telefone,
    whatsapp: persona.whatsapp,
    dtNascimento: persona.dtNascimento,
    endereco: persona.endereco,
    notificacao: persona.notificacao,
  });

  for (const persona of PERSONAS) {
    if (persona.registered) addUser(persona.cpfCnpj, profileOf(persona), seedOf(persona), DEMO_PASSWORD);
  }

  const send = (user: StubUser, canal: OutboxMessage['canal'], assunto: string, texto: string) => {
    outbox.push({
      canal,
      destino: canal === 'email' ? user.profile.email : user.profile.telefone,
      cpfCnpj: user.cpfCnpj,
      assunto,
      texto,
      enviadoEm: new Date(now()).toISOString(),
    });
  };

  const live = (map: Map<string, Expiring>, key: string) => {
    const record = map.get(key);
    if (record && record.expiresAt <= now()) {
      map.delete(key);
      return undefined;
    }
    return record;
  };

  const ledger = createLedger();

  return {
    /** the agreements it made (gerarBoleto), their keys and the boleto files it serves */
    ledger,
    /** the simulator's clock: due dates and expiries count from it */
    now,
    creditors,
    outbox,
    acionamentos,
    avaliacoes,
    findUser: (cpfCnpj: string) => users.get(cpfCnpj),
    findUserByEmail: (email: string) =>
      [...users.values()].find((u) => u.profile.email === email.toLowerCase()),

    checkPassword(cpfCnpj: string, senha: string): StubUser | undefined {
      const user = users.get(cpfCnpj);
      if (!user) return undefined;
      return timingSafeEqual(hashPassword(senha, user.passwordSalt), user.passwordHash) ? user : undefined;
    },

    setPassword(user: StubUser, senha: string) {
      user.passwordSalt = randomBytes(16);
      user.passwordHash = hashPassword(senha, user.passwordSalt);
    },

    issueToken(user: StubUser): string {
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, { cpfCnpj: user.cpfCnpj, expiresAt: now() + tokenTtlMs });
      return token;
    },

    /** The user a live token belongs to; an expired token is forgotten. */
    userForToken(token: string): StubUser | undefined {
      const record = live(tokens, token);
      return record ? users.get(record.cpfCnpj) : undefined;
    },

    /** Ends every token of a document (tests use it to play 'Token expirado'). */
    expireTokens(cpfCnpj: string): number {
      let count = 0;
      for (const [token, record] of tokens) {
        if (record.cpfCnpj === cpfCnpj) {
          tokens.delete(token);
          count += 1;
        }
      }
      return count;
    },

    /** Another registration that already uses this e-mail or phone (a user may keep their own). */
    contactTakenByOther(user: StubUser, field: 'email' | 'telefone', value: string): boolean {
      if (value === '') return false;
      const wanted = field === 'email' ? value.toLowerCase() : value;
      return [...users.values()].some((u) => u !== user && u.profile[field] === wanted);
    },

    updateProfile(user: StubUser, patch: Partial<StubProfile>) {
      user.profile = { ...user.profile, ...patch };
      if (patch.email !== undefined) user.profile.email = patch.email.toLowerCase();
    },

    /** Deletes a registration: its tokens and recovery links stop working at once. */
    deleteUser(user: StubUser) {
      users.delete(user.cpfCnpj);
      this.expireTokens(user.cpfCnpj);
      for (const [id, record] of recoveries) if (record.cpfCnpj === user.cpfCnpj) recoveries.delete(id);
    },

    recordRating(user: StubUser, nota: number, comentario: string): ReceivedRating {
      const rating = { clienteId: user.id, nota, comentario, receivedAt: new Date(now()).toISOString() };
      avaliacoes.push(rating);
      if (avaliacoes.length > MAX_RATINGS) avaliacoes.shift();
      return rating;
    },

    contactCounts(email: string, telefone: string) {
      const all = [...users.values()];
      return {
        countEmail: email ? all.filter((u) => u.profile.email === email.toLowerCase()).length : 0,
        countTelefone: telefone ? all.filter((u) => u.profile.telefone === telefone).length : 0,
      };
    },

    /**
     * Registers a document with a generated password, sent by e-mail and SMS. A seeded but
     * unregistered persona keeps its seeded debts; any other document starts with none.
     */
    register(input: Omit<StubProfile, 'dtNascimento' | 'endereco'> & { cpfCnpj: string }): string {
      const password = generatePassword();
      const persona = PERSONAS.find((p) => p.cpfCnpj === input.cpfCnpj);
      const seed = persona
        ? seedOf(persona)
        : {
            contracts: [],
            behaviour: {},
            identityQuestion: {
              pergunta: 'Quais são os quatro últimos dígitos do seu celular?',
              resposta: input.telefone.slice(-4),
            },
            score: isCompanyDocument(input.cpfCnpj) ? null : 500,
          };
      const { cpfCnpj, ...profile } = input;
      const user = addUser(
        cpfCnpj,
        { ...profile, email: profile.email.toLowerCase(), dtNascimento: '', endereco: null },
        seed,
        password,
      );
      const text = `Sua senha provisória de acesso é ${password}. Altere-a em Mais opções > Alterar senha.`;
      send(user, 'email', 'Bem-vindo ao portal de negociação', text);
      send(user, 'sms', 'Senha provisória', text);
      return password;
    },

    /** Sends a temporary password and a reset link; returns the recovery id. */
    startRecovery(user: StubUser): string {
      const id = randomBytes(12).toString('base64url');
      const codigo = randomBytes(24).toString('base64url');
      recoveries.set(id, { cpfCnpj: user.cpfCnpj, codigo, expiresAt: now() + RECOVERY_TTL_MS });
      const password = generatePassword();
      this.setPassword(user, password);
      const link = `/nova-senha-pb?id=${id}&codigo=${codigo}`;
      send(
        user,
        'email',
        'Recuperação de senha',
        `Sua senha provisória é ${password}. Para criar uma nova senha, acesse ${link}`,
      );
      send(user, 'sms', 'Recuperação de senha', `Sua senha provisória é ${password}.`);
      return id;
    },

    /** A new password through the reset link; single use. */
    finishRecovery(id: string, codigo: string, novaSenha: string): boolean {
      const record = live(recoveries, id) as (Expiring & { codigo: string }) | undefined;
      const user = record ? users.get(record.cpfCnpj) : undefined;
      if (!record || !user || record.codigo.length !== codigo.length) return false;
      if (!timingSafeEqual(Buffer.from(record.codigo), Buffer.from(codigo))) return false;
      recoveries.delete(id);
      this.setPassword(user, novaSenha);
      return true;
    },

    /** Sends issued boletos to the addresses of `destinorecebimento` ('e-mail;phone', or one of them). */
    notifyBoletos(user: StubUser, destinos: string, boletos: readonly { linhaDigitavel: string }[]) {
      const texto = `Seu pagamento do acordo: ${boletos.map((b) => b.linhaDigitavel).join(' | ')}`;
      for (const destino of destinos.split(';').filter(Boolean)) {
        const canal = destino.includes('@') ? 'email' : 'sms';
        outbox.push({
          canal,
          destino,
          cpfCnpj: user.cpfCnpj,
          assunto: 'Boleto do seu acordo',
          texto,
          enviadoEm: new Date(now()).toISOString(),
        });
      }
    },

    /** Keeps an access record (acionamento) the activation channel received. */
    recordAccess(record: AccessRecord): ReceivedAccessRecord {
      const received = { ...record, receivedAt: new Date(now()).toISOString() };
      acionamentos.push(received);
      if (acionamentos.length > MAX_ACCESS_RECORDS) acionamentos.shift();
      return received;
    },

    /**
     * Registers a copy of a seeded persona (its debts, behaviour, score, identity question and profile)
     * under a fresh valid document of the same kind, a unique e-mail and a unique mobile, with the demo
     * password: end-to-end runs in parallel each get a user whose agreements touch no one else's.
     */
    clonePersona(key: ClonablePersona): StubUser {
      const persona = PERSONAS.find((p) => p.key === key);
      if (!persona) throw new Error(`no seeded persona '${key}'`);
      const seeded = new Set(PERSONAS.flatMap((p) => [p.cpfCnpj, p.email, p.telefone]));
      const all = [...users.values()];
      const taken = (value: string) =>
        seeded.has(value) ||
        all.some((u) => u.cpfCnpj === value || u.profile.email === value || u.profile.telefone === value);
      const fresh = (make: () => string) => {
        for (;;) {
          const value = make();
          if (!taken(value)) return value;
        }
      };
      const [local, domain] = persona.email.split('@');
      const profile = structuredClone(profileOf(persona));
      return addUser(
        fresh(() => randomDocument(documentShape(persona.cpfCnpj))),
        {
          ...profile,
          email: fresh(() => `${local}.${randomBytes(4).toString('hex')}@${domain}`),
          telefone: fresh(() => randomMobile(persona.telefone.slice(0, 2))),
        },
        structuredClone(seedOf(persona)),
        DEMO_PASSWORD,
      );
    },

    /** The partner creditors a user has contracts with, in first-contract order. */
    creditorsOf(user: StubUser): SeedCreditor[] {
      const codes = [...new Set(user.seed.contracts.map((c) => c.creditorCode))];
      return codes.flatMap((code) => creditors.get(code) ?? []);
    },
  };
}

export type StubState = ReturnType<typeof createStubState>;
