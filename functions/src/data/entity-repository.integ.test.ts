import { describe, expect, it } from 'vitest';
import { testCompanyId } from '../../test/company.js';
import { HttpError } from '../lib/http-errors.js';
import { encodeCursor } from './cursor.js';
import { entityRepository, type BaseRecord } from './entity-repository.js';

interface Contact extends BaseRecord {
  name: string;
  email?: string;
}

const contacts = entityRepository<Contact>({
  type: 'TESTCONTACT',
  notFoundMessage: 'Contact introuvable.',
  unique: [{ field: 'NAME', value: (contact) => contact.name, message: 'Un contact porte déjà ce nom.' }],
});

async function statusOf(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return error.statusCode;
    throw error;
  }
}

describe('entity repository on DynamoDB Local', () => {
  it('20 concurrent creations of one name give one record and 19 conflicts', async () => {
    const company = testCompanyId();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        statusOf(contacts.create(company, { name: index % 2 ? 'Dupont SA' : '  dupont   sa ' })),
      ),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(1);
    expect(results.filter((result) => result === 409)).toHaveLength(19);
    expect((await contacts.list(company)).items).toHaveLength(1);
  });

  it('reads only the attributes asked for (and the id) in listAll and getMany', async () => {
    const company = testCompanyId();
    const created = await Promise.all(
      ['Alpha', 'Bêta', 'Gamma'].map((name) =>
        contacts.create(company, { name, email: `${name}@exemple.fr` }),
      ),
    );
    const names = await contacts.listAll(company, ['name']);
    expect(names).toHaveLength(3);
    for (const record of names) expect(Object.keys(record).sort()).toEqual(['id', 'name']);
    expect(names.map((record) => record.name).sort()).toEqual(['Alpha', 'Bêta', 'Gamma']);
    const byId = await contacts.getMany(company, [created[0]!.id], ['email']);
    expect(byId.get(created[0]!.id)).toEqual({ id: created[0]!.id, email: 'Alpha@exemple.fr' });
  });

  it('says which name is taken, in French', async () => {
    const company = testCompanyId();
    await contacts.create(company, { name: 'Martin' });
    await expect(contacts.create(company, { name: 'MARTIN' })).rejects.toMatchObject({
      statusCode: 409,
      message: 'Un contact porte déjà ce nom.',
    });
  });

  it('keeps a record of company A out of reach of company B', async () => {
    const companyA = testCompanyId();
    const companyB = testCompanyId();
    const record = await contacts.create(companyA, { name: 'Chez A' });
    expect(await contacts.get(companyB, record.id)).toBeUndefined();
    await expect(contacts.update(companyB, record.id, () => ({ name: 'Volé' }))).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(contacts.remove(companyB, record.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await contacts.list(companyB)).items).toEqual([]);
    // The same name is free in another company.
    await contacts.create(companyB, { name: 'Chez A' });
    expect((await contacts.get(companyA, record.id))?.name).toBe('Chez A');
  });

  it('refuses a stale version and keeps the newer data', async () => {
    const company = testCompanyId();
    const record = await contacts.create(company, { name: 'Bernard' });
    const first = await contacts.update(company, record.id, (current) => ({ ...current, email: 'a@b.fr' }), {
      expectedVersion: 1,
    });
    expect(first.version).toBe(2);
    await expect(
      contacts.update(company, record.id, (current) => ({ ...current, email: 'old@b.fr' }), {
        expectedVersion: 1,
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect((await contacts.get(company, record.id))?.email).toBe('a@b.fr');
  });

  it('loses no update between two concurrent writers', async () => {
    const company = testCompanyId();
    const record = await contacts.create(company, { name: 'Concurrent' });
    const results = await Promise.all(
      ['x@b.fr', 'y@b.fr', 'z@b.fr'].map((email) =>
        statusOf(contacts.update(company, record.id, (current) => ({ ...current, email }))),
      ),
    );
    const stored = await contacts.get(company, record.id);
    expect(stored?.version).toBe(1 + results.filter((result) => result === 'ok').length);
    expect(results.every((result) => result === 'ok' || result === 409)).toBe(true);
  });

  it('a rename frees the old name; a delete frees the name', async () => {
    const company = testCompanyId();
    const record = await contacts.create(company, { name: 'Ancien nom' });
    await contacts.update(company, record.id, (current) => ({ ...current, name: 'Nouveau nom' }));
    await contacts.create(company, { name: 'Ancien nom' });
    await expect(contacts.create(company, { name: 'nouveau NOM' })).rejects.toMatchObject({
      statusCode: 409,
    });
    await contacts.remove(company, record.id);
    await contacts.create(company, { name: 'Nouveau nom' });
    expect((await contacts.list(company)).items.map((item) => item.name).sort()).toEqual([
      'Ancien nom',
      'Nouveau nom',
    ]);
  });

  it('a rename onto a taken name is refused and changes nothing', async () => {
    const company = testCompanyId();
    const first = await contacts.create(company, { name: 'Alpha' });
    await contacts.create(company, { name: 'Beta' });
    await expect(
      contacts.update(company, first.id, (current) => ({ ...current, name: 'beta' })),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'Un contact porte déjà ce nom.',
    });
    const stored = await contacts.get(company, first.id);
    expect(stored).toMatchObject({ name: 'Alpha', version: 1 });
    // The old name is still held.
    await expect(contacts.create(company, { name: 'Alpha' })).rejects.toMatchObject({ statusCode: 409 });
  });

  it('lists most recent first, page by page, with an opaque cursor', async () => {
    const company = testCompanyId();
    const created = [];
    for (let index = 0; index < 7; index += 1)
      created.push(await contacts.create(company, { name: `Contact ${index}` }));
    const first = await contacts.list(company, { limit: 3 });
    expect(first.items.map((item) => item.name)).toEqual(['Contact 6', 'Contact 5', 'Contact 4']);
    expect(first.nextCursor).toBeDefined();
    const second = await contacts.list(company, { limit: 3, cursor: first.nextCursor });
    expect(second.items.map((item) => item.name)).toEqual(['Contact 3', 'Contact 2', 'Contact 1']);
    const third = await contacts.list(company, { limit: 3, cursor: second.nextCursor });
    expect(third.items.map((item) => item.name)).toEqual(['Contact 0']);
    expect(third.nextCursor).toBeUndefined();
    expect((await contacts.listAll(company)).length).toBe(7);
    const many = await contacts.getMany(company, [created[0]!.id, created[3]!.id, 'missing']);
    expect([...many.keys()].sort()).toEqual([created[0]!.id, created[3]!.id].sort());
  });

  it("lists only its own type, not one whose name extends it nor the partition's neighbours", async () => {
    const company = testCompanyId();
    // Sort keys on either side of `TESTCONTACT#…`: `TESTCONTACTS#…`, `TESTCONTACT_X#…` and
    // `TESTCONTACT` sort after it or before it, never inside its range.
    const neighbours = ['TESTCONTACTS', 'TESTCONTACT_X', 'TESTCONTAC', 'TESTCONTACU'].map((type) =>
      entityRepository<Contact>({ type, notFoundMessage: 'Introuvable.' }),
    );
    for (const [index, neighbour] of neighbours.entries())
      await neighbour.create(company, { name: `Voisin ${index}` });
    await contacts.create(company, { name: 'Seul' });
    await neighbours[0]!.create(company, { name: 'Voisin après' });
    const page = await contacts.list(company, { limit: 1 });
    expect(page.items.map((item) => item.name)).toEqual(['Seul']);
    expect(page.nextCursor).toBeUndefined();
    expect((await contacts.listAll(company)).map((item) => item.name)).toEqual(['Seul']);
    expect((await neighbours[0]!.listAll(company)).map((item) => item.name)).toEqual([
      'Voisin après',
      'Voisin 0',
    ]);
  });

  it('gives no cursor when a page ends exactly on the last record', async () => {
    const company = testCompanyId();
    for (let index = 0; index < 6; index += 1) await contacts.create(company, { name: `Borne ${index}` });
    const first = await contacts.list(company, { limit: 3 });
    expect(first.nextCursor).toBeDefined();
    const second = await contacts.list(company, { limit: 3, cursor: first.nextCursor });
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeUndefined();
    expect((await contacts.list(company, { limit: 6 })).nextCursor).toBeUndefined();
  });

  it("refuses a cursor that points into another company's partition", async () => {
    const company = testCompanyId();
    const forged = encodeCursor({ pk: `COMPANY#${testCompanyId()}`, sk: 'TESTCONTACT#x' });
    await expect(contacts.list(company, { cursor: forged })).rejects.toMatchObject({ statusCode: 400 });
    await expect(contacts.list(company, { cursor: 'not-a-cursor' })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('hides the storage keys from records', async () => {
    const company = testCompanyId();
    const record = await contacts.create(company, { name: 'Sans clés' });
    const stored = await contacts.get(company, record.id);
    expect(stored).toEqual(record);
    expect(Object.keys(stored ?? {})).not.toContain('pk');
  });
});
