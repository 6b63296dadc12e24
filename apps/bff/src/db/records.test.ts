import { createHash, randomBytes } from 'node:crypto';
import { aDeclaration, newCode, somePdf } from '@portal/test-kit/declaration-fixture';
import { startPostgresServer } from '@portal/test-kit/postgres-server';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '../core/records';
import { type Database, openDatabase } from './database';
import { CorruptDeclarationError, createRecords, type Records } from './records';

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;
/** what the retention job keeps: declarations and agreement records five years of 366 days, activity 90 days */
const KEPT_YEARS_MS = 5 * 366 * DAY;
const KEPT_ACTIVITY_MS = 90 * DAY;

let server: Awaited<ReturnType<typeof startPostgresServer>>;
beforeAll(async () => {
  server = await startPostgresServer();
}, 60_000);
afterAll(() => server?.close());

/** A migrated database of the kind asked for: PGlite in this process, or a new empty database on the server. */
async function open(kind: 'pglite' | 'server', url?: string): Promise<Database> {
  const options = { dir: 'memory://', poolMax: 4, statementTimeoutMs: 5_000 };
  if (kind === 'pglite') return openDatabase(options);
  return openDatabase({ ...options, url: url ?? (await server.database('records')) });
}

const pseudonym = () => `k1.${randomBytes(12).toString('hex')}`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const made = (tipoAcordo: 'AV' | 'AP', modo: '1' | '2') => ({ tipoAcordo, modo });

