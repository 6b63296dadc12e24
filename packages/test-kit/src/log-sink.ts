import type { Stub } from '@portal/stub/app';
import { PERSONAS } from '@portal/stub/data/personas';

/** Someone whose document, e-mail and phone no log line may carry. */
export interface Person {
  cpfCnpj: string;
  email: string;
  telefone: string;
}

/**
 * What the BFF instances of one test file logged, and the people its stubs knew. The vitest setup
 * (log-sink.setup.ts) turns it on, fills it and checks it once the file is done.
 */
export const logSink = {
  active: false,
  lines: [] as string[],
  /** the whole captured output of each BFF child process */
  processes: [] as (() => string)[],
  people: [...PERSONAS] as Person[],
  /** every password, new password, reset code and upstream token the stubs saw or made */
  secrets: new Set<string>(['Acordo@2026']),
  /** the stubs' outboxes: temporary passwords and reset links are read from them at the end */
  outboxes: [] as { texto: string }[][],
};

/** The secrets a stub's outbox carries: temporary passwords and reset-link codes. */
export function secretsInOutboxes(): string[] {
  return logSink.outboxes.flatMap((messages) =>
    messages.flatMap((m) => [
      ...[...m.texto.matchAll(/senha provisória é (\S+?)\.?(?:\s|$)/g)].map((hit) => hit[1] ?? ''),
      ...[...m.texto.matchAll(/codigo=([\w-]+)/g)].map((hit) => hit[1] ?? ''),
    ]),
  );
}

/** Records every person the stub registers, copies or edits from now on, as they are after the change. */
export function watchStub(stub: Stub): Stub {
  const { state } = stub;
  const { clonePersona, register, updateProfile, checkPassword, setPassword, issueToken, finishRecovery } =
    state;
  const secret = (value: string) => value.length >= 6 && logSink.secrets.add(value);
  logSink.outboxes.push(state.outbox);
  state.checkPassword = (cpfCnpj, senha) => {
    secret(senha);
    return checkPassword(cpfCnpj, senha);
  };
  state.setPassword = (user, senha) => {
    secret(senha);
    setPassword(user, senha);
  };
  state.issueToken = (user) => {
    const token = issueToken(user);
    secret(token);
    return token;
  };
  state.finishRecovery = (id, codigo, novaSenha) => {
    for (const value of [id, codigo, novaSenha]) secret(value);
    return finishRecovery(id, codigo, novaSenha);
  };
  const remember = (cpfCnpj: string, contact: { email: string; telefone: string }) =>
    logSink.people.push({ cpfCnpj, email: contact.email, telefone: contact.telefone });
  state.clonePersona = (key) => {
    const user = clonePersona(key);
    remember(user.cpfCnpj, user.profile);
    return user;
  };
  state.register = (input) => {
    const password = register(input);
    secret(password);
    remember(input.cpfCnpj, input);
    return password;
  };
  state.updateProfile = (user, patch) => {
    updateProfile(user, patch);
    remember(user.cpfCnpj, user.profile);
  };
  return stub;
}

type Kind = 'document' | 'e-mail' | 'phone';

/** How each form is found in the text and reduced to the key a person's value is filed under. */
const FORMS: { name: string; pattern: RegExp; key: (match: string) => string }[] = [
  // Digit runs are whole (never part of a longer number): a document inside a boleto line is not one.
  { name: 'digits', pattern: /\d+/g, key: (m) => m },
  {
    name: 'CPF formatted',
    pattern: /(?<!\d)\d{3}\.\d{3}\.\d{3}-\d{2}(?!\d)/g,
    key: (m) => m.replace(/\D/g, ''),
  },
  {
    name: 'CNPJ formatted',
    pattern: /(?<![\dA-Z])[\dA-Z]{2}\.[\dA-Z]{3}\.[\dA-Z]{3}\/[\dA-Z]{4}-\d{2}(?!\d)/gi,
    key: (m) => m.replace(/[./-]/g, '').toUpperCase(),
  },
  {
    name: 'phone formatted',
    pattern: /(?<!\d)(?:\+?55 ?)?\(?\d{2}\)? ?\d{4,5}[- ]?\d{4}(?!\d)/g,
    // bare digits are the first form's
    key: (m) => (/\D/.test(m) ? m.replace(/\D/g, '') : ''),
  },
  { name: 'e-mail', pattern: /[\w.%+-]+@[\w-]+(?:\.[\w-]+)+/g, key: (m) => m.toLowerCase() },
];

