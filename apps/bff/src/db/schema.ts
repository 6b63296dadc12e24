import type { ColumnType, Generated } from 'kysely';
import type { Declaration } from '../core/records';

// The tables the portal keeps in PostgreSQL, as Kysely reads and writes them. Every person's row carries
// `owner`: a keyed pseudonym of the document (its key's id in front), never the document, the e-mail or
// the phone. The migrations in ./migrations create these tables; this file only types them.

type Timestamp = ColumnType<Date, Date, never>;

export interface DeclarationsTable {
  /** the verification code printed on the PDF: QT-XXXX-XXXX-XXXX */
  codigo: string;
  owner: string;
  /** the holder's name as issued, and the masked document */
  titular: string;
  documento: string | null;
  credor: string;
  contrato: string;
  codigo_acordo: string;
  /** [{ numero, pagoEm, valorCents }] */
  parcelas: ColumnType<Declaration['parcelas'], string, never>;
  total_cents: number;
  /** the last payment's day (ISO date), when every one is known */
  quitada_em: string | null;
  /** the day in Brasília (ISO date) */
  emitida_em: string;
  issued_at: Timestamp;
  pdf: ColumnType<Uint8Array, Uint8Array, never>;
  /** hex SHA-256 of `pdf`: a restored row is checked against it before it is served */
  pdf_sha256: string;
}

export interface AgreementRecordsTable {
  owner: string;
  codcredor: string;
  contrato: string;
  tipo_acordo: 'AV' | 'AP';
  modo: '1' | '2';
  made_at: ColumnType<Date, Date, Date>;
}

export interface AccountActivityTable {
  /** never read: a bigint, which the two drivers type differently */
  id: Generated<string>;
  owner: string;
  kind: string;
  /** what the page shows of it (the way of a sign-in, the device kind, the browser, the creditor) */
  detail: ColumnType<Record<string, string>, string, never>;
  at: Timestamp;
}

export interface JobRunsTable {
  job: string;
  ran_at: ColumnType<Date, Date, Date>;
}

/** What a person chose for their reminders; no row: the defaults (reminders/settings.ts). */
export interface ReminderSettingsTable {
  owner: string;
  /** ['push', 'email', 'sms'] */
  canais: ColumnType<string[], string, string>;
  /** days before the due date: [3, 0] */
  dias: ColumnType<number[], string, string>;
  paused_until: Date | null;
  stopped: boolean;
  updated_at: ColumnType<Date, Date, Date>;
}

/** The agreements a person asked to be reminded of ('Quero ser lembrado'). */
export interface RemindedAgreementsTable {
  owner: string;
  codcredor: string;
  contrato: string;
  created_at: ColumnType<Date, Date, never>;
}

/** A browser's Web Push subscription: where its push service takes messages, and its keys. */
export interface PushSubscriptionsTable {
  id: string;
  owner: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: ColumnType<Date, Date, never>;
}

export type PushReminderState = 'pendente' | 'enviando' | 'enviado' | 'cancelado' | 'falhou';

/** One push reminder: a subscription, an instalment, a day before its due date; sent once. */
export interface PushRemindersTable {
  /** random; also what the notification's tap carries back (never the contract) */
  id: string;
  owner: string;
  subscription_id: string;
  codcredor: string;
  contrato: string;
  /** the creditor's name, as the notification says it */
  credor: string;
  numero: number;
  /** ISO date */
  vence_em: string;
  dias: number;
  send_at: ColumnType<Date, Date, Date>;
  state: PushReminderState;
  attempts: ColumnType<number, number | undefined, number>;
  claimed_by: string | null;
  claimed_until: Date | null;
  sent_at: Date | null;
}

export interface Schema {
  declarations: DeclarationsTable;
  agreement_records: AgreementRecordsTable;
  account_activity: AccountActivityTable;
  job_runs: JobRunsTable;
  reminder_settings: ReminderSettingsTable;
  reminded_agreements: RemindedAgreementsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_reminders: PushRemindersTable;
}
