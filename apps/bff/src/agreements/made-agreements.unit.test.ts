import { CONTRACT, CREDITOR, OTHER, summaryOf } from '@portal/test-kit/agreement-fakes';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import { isOwner, ownerForms, ownerOf } from '../activity/owner';
import { createKeyring } from '../keys/keyring';
import { madeOn, rememberMade } from './made-agreements';

const OLD_SECRET = 'o'.repeat(64);
const NEW_SECRET = 'n'.repeat(64);
const legacyKey = (owner: string) => `agreement-made:${owner}:${CREDITOR.agrupador}:${CONTRACT}`;

describe("the person's pseudonym in agreement records", () => {
  it('is keyed, never the document, and names the person alone', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    const other = await signedIn(ports, OTHER);
    const owner = ownerOf(ports, maria);
    expect(owner).not.toContain(maria.data.cpfCnpj);
    expect(isOwner(ports, maria, owner)).toBe(true);
    expect(isOwner(ports, other, owner)).toBe(false);
  });

  it("is found under every configured key's form, the newest first", async () => {
    const old = memoryPorts({ keys: createKeyring(OLD_SECRET) });
    const maria = await signedIn(old);
    const written = ownerOf(old, maria);
    const rotated = { ...old, keys: createKeyring(NEW_SECRET, [OLD_SECRET]) };
    const forms = ownerForms(rotated, maria);
    expect(forms[0]).toBe(ownerOf(rotated, maria));
    expect(forms.indexOf(written)).toBeGreaterThan(0);
    expect(isOwner(rotated, maria, written)).toBe(true);
  });
});

const ON = { codcredor: CREDITOR.agrupador, contrato: CONTRACT };
const made = (tipoAcordo: 'AV' | 'AP', modo: '1' | '2') => ({ ...summaryOf(), tipoAcordo, modo });

describe('rememberMade', () => {
  it("keeps the agreement's type and mode under the person's pseudonym, with a line of activity", async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    await rememberMade(ports, maria, made('AP', '2'), new Date('2026-11-20T15:00:00Z'));
    expect(await ports.db.agreement([ownerOf(ports, maria)], ON)).toEqual({
      owner: ownerOf(ports, maria),
      made: { tipoAcordo: 'AP', modo: '2' },
      madeAt: new Date('2026-11-20T15:00:00Z'),
    });
    expect(await ports.db.activity([ownerOf(ports, maria)], new Date(0), 10)).toEqual([
      {
        kind: 'acordo-feito',
        credor: CREDITOR.nomcontratante,
        contrato: summaryOf().contratoExibido,
        at: new Date('2026-11-20T15:00:00Z'),
      },
    ]);
  });

  it('loses only the record when the database fails, and says so in the log', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    const down = () => Promise.reject(new Error('database down'));
    const failing = { ...ports, db: { ...ports.db, rememberAgreement: down, addActivity: down } };
    await rememberMade(failing, maria, made('AV', '1'));
    expect(ports.log.lines.map((l) => l.message)).toEqual([
      'agreement made but its type and mode were not kept',
      'activity: a line was not kept',
    ]);
  });
});

describe('madeOn', () => {
  it('answers what the portal made on the contract', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    await rememberMade(ports, maria, made('AV', '2'));
    expect(await madeOn(ports, maria, CREDITOR.agrupador, CONTRACT, 3)).toEqual({
      tipoAcordo: 'AV',
      modo: '2',
    });
  });

  it('takes an agreement made elsewhere as a proposal: AP with more than one instalment, else AV', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    expect(await madeOn(ports, maria, CREDITOR.agrupador, CONTRACT, 3)).toEqual({
      tipoAcordo: 'AP',
      modo: '1',
    });
    expect(await madeOn(ports, maria, CREDITOR.agrupador, CONTRACT, 1)).toEqual({
      tipoAcordo: 'AV',
      modo: '1',
    });
  });

  it("does not answer another person's record", async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    const other = await signedIn(ports, OTHER);
    await rememberMade(ports, other, made('AV', '2'));
    expect(await madeOn(ports, maria, CREDITOR.agrupador, CONTRACT, 3)).toEqual({
      tipoAcordo: 'AP',
      modo: '1',
    });
  });

  it('writes a record found under an older key again under the newest', async () => {
    const old = memoryPorts({ keys: createKeyring(OLD_SECRET) });
    const maria = await signedIn(old);
    await rememberMade(old, maria, made('AV', '2'), new Date('2026-01-10T12:00:00Z'));
    const rotated = { ...old, keys: createKeyring(NEW_SECRET, [OLD_SECRET]) };
    expect(await madeOn(rotated, maria, CREDITOR.agrupador, CONTRACT, 3)).toEqual({
      tipoAcordo: 'AV',
      modo: '2',
    });
    // under the newest key, still dated the day it was made: its keeping time is not restarted
    expect(await old.db.agreement([ownerOf(rotated, maria)], ON)).toMatchObject({
      made: { tipoAcordo: 'AV', modo: '2' },
      madeAt: new Date('2026-01-10T12:00:00Z'),
    });
  });

  it('moves a record the session store kept before the database did', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    await ports.store.set(legacyKey(ownerOf(ports, maria)), { tipoAcordo: 'AV', modo: '2' }, 60_000);
    expect(await madeOn(ports, maria, CREDITOR.agrupador, CONTRACT, 3)).toEqual({
      tipoAcordo: 'AV',
      modo: '2',
    });
    expect(await ports.db.agreement([ownerOf(ports, maria)], ON)).toMatchObject({
      made: { tipoAcordo: 'AV', modo: '2' },
    });
  });
});
