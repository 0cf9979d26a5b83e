import { describe, expect, it } from 'vitest';
import { testCompanyId } from '../../test/company.js';
import { conflict, type HttpError } from '../lib/http-errors.js';
import { entityRepository, type BaseRecord } from './entity-repository.js';

interface Owner extends BaseRecord {
  name: string;
}
interface Use extends BaseRecord {
  label: string;
  ownerId?: string;
}

const owners = entityRepository<Owner>({ type: 'TESTOWNER', notFoundMessage: 'Propriétaire introuvable.' });
const uses = entityRepository<Use>({
  type: 'TESTUSE',
  notFoundMessage: 'Usage introuvable.',
  references: [{ field: 'ownerId', targetType: 'TESTOWNER', message: 'Propriétaire introuvable.' }],
});

/** The deletion's check, as a service writes it: a 409 while a use refers to the owner. */
async function usedBy(companyId: string, ownerId: string): Promise<HttpError | undefined> {
  const all = await uses.listAll(companyId, ['ownerId']);
  const count = all.filter((use) => use.ownerId === ownerId).length;
  return count > 0 ? conflict(`Utilisé par ${count} usage(s).`) : undefined;
}

describe('deleting a record that others may use (reference stamps, DynamoDB Local)', () => {
  it('a use written between the check and the deletion is seen: the deletion is refused, nothing dangles', async () => {
    const company = testCompanyId();
    const owner = await owners.create(company, { name: 'Dupont' });
    let checks = 0;
    let created: Use | undefined;
    const deletion = owners.removeUnlessUsed(company, owner.id, async () => {
      checks += 1;
      const refusal = await usedBy(company, owner.id);
      // The first check found nothing; a use is written right after it, before the deletion.
      if (checks === 1) created = await uses.create(company, { label: 'chantier', ownerId: owner.id });
      return refusal;
    });
    await expect(deletion).rejects.toMatchObject({ statusCode: 409, message: 'Utilisé par 1 usage(s).' });
    expect(checks).toBe(2);
    expect(created?.ownerId).toBe(owner.id);
    expect(await owners.get(company, owner.id)).toMatchObject({ id: owner.id, name: 'Dupont' });
  });

  it('a use written after the deletion is refused on its field (400), and one of another company too', async () => {
    const company = testCompanyId();
    const owner = await owners.create(company, { name: 'Martin' });
    await owners.removeUnlessUsed(company, owner.id, () => usedBy(company, owner.id));
    expect(await owners.get(company, owner.id)).toBeUndefined();
    await expect(uses.create(company, { label: 'devis', ownerId: owner.id })).rejects.toMatchObject({
      statusCode: 400,
      details: [{ path: 'ownerId', message: 'Propriétaire introuvable.' }],
    });
    const other = await owners.create(testCompanyId(), { name: 'Ailleurs' });
    await expect(uses.create(company, { label: 'devis', ownerId: other.id })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(await uses.listAll(company)).toEqual([]);
  });

  it('an update that moves a use to the owner also stamps it; an unchanged link does not need to', async () => {
    const company = testCompanyId();
    const [first, second] = await Promise.all([
      owners.create(company, { name: 'Premier' }),
      owners.create(company, { name: 'Second' }),
    ]);
    const use = await uses.create(company, { label: 'facture', ownerId: first.id });
    let moved = false;
    const deletion = owners.removeUnlessUsed(company, second.id, async () => {
      const refusal = await usedBy(company, second.id);
      if (!moved) {
        moved = true;
        await uses.update(company, use.id, (current) => ({ label: current.label, ownerId: second.id }));
      }
      return refusal;
    });
    await expect(deletion).rejects.toMatchObject({ statusCode: 409 });
    expect(await owners.get(company, second.id)).toBeDefined();
    // The stamp is storage, never part of a record as read.
    expect(Object.keys((await owners.get(company, second.id)) ?? {}).sort()).toEqual(
      ['companyId', 'createdAt', 'id', 'name', 'updatedAt', 'version'].sort(),
    );
  });

  it('20 concurrent uses of an owner being deleted: either the deletion is refused or every use is', async () => {
    const company = testCompanyId();
    const owner = await owners.create(company, { name: 'Concurrent' });
    const outcome = async (promise: Promise<unknown>) =>
      promise.then(
        () => 'ok' as const,
        (error: HttpError) => error.statusCode,
      );
    const [deleted, ...created] = await Promise.all([
      outcome(owners.removeUnlessUsed(company, owner.id, () => usedBy(company, owner.id))),
      ...Array.from({ length: 20 }, (_, index) =>
        outcome(uses.create(company, { label: `usage ${index}`, ownerId: owner.id })),
      ),
    ]);
    const stored = await uses.listAll(company);
    const ownerLeft = await owners.get(company, owner.id);
    if (deleted === 'ok') {
      expect(ownerLeft).toBeUndefined();
      expect(stored).toEqual([]);
    } else {
      expect(deleted).toBe(409);
      expect(ownerLeft).toBeDefined();
    }
    expect(created.filter((status) => status === 'ok')).toHaveLength(stored.length);
  });
});