describe.each([
  ['PGlite in memory', 'pglite'],
  ['a PostgreSQL server', 'server'],
] as const)('the records on %s', (_name, kind) => {
  let database: Database;
  let records: Records;
  const failures: unknown[] = [];
  // One database for the block: every test writes under codes and owners of its own.
  beforeAll(async () => {
    database = await open(kind);
    expect(database.kind).toBe(kind === 'pglite' ? 'pglite' : 'postgres');
    records = createRecords(database.db, (err) => failures.push(err));
  }, 30_000);
  afterAll(() => database?.close());
  // the contract's calls never reach the database's failure path
  afterEach(() => {
    expect(failures).toEqual([]);
  });

  const rowsOf = async (codigo: string) =>
    database.db.selectFrom('declarations').selectAll().where('codigo', '=', codigo).execute();

  it('keeps a declaration once: a second keep under its code, with other content, answers the first', async () => {
    const first = aDeclaration();
    expect(await records.keepDeclaration(first)).toEqual(first);
    const other = aDeclaration({
      codigo: first.codigo,
      titular: 'Ana Beatriz Rocha Lima',
      pdf: somePdf(),
      emitidaAs: new Date('2026-04-01T10:00:00.000Z'),
      emitidaEm: '2026-04-01',
    });
    expect(await records.keepDeclaration(other)).toEqual(first);
    expect(await records.declaration(first.codigo)).toEqual(first);
    const rows = await rowsOf(first.codigo);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.pdf_sha256).toBe(sha256(first.pdf));
    expect(await records.declaration(newCode())).toBeNull();
  });

  it('refuses any UPDATE of a declaration, whoever asks it', async () => {
    const kept = aDeclaration();
    await records.keepDeclaration(kept);
    await expect(
      sql`update declarations set titular = ${'Outra Pessoa'} where codigo = ${kept.codigo}`.execute(
        database.db,
      ),
    ).rejects.toThrow('declarations are insert-only');
    await expect(
      sql`update declarations set pdf = ${Buffer.from(somePdf())}, pdf_sha256 = 'x' where codigo = ${kept.codigo}`.execute(
        database.db,
      ),
    ).rejects.toThrow('declarations are insert-only');
    expect(await records.declaration(kept.codigo)).toEqual(kept);
  });

  it('refuses to serve a declaration whose PDF bytes no longer match their hash', async () => {
    // bytes altered behind the trigger's back (an operator, a bad restore): the trigger is set aside for it
    const kept = aDeclaration();
    await records.keepDeclaration(kept);
    const altered = Buffer.from(kept.pdf);
    altered[100] = (altered[100] ?? 0) ^ 0xff;
    await database.db.transaction().execute(async (trx) => {
      await sql`drop trigger declarations_insert_only on declarations`.execute(trx);
      await sql`update declarations set pdf = ${altered} where codigo = ${kept.codigo}`.execute(trx);
      await sql`create trigger declarations_insert_only before update on declarations
        for each row execute function declarations_insert_only()`.execute(trx);
    });
    await expect(records.declaration(kept.codigo)).rejects.toBeInstanceOf(CorruptDeclarationError);

    // a row written with the hash of other bytes
    const forged = aDeclaration();
    await database.db
      .insertInto('declarations')
      .values({
        codigo: forged.codigo,
        owner: forged.owner,
        titular: forged.titular,
        documento: forged.documento,
        credor: forged.credor,
        contrato: forged.contrato,
        codigo_acordo: forged.codigoAcordo,
        parcelas: JSON.stringify(forged.parcelas),
        total_cents: forged.totalCents,
        quitada_em: forged.quitadaEm,
        emitida_em: forged.emitidaEm,
        issued_at: forged.emitidaAs,
        pdf: forged.pdf,
        pdf_sha256: sha256(somePdf()),
      })
      .execute();
    await expect(records.declaration(forged.codigo)).rejects.toBeInstanceOf(CorruptDeclarationError);
    // the trigger is back: the database still refuses updates
    await expect(
      sql`update declarations set titular = 'x' where codigo = ${kept.codigo}`.execute(database.db),
    ).rejects.toThrow('declarations are insert-only');
  });

  it("finds an agreement's record under the first of the owner's forms that has one, and rewrites it in place", async () => {
    const on = { codcredor: '1001', contrato: '7201938455' };
    const newest = pseudonym();
    const older = pseudonym();
    expect(await records.agreement([newest, older], on)).toBeNull();

    await records.rememberAgreement(older, on, made('AV', '1'), new Date('2026-01-10T10:00:00Z'));
    expect(await records.agreement([newest, older], on)).toMatchObject({
      owner: older,
      made: made('AV', '1'),
    });

    // the newest form wins by its place in the list, whatever the dates
    await records.rememberAgreement(newest, on, made('AP', '2'), new Date('2026-01-05T10:00:00Z'));
    expect(await records.agreement([newest, older], on)).toMatchObject({
      owner: newest,
      made: made('AP', '2'),
    });
    expect(await records.agreement([older, newest], on)).toMatchObject({
      owner: older,
      made: made('AV', '1'),
    });

    // a second agreement on the same contract replaces the record: one row, the latest terms and date
    const later = new Date('2026-02-01T09:30:00Z');
    await records.rememberAgreement(older, on, made('AP', '2'), later);
    expect(await records.agreement([older], on)).toMatchObject({ owner: older, made: made('AP', '2') });
    const rows = await database.db
      .selectFrom('agreement_records')
      .selectAll()
      .where('owner', '=', older)
      .execute();
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]?.made_at ?? 0).toISOString()).toBe(later.toISOString());
    // the person's contracts with an agreement, newest first, under any of their forms
    const other = { codcredor: '1002', contrato: '88001' };
    await records.rememberAgreement(older, other, made('AV', '1'), new Date('2026-01-20T10:00:00Z'));
    expect(await records.agreements([newest, older])).toEqual([on, other, on]);
    expect(await records.agreements([pseudonym()])).toEqual([]);

    // another contract, another creditor, no owners: nothing
    expect(await records.agreement([newest, older], { ...on, contrato: '7201938456' })).toBeNull();
    expect(await records.agreement([newest, older], { ...on, codcredor: '1002' })).toBeNull();
    expect(await records.agreement([], on)).toBeNull();
  });

  it("lists an owner's activity newest first, since a day and up to a count, and no one else's", async () => {
    const owner = pseudonym();
    const sameOwnerOlderForm = pseudonym();
    const stranger = pseudonym();
    const base = Date.parse('2026-03-10T12:00:00.000Z');
    const at = (hours: number) => new Date(base + hours * HOUR);
    const signIn: Activity = { kind: 'entrada', forma: 'senha', dispositivo: 'celular', navegador: 'Chrome' };
    const agreement: Activity = { kind: 'acordo-feito', credor: 'Onda Telecom', contrato: '7201938455' };
    const declaration: Activity = {
      kind: 'declaracao-emitida',
      credor: 'Cartão Sol Nascente',
      contrato: '6011452873',
    };
    await records.addActivity(owner, signIn, at(0));
    await records.addActivity(sameOwnerOlderForm, { kind: 'senha-alterada' }, at(1));
    await records.addActivity(owner, { kind: 'contato-alterado', campos: 'e-mail' }, at(2));
    await records.addActivity(stranger, { kind: 'senha-redefinida' }, at(3));
    await records.addActivity(owner, agreement, at(4));
    // written last, happened first
    await records.addActivity(owner, declaration, at(-5));

    const owners = [owner, sameOwnerOlderForm];
    expect(await records.activity(owners, at(-10), 50)).toEqual([
      { ...agreement, at: at(4) },
      { kind: 'contato-alterado', campos: 'e-mail', at: at(2) },
      { kind: 'senha-alterada', at: at(1) },
      { ...signIn, at: at(0) },
      { ...declaration, at: at(-5) },
    ]);
    // `since` includes its own instant
    expect((await records.activity(owners, at(1), 50)).map((a) => a.at)).toEqual([at(4), at(2), at(1)]);
    expect((await records.activity(owners, at(-10), 2)).map((a) => a.kind)).toEqual([
      'acordo-feito',
      'contato-alterado',
    ]);
    expect(await records.activity([stranger], at(-10), 50)).toEqual([
      { kind: 'senha-redefinida', at: at(3) },
    ]);
    expect(await records.activity([], at(-10), 50)).toEqual([]);
  });

  it("erases the activity and agreement records of the owner's forms only, and keeps their declarations", async () => {
    const current = pseudonym();
    const previous = pseudonym();
    const other = pseudonym();
    const on = { codcredor: '1003', contrato: '6011452873' };
    const when = new Date('2026-03-01T08:00:00Z');
    for (const owner of [current, previous, other]) {
      await records.rememberAgreement(owner, on, made('AV', '1'), when);
      await records.addActivity(owner, { kind: 'senha-alterada' }, when);
    }
    const declaration = aDeclaration({ owner: current });
    await records.keepDeclaration(declaration);

    await records.erase([current, previous]);
    expect(await records.activity([current, previous], new Date(0), 50)).toEqual([]);
    expect(await records.agreement([current], on)).toBeNull();
    expect(await records.agreement([previous], on)).toBeNull();
    expect(await records.activity([other], new Date(0), 50)).toEqual([{ kind: 'senha-alterada', at: when }]);
    expect(await records.agreement([other], on)).toMatchObject({ owner: other, made: made('AV', '1') });
    expect(await records.declaration(declaration.codigo)).toEqual(declaration);
    await records.erase([]);
    expect(await records.agreement([other], on)).not.toBeNull();
  });

  it('sweeps exactly what is past its keeping time, at most once a period', async () => {
    // A clock long before every other test's rows, which the sweep must leave alone.
    const now = new Date('2001-06-15T12:00:00.000Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const owner = pseudonym();
    const ages = { past: KEPT_YEARS_MS + 1_000, edge: KEPT_YEARS_MS, young: KEPT_YEARS_MS - 1_000 };
    const declarations = Object.fromEntries(
      Object.entries(ages).map(([name, age]) => [name, aDeclaration({ owner, emitidaAs: ago(age) })]),
    );
    for (const [name, age] of Object.entries(ages)) {
      await records.keepDeclaration(declarations[name] ?? aDeclaration());
      await records.rememberAgreement(
        owner,
        { codcredor: '1001', contrato: name },
        made('AV', '1'),
        ago(age),
      );
    }
    const activityAt = [ago(KEPT_ACTIVITY_MS + 1_000), ago(KEPT_ACTIVITY_MS), ago(DAY)];
    for (const at of activityAt) await records.addActivity(owner, { kind: 'senha-alterada' }, at);

    expect(await records.sweep(now, DAY)).toEqual({ declarations: 1, agreements: 1, activity: 1 });
    const remaining = async () => ({
      declarations: await Promise.all(
        Object.entries(declarations).map(async ([name, d]) => [
          name,
          (await records.declaration(d.codigo)) !== null,
        ]),
      ),
      agreements: await Promise.all(
        Object.keys(ages).map(async (name) => [
          name,
          (await records.agreement([owner], { codcredor: '1001', contrato: name })) !== null,
        ]),
      ),
      activity: (await records.activity([owner], new Date(0), 50)).map((a) => a.at),
    });
    const afterFirst = {
      declarations: [
        ['past', false],
        ['edge', true],
        ['young', true],
      ],
      agreements: [
        ['past', false],
        ['edge', true],
        ['young', true],
      ],
      activity: [activityAt[2], activityAt[1]],
    };
    expect(await remaining()).toEqual(afterFirst);

    // within the period: not this time, and nothing goes, though the edge rows are past by then
    expect(await records.sweep(new Date(now.getTime() + DAY - 1), DAY)).toBeNull();
    expect(await remaining()).toEqual(afterFirst);

    // a period later: the rows that aged past their time meanwhile
    expect(await records.sweep(new Date(now.getTime() + DAY), DAY)).toEqual({
      declarations: 2,
      agreements: 2,
      activity: 1,
    });
    expect((await remaining()).activity).toEqual([activityAt[2]]);
  });
});

