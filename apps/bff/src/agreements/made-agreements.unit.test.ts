import { CONTRACT, CREDITOR, OTHER } from '@portal/test-kit/agreement-fakes';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import { createKeyring } from '../keys/keyring';
import { isOwner, madeOn, ownerForms, ownerOf, rememberMade } from './made-agreements';

const OLD_SECRET = 'o'.repeat(64);
const NEW_SECRET = 'n'.repeat(64);
const madeKey = (owner: string) => `agreement-made:${owner}:${CREDITOR.agrupador}:${CONTRACT}`;

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

describe('rememberMade', () => {
  it("keeps the agreement's type and mode under the person's pseudonym and the contract", async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    await rememberMade(ports, maria, CREDITOR.agrupador, CONTRACT, { tipoAcordo: 'AP', modo: '2' });
    expect(await ports.store.get(madeKey(ownerOf(ports, maria)))).toEqual({ tipoAcordo: 'AP', modo: '2' });
  });

  it('loses only the record when the store fails, and says so in the log', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    const failing = {
      ...ports,
      store: { ...ports.store, set: () => Promise.reject(new Error('store down')) },
    };
    await rememberMade(failing, maria, CREDITOR.agrupador, CONTRACT, { tipoAcordo: 'AV', modo: '1' });
    expect(ports.log.lines.map((l) => l.message)).toEqual([
      'agreement made but its type and mode were not kept',
    ]);
  });
});

describe('madeOn', () => {
  it('answers what the portal made on the contract', async () => {
    const ports = memoryPorts();
    const maria = await signedIn(ports);
    await rememberMade(ports, maria, CREDITOR.agrupador, CONTRACT, { tipoAcordo: 'AV', modo: '2' });
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
    await rememberMade(ports, other, CREDITOR.agrupador, CONTRACT, { tipoAcordo: 'AV', modo: '2' });
    expect(await madeOn(ports, maria, CREDITOR.agrupador, CONTRACT, 3)).toEqual({
      tipoAcordo: 'AP',
      modo: '1',
    });
  });

  it('writes a record found under an older key again under the newest', async () => {
    const old = memoryPorts({ keys: createKeyring(OLD_SECRET) });
    const maria = await signedIn(old);
    await rememberMade(old, maria, CREDITOR.agrupador, CONTRACT, { tipoAcordo: 'AV', modo: '2' });
    const rotated = { ...old, keys: createKeyring(NEW_SECRET, [OLD_SECRET]) };
    expect(await madeOn(rotated, maria, CREDITOR.agrupador, CONTRACT, 3)).toEqual({
      tipoAcordo: 'AV',
      modo: '2',
    });
    expect(await old.store.get(madeKey(ownerOf(rotated, maria)))).toEqual({ tipoAcordo: 'AV', modo: '2' });
  });
});