/** The keys of each person's values: digits, the alphanumeric CNPJ in capitals, the e-mail in lower case. */
function keysOf(people: Iterable<Person>) {
  const keys = new Map<string, Kind>();
  const add = (key: string, kind: Kind) => key.length >= 8 && keys.set(key, kind);
  for (const person of people) {
    const document = person.cpfCnpj.replace(/[./-]/g, '').toUpperCase();
    add(document, 'document');
    // the upstream sends numeric documents as numbers, without their leading zeros
    if (/^\d+$/.test(document)) add(document.replace(/^0+/, ''), 'document');
    add(person.email.toLowerCase(), 'e-mail');
    const phone = person.telefone.replace(/\D/g, '');
    add(phone, 'phone');
    if (phone) add(`55${phone}`, 'phone');
  }
  return keys;
}

/** A value with all but its first two and last two letters or digits hidden: enough to find it again. */
export const mask = (value: string) =>
  value.replace(/[\dA-Za-z]/g, (c, at: number) => (at < 2 || at >= value.length - 2 ? c : '•'));

interface Leak {
  kind: Kind;
  form: string;
  masked: string;
  count: number;
  /** the first line it is in, every leak in it masked */
  line: string;
}

/** Every document, e-mail or phone of `people` that `text` carries, in any form, each with its first line. */
export function findLeaks(text: string, people: Iterable<Person>): Leak[] {
  const keys = keysOf(people);
  const hits: { at: number; raw: string; kind: Kind; form: string }[] = [];
  const emailText = text.replace(/%40/gi, '@'); // an e-mail in a URL; same length, same offsets
  for (const { name, pattern, key } of FORMS) {
    for (const m of (name === 'e-mail' ? emailText : text).matchAll(pattern)) {
      const kind = keys.get(key(m[0]));
      if (kind) hits.push({ at: m.index, raw: m[0], kind, form: name });
    }
  }
  // An alphanumeric CNPJ has no digit boundary to look for: any occurrence counts.
  const upper = text.toUpperCase();
  for (const [key, kind] of keys) {
    if (kind !== 'document' || /^\d+$/.test(key)) continue;
    for (let at = upper.indexOf(key); at >= 0; at = upper.indexOf(key, at + 1))
      hits.push({ at, raw: text.slice(at, at + key.length), kind, form: 'alphanumeric' });
  }

  const leaks = new Map<string, Leak>();
  for (const hit of hits.sort((a, b) => a.at - b.at)) {
    const id = `${hit.kind} ${hit.form} ${hit.raw.toLowerCase()}`;
    const known = leaks.get(id);
    if (known) {
      known.count += 1;
      continue;
    }
    const start = text.lastIndexOf('\n', hit.at) + 1;
    const end = text.indexOf('\n', hit.at) < 0 ? text.length : text.indexOf('\n', hit.at);
    let line = text.slice(start, end);
    let before = end;
    for (const other of hits.filter((h) => h.at >= start && h.at < end).sort((a, b) => b.at - a.at)) {
      if (other.at + other.raw.length > before) continue; // overlaps one already masked
      line =
        line.slice(0, other.at - start) + mask(other.raw) + line.slice(other.at - start + other.raw.length);
      before = other.at;
    }
    leaks.set(id, {
      kind: hit.kind,
      form: hit.form,
      masked: mask(hit.raw),
      count: 1,
      line: line.slice(0, 300),
    });
  }
  return [...leaks.values()];
}

/** Every secret of `secrets` that `text` carries as it is, JSON-escaped or URL-encoded; masked. */
export function findSecrets(text: string, secrets: Iterable<string>): string[] {
  const found: string[] = [];
  for (const value of secrets) {
    const forms = new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]);
    if ([...forms].some((form) => text.includes(form))) found.push(mask(value));
  }
  return found;
}