describe('the records on one PostgreSQL server, from two instances at once', () => {
  let one: Database;
  let two: Database;
  beforeAll(async () => {
    const url = await server.database('instances');
    [one, two] = await Promise.all([open('server', url), open('server', url)]);
    // connections open on both sides, so that the calls below meet in the database
    await Promise.all([one.ping(), two.ping(), one.ping(), two.ping()]);
  }, 30_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('two sweeps at once: in every period exactly one instance deletes, the other finds it done or taken', async () => {
    const a = createRecords(one.db);
    const b = createRecords(two.db);
    const start = Date.parse('2030-01-01T03:00:00.000Z');
    for (let period = 0; period < 6; period += 1) {
      const now = new Date(start + period * DAY);
      await a.addActivity(
        pseudonym(),
        { kind: 'senha-alterada' },
        new Date(now.getTime() - KEPT_ACTIVITY_MS - 1),
      );
      const results = await Promise.all([a.sweep(now, DAY), b.sweep(now, DAY)]);
      expect(results.filter((r) => r !== null)).toEqual([{ declarations: 0, agreements: 0, activity: 1 }]);
    }
  });

  it('two instances keeping the same code at once both answer the one declaration kept', async () => {
    const first = aDeclaration();
    const second = aDeclaration({ codigo: first.codigo, titular: 'Ana Beatriz Rocha Lima', pdf: somePdf() });
    const [fromOne, fromTwo] = await Promise.all([
      createRecords(one.db).keepDeclaration(first),
      createRecords(two.db).keepDeclaration(second),
    ]);
    expect(fromTwo).toEqual(fromOne);
    expect([first, second]).toContainEqual(fromOne);
    const rows = await one.db
      .selectFrom('declarations')
      .select('codigo')
      .where('codigo', '=', first.codigo)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
