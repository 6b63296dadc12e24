import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Activity, ActivityEntry, Declaration, MadeAgreement } from '../core/records';
import { StoreUnavailableError } from '../store/store';
import type { Schema } from './schema';

const DAY_MS = 24 * 60 * 60_000;

/** How long each kind of record is kept (docs/operations.md says why): the retention job deletes the rest. */
const KEPT = {
  /** a declaration is the creditor's proof of payment: 5 years, as the Civil Code's limit to charge a debt */
  declarationsMs: 5 * 366 * DAY_MS,
  /** an agreement runs up to 60 months: its record lasts as long, from the day it was made */
  agreementsMs: 5 * 366 * DAY_MS,
  /** what 'Atividade da conta' lists */
  activityMs: 90 * DAY_MS,
};

/**
 * What the portal keeps in PostgreSQL, for every instance: declarations of settlement, the records of
 * agreements made, the account's activity. Each person's rows are found by the pseudonyms of their document
 * under every configured key (`owners`), newest first.
 */
export interface Records {
  /** Keeps a declaration unless one is kept under its code already; answers the one kept. */
  keepDeclaration(declaration: Declaration): Promise<Declaration>;
  declaration(codigo: string): Promise<Declaration | null>;
  rememberAgreement(
    owner: string,
    on: { codcredor: string; contrato: string },
    made: MadeAgreement,
    at: Date,
  ): Promise<void>;
  /** The record of the agreement on a contract, and the pseudonym it was kept under. */
  agreement(
    owners: readonly string[],
    on: { codcredor: string; contrato: string },
  ): Promise<{ owner: string; made: MadeAgreement; madeAt: Date } | null>;
  /** The contracts the person made an agreement on through the portal, newest first. */
  agreements(owners: readonly string[]): Promise<{ codcredor: string; contrato: string }[]>;
  addActivity(owner: string, activity: Activity, at: Date): Promise<void>;
  /** The person's activity since `since`, newest first, at most `limit` lines. */
  activity(owners: readonly string[], since: Date, limit: number): Promise<ActivityEntry[]>;
  /** The account's deletion: its activity and agreement records go; its declarations stay (docs/operations.md). */
  erase(owners: readonly string[]): Promise<void>;
  /**
   * Deletes what is past its keeping time, once across instances for each `everyMs`: the first instance to
   * ask in a period does it, under an advisory lock; the others find it done. Answers what it deleted, or
   * null when it was not this instance's turn.
   */
  sweep(
    now: Date,
    everyMs: number,
  ): Promise<Record<'declarations' | 'agreements' | 'activity', number> | null>;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A declaration whose bytes no longer match their hash (a bad restore) is not served as authentic. */
export class CorruptDeclarationError extends Error {
  override name = 'CorruptDeclarationError';
}

/**
 * The database could not answer (down, unreachable, past the statement timeout): the request fails whole,
 * with a message the person can act on. Every write here is one statement or one transaction, so nothing
 * is left half-written.
 */
export class DatabaseUnavailableError extends StoreUnavailableError {
  override name = 'DatabaseUnavailableError';
}

/**
 * The records over a migrated database. A failure of the database reaches the caller as a
 * DatabaseUnavailableError, after `onFailure` saw the cause (the log).
 */
export function createRecords(
  db: Kysely<Schema>,
  onFailure: (err: unknown) => void = () => undefined,
): Records {
  return failingWhole(recordsOver(db), onFailure);
}

/**
 * Each method of `port` with the database's failures as a DatabaseUnavailableError, after `onFailure` saw
 * the cause (the log). A CorruptDeclarationError passes as it is.
 */
export function failingWhole<T extends object>(port: T, onFailure: (err: unknown) => void): T {
  return Object.fromEntries(
    Object.entries(port).map(([name, method]) => [
      name,
      async (...args: unknown[]) => {
        try {
          return await (method as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch (err) {
          if (err instanceof CorruptDeclarationError) throw err;
          onFailure(err);
          throw new DatabaseUnavailableError(`the database failed: ${(err as Error).message}`, {
            cause: err,
          });
        }
      },
    ]),
  ) as T;
}

function recordsOver(db: Kysely<Schema>): Records {
  const readDeclaration = async (codigo: string) => {
    const row = await db
      .selectFrom('declarations')
      .selectAll()
      .where('codigo', '=', codigo)
      .executeTakeFirst();
    if (!row) return null;
    const pdf = new Uint8Array(row.pdf);
    if (sha256(pdf) !== row.pdf_sha256) throw new CorruptDeclarationError(`declaration ${codigo}`);
    return {
      codigo: row.codigo,
      owner: row.owner,
      titular: row.titular,
      documento: row.documento,
      credor: row.credor,
      contrato: row.contrato,
      codigoAcordo: row.codigo_acordo,
      parcelas: row.parcelas,
      totalCents: row.total_cents,
      quitadaEm: row.quitada_em,
      emitidaEm: row.emitida_em,
      emitidaAs: new Date(row.issued_at),
      pdf,
    } satisfies Declaration;
  };

  return {
    async keepDeclaration(d) {
      await db
        .insertInto('declarations')
        .values({
          codigo: d.codigo,
          owner: d.owner,
          titular: d.titular,
          documento: d.documento,
          credor: d.credor,
          contrato: d.contrato,
          codigo_acordo: d.codigoAcordo,
          parcelas: JSON.stringify(d.parcelas),
          total_cents: d.totalCents,
          quitada_em: d.quitadaEm,
          emitida_em: d.emitidaEm,
          issued_at: d.emitidaAs,
          pdf: d.pdf,
          pdf_sha256: sha256(d.pdf),
        })
        .onConflict((c) => c.column('codigo').doNothing())
        .execute();
      return (await readDeclaration(d.codigo)) ?? d;
    },

    declaration: readDeclaration,

    async rememberAgreement(owner, { codcredor, contrato }, made, at) {
      await db
        .insertInto('agreement_records')
        .values({ owner, codcredor, contrato, tipo_acordo: made.tipoAcordo, modo: made.modo, made_at: at })
        .onConflict((c) =>
          c.columns(['owner', 'codcredor', 'contrato']).doUpdateSet({
            tipo_acordo: made.tipoAcordo,
            modo: made.modo,
            made_at: at,
          }),
        )
        .execute();
    },

    async agreement(owners, { codcredor, contrato }) {
      if (owners.length === 0) return null;
      const rows = await db
        .selectFrom('agreement_records')
        .select(['owner', 'tipo_acordo', 'modo', 'made_at'])
        .where('owner', 'in', owners)
        .where('codcredor', '=', codcredor)
        .where('contrato', '=', contrato)
        .execute();
      const row = owners.map((o) => rows.find((r) => r.owner === o)).find((r) => r !== undefined);
      return row
        ? {
            owner: row.owner,
            made: { tipoAcordo: row.tipo_acordo, modo: row.modo },
            madeAt: new Date(row.made_at),
          }
        : null;
    },

    async agreements(owners) {
      if (owners.length === 0) return [];
      return db
        .selectFrom('agreement_records')
        .select(['codcredor', 'contrato'])
        .where('owner', 'in', owners)
        .orderBy('made_at', 'desc')
        .execute();
    },

    async addActivity(owner, { kind, ...detail }, at) {
      await db
        .insertInto('account_activity')
        .values({ owner, kind, detail: JSON.stringify(detail), at })
        .execute();
    },

    async activity(owners, since, limit) {
      if (owners.length === 0) return [];
      const rows = await db
        .selectFrom('account_activity')
        .select(['kind', 'detail', 'at'])
        .where('owner', 'in', owners)
        .where('at', '>=', since)
        .orderBy('at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r.detail, kind: r.kind, at: new Date(r.at) }) as ActivityEntry);
    },

    async erase(owners) {
      if (owners.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('account_activity').where('owner', 'in', owners).execute();
        await trx.deleteFrom('agreement_records').where('owner', 'in', owners).execute();
      });
    },

    sweep: (now, everyMs) =>
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ mine: boolean }>`
          select pg_try_advisory_xact_lock(hashtext('portal:retention')) as mine`.execute(trx);
        if (!rows[0]?.mine) return null;
        const last = await trx
          .selectFrom('job_runs')
          .select('ran_at')
          .where('job', '=', 'retention')
          .executeTakeFirst();
        if (last && now.getTime() - new Date(last.ran_at).getTime() < everyMs) return null;
        const before = (ms: number) => new Date(now.getTime() - ms);
        const declarations = await trx
          .deleteFrom('declarations')
          .where('issued_at', '<', before(KEPT.declarationsMs))
          .executeTakeFirst();
        const agreements = await trx
          .deleteFrom('agreement_records')
          .where('made_at', '<', before(KEPT.agreementsMs))
          .executeTakeFirst();
        const activity = await trx
          .deleteFrom('account_activity')
          .where('at', '<', before(KEPT.activityMs))
          .executeTakeFirst();
        await trx
          .insertInto('job_runs')
          .values({ job: 'retention', ran_at: now })
          .onConflict((c) => c.column('job').doUpdateSet({ ran_at: now }))
          .execute();
        return {
          declarations: Number(declarations.numDeletedRows),
          agreements: Number(agreements.numDeletedRows),
          activity: Number(activity.numDeletedRows),
        };
      }),
  };
}
