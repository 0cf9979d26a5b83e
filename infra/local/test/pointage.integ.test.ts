import { beforeAll, describe, expect, it } from 'vitest';
import { storedDayTotals } from '../../../functions/src/job-costing/time-entry-service.js';
import { startTestStack } from './support.js';
import { detailsOf, type ErrorBody } from './support/answers.js';
import {
  addProject,
  addWorker,
  companyWithClient,
  signedInColleague,
  type CompanyRecords,
} from './support/records.js';
import type { TestClient } from './http-client.js';

/** Équipe and Pointage through the API (docs/profitability.md): workers, time entries, weeks. */
const stack = await startTestStack();

interface Entry {
  id: string;
  workerId: string;
  projectId: string;
  date: string;
  hours: string;
  hourlyCost: string;
  cost: string;
  weekStart: string;
  locked: boolean;
  version: number;
  worker?: { id: string; name: string };
  project?: { id: string; name: string };
}

let company: CompanyRecords;
let other: CompanyRecords;
let colleague: { http: TestClient; userId: string };
let maconId: string;
let plaquisteId: string;

beforeAll(async () => {
  [company, other] = await Promise.all([
    companyWithClient(stack, 'Pointage'),
    companyWithClient(stack, 'Autre'),
  ]);
  colleague = await signedInColleague(stack, company, 'Julien');
  maconId = (await addWorker(company.companyId, { name: 'Marc Maçon', hourlyCost: '38.75' })).id;
  plaquisteId = (await addWorker(company.companyId, { name: 'Paul Plaquiste', hourlyCost: '32.00' })).id;
}, 90_000);

const entryOf = (fields: Record<string, unknown> = {}) => ({
  workerId: maconId,
  projectId: company.projectId,
  date: '2026-03-02',
  hours: '7,5',
  ...fields,
});

async function created(http: TestClient, fields: Record<string, unknown>): Promise<Entry> {
  const response = await http.post('/api/time-entries', entryOf(fields));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Entry;
}

async function entriesOf(query: string): Promise<Entry[]> {
  const response = await company.http.get(`/api/time-entries?${query}`);
  expect(response.status).toBe(200);
  return response.body as Entry[];
}

describe('Équipe: the workers', () => {
  it('are written by the administrator and read by every user', async () => {
    const response = await company.http.post('/api/workers', {
      name: '  Léa Électricienne ',
      trade: 'Électricienne',
      hourlyCost: '41,20',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Léa Électricienne',
      hourlyCost: '41.20',
      isActive: true,
      teamLead: false,
      companyId: company.companyId,
    });
    const listed = await colleague.http.get('/api/workers');
    expect(listed.status).toBe(200);
    expect((listed.body as { name: string }[]).map((worker) => worker.name)).toContain('Léa Électricienne');
    const refused = await colleague.http.post('/api/workers', { name: 'Intrus', hourlyCost: '10' });
    expect(refused.status).toBe(403);
    expect((refused.body as ErrorBody).message).toBe(
      "Cette action est réservée aux administrateurs de l'entreprise.",
    );
  });

  it('refuses a missing name or cost, a user of another company, a user already linked', async () => {
    const missing = await company.http.post('/api/workers', { trade: 'Maçon' });
    expect(missing.status).toBe(400);
    expect(detailsOf(missing.body)).toMatchObject({
      name: 'Le nom est requis',
      hourlyCost: 'Le coût horaire chargé est requis',
    });
    const foreign = await company.http.post('/api/workers', {
      name: 'X',
      hourlyCost: '30',
      userId: other.userId,
    });
    expect(foreign.status).toBe(400);
    expect(detailsOf(foreign.body).userId).toBe(
      'Utilisateur introuvable : choisissez un utilisateur actif de votre entreprise.',
    );
    const first = await company.http.post('/api/workers', {
      name: 'Chef',
      hourlyCost: '45',
      userId: company.userId,
    });
    expect(first.status).toBe(201);
    const second = await company.http.post('/api/workers', {
      name: 'Chef bis',
      hourlyCost: '45',
      userId: company.userId,
    });
    expect(second.status).toBe(409);
    expect((second.body as ErrorBody).message).toBe('Cet utilisateur est déjà lié à un autre salarié.');
    expect(first.body).toMatchObject({ user: { id: company.userId, name: 'Prénom Nom' } });
  });

  it('cannot delete a worker with hours (deactivate instead), can one without', async () => {
    const worker = await addWorker(company.companyId, { name: 'Éphémère' });
    await created(company.http, { workerId: worker.id, date: '2026-03-09', hours: '1' });
    const refused = await company.http.delete(`/api/workers/${worker.id}`);
    expect(refused.status).toBe(409);
    expect((refused.body as ErrorBody).message).toBe(
      'Ce salarié a des heures pointées : désactivez-le plutôt que de le supprimer.',
    );
    const idle = await addWorker(company.companyId, { name: 'Jamais pointé' });
    expect((await company.http.delete(`/api/workers/${idle.id}`)).status).toBe(204);
    expect((await company.http.get(`/api/workers/${idle.id}`)).status).toBe(404);
    expect((await other.http.get(`/api/workers/${worker.id}`)).status).toBe(404);
  });
});

describe('Pointage: the time entries', () => {
  it('prices the hours with the worker’s loaded cost and names the worker and the chantier', async () => {
    const entry = await created(colleague.http, { date: '2026-03-03', hours: '7,75' });
    expect(entry).toMatchObject({
      hours: '7.75',
      hourlyCost: '38.75',
      cost: '300.31',
      weekStart: '2026-03-02',
      locked: false,
      worker: { id: maconId, name: 'Marc Maçon' },
      project: { id: company.projectId, name: 'Chantier de Pointage' },
    });
    // A new hourly cost prices new hours; those entered keep theirs.
    const worker = (await company.http.get(`/api/workers/${maconId}`)).body as Record<string, unknown>;
    expect(
      (await company.http.put(`/api/workers/${maconId}`, { ...worker, hourlyCost: '40.00' })).status,
    ).toBe(200);
    const edited = await company.http.put(`/api/time-entries/${entry.id}`, {
      ...entryOf({ date: '2026-03-03', hours: '8' }),
      version: entry.version,
    });
    expect(edited.body).toMatchObject({ hours: '8.00', hourlyCost: '38.75', cost: '310.00' });
    const next = await created(colleague.http, { date: '2026-03-04', hours: '1' });
    expect(next).toMatchObject({ hourlyCost: '40.00', cost: '40.00' });
  });

  it('refuses hours outside 0–24, quarter hours only, in French, nothing written', async () => {
    for (const hours of ['0', '24.25', '7.1', '-2']) {
      const response = await company.http.post('/api/time-entries', entryOf({ date: '2026-03-05', hours }));
      expect(response.status).toBe(400);
      expect(detailsOf(response.body).hours).toBe(
        "Les heures doivent être comprises entre 0,25 et 24, par quart d'heure (par exemple 7,5 ou 7,75)",
      );
    }
    expect(await entriesOf(`workerId=${maconId}&from=2026-03-05&to=2026-03-05`)).toEqual([]);
  });

  it('refuses a worker past 24 h a day across chantiers, naming what is already entered', async () => {
    const second = await addProject(company.companyId, company.clientId, { name: 'Second chantier' });
    await created(company.http, { workerId: plaquisteId, date: '2026-03-06', hours: '16' });
    const refused = await company.http.post(
      '/api/time-entries',
      entryOf({ workerId: plaquisteId, projectId: second.id, date: '2026-03-06', hours: '8,25' }),
    );
    expect(refused.status).toBe(400);
    expect((refused.body as ErrorBody).message).toBe(
      'Paul Plaquiste dépasserait 24 h le 06/03/2026 (16 h déjà pointées, tous chantiers confondus).',
    );
    await created(company.http, {
      workerId: plaquisteId,
      projectId: second.id,
      date: '2026-03-06',
      hours: '8',
    });
    expect((await storedDayTotals(company.companyId, plaquisteId, ['2026-03-06'])).get('2026-03-06')).toBe(
      2_400,
    );
  });

  it('lets exactly 24 h through when entries for one day arrive at once (race-free)', async () => {
    const worker = await addWorker(company.companyId, { name: 'Concurrent' });
    const sites = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        addProject(company.companyId, company.clientId, { name: `Chantier ${index}` }),
      ),
    );
    const post = (site: { id: string }) =>
      company.http.post(
        '/api/time-entries',
        entryOf({ workerId: worker.id, projectId: site.id, date: '2026-03-10', hours: 3 }),
      );
    const burst = await Promise.all(sites.map(post));
    // Never more than 24 h, whatever the order; an entry that only met another transaction (409
    // after the server's retries) is sent again, as the screen would.
    expect(burst.filter((answer) => answer.status === 201).length).toBeLessThanOrEqual(8);
    const retried = await Promise.all(
      burst.map(async (answer, index) =>
        answer.status === 409 ? post(sites[index] as { id: string }) : answer,
      ),
    );
    expect(retried.filter((answer) => answer.status === 201)).toHaveLength(8);
    for (const refused of retried.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(400);
      expect((refused.body as ErrorBody).message).toMatch(/^Concurrent dépasserait 24 h le 10\/03\/2026/);
    }
    const kept = await entriesOf(`workerId=${worker.id}`);
    expect(kept).toHaveLength(8);
    expect((await storedDayTotals(company.companyId, worker.id, ['2026-03-10'])).get('2026-03-10')).toBe(
      2_400,
    );
  });

  it('refuses another company’s worker or chantier as unknown ones, and a second entry in a slot', async () => {
    const foreignWorker = await addWorker(other.companyId, { name: 'Étranger' });
    const byWorker = await company.http.post('/api/time-entries', entryOf({ workerId: foreignWorker.id }));
    expect(byWorker.status).toBe(400);
    expect(detailsOf(byWorker.body).workerId).toBe(
      'Salarié introuvable : choisissez un salarié de votre entreprise.',
    );
    const byProject = await company.http.post(
      '/api/time-entries',
      entryOf({ projectId: other.projectId, date: '2026-03-11' }),
    );
    expect(byProject.status).toBe(400);
    expect(detailsOf(byProject.body).projectId).toBe(
      'Chantier introuvable : choisissez un chantier de votre entreprise.',
    );
    const unknown = await company.http.post(
      '/api/time-entries',
      entryOf({ projectId: '0190a7c4-0000-7000-8000-000000000000', date: '2026-03-11' }),
    );
    expect(unknown.body).toEqual(byProject.body);
    expect(await entriesOf(`workerId=${maconId}&from=2026-03-11&to=2026-03-11`)).toEqual([]);
    await created(company.http, { date: '2026-03-12', hours: 2 });
    const twice = await company.http.post('/api/time-entries', entryOf({ date: '2026-03-12', hours: 3 }));
    expect(twice.status).toBe(409);
    expect((twice.body as ErrorBody).message).toMatch(/^Des heures sont déjà pointées/);
  });

  it('lets a worker enter his own hours only, unless he leads the team', async () => {
    const worker = await company.http.post('/api/workers', {
      name: 'Julien Ouvrier',
      hourlyCost: '30',
      userId: colleague.userId,
    });
    const own = (worker.body as { id: string; version: number }).id;
    const refused = await colleague.http.post('/api/time-entries', entryOf({ date: '2026-03-13' }));
    expect(refused.status).toBe(403);
    expect((refused.body as ErrorBody).message).toBe(
      'Vous ne pouvez pointer que vos propres heures : demandez à votre chef d’équipe.',
    );
    await created(colleague.http, { workerId: own, date: '2026-03-13' });
    const read = (await company.http.get(`/api/workers/${own}`)).body as Record<string, unknown>;
    expect((await company.http.put(`/api/workers/${own}`, { ...read, teamLead: true })).status).toBe(200);
    await created(colleague.http, { date: '2026-03-13' });
  });

  it('closes a validated week to everyone but an administrator', async () => {
    const entry = await created(colleague.http, { workerId: plaquisteId, date: '2026-03-17', hours: 4 });
    expect((await colleague.http.post('/api/time-entries/lock', { weekStart: '2026-03-16' })).status).toBe(
      403,
    );
    const tuesday = await company.http.post('/api/time-entries/lock', { weekStart: '2026-03-17' });
    expect(tuesday.status).toBe(400);
    expect(detailsOf(tuesday.body).weekStart).toBe('Choisissez le lundi de la semaine à valider');
    const locked = await company.http.post('/api/time-entries/lock', { weekStart: '2026-03-16' });
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ weekStart: '2026-03-16', locked: true });
    const message =
      'La semaine du 16/03/2026 est validée : seul un administrateur peut encore modifier ses heures.';
    const create = await colleague.http.post(
      '/api/time-entries',
      entryOf({ workerId: plaquisteId, date: '2026-03-18' }),
    );
    expect([create.status, (create.body as ErrorBody).message]).toEqual([409, message]);
    const update = await colleague.http.put(
      `/api/time-entries/${entry.id}`,
      entryOf({ workerId: plaquisteId, date: '2026-03-17', hours: 5 }),
    );
    expect([update.status, (update.body as ErrorBody).message]).toEqual([409, message]);
    const remove = await colleague.http.delete(`/api/time-entries/${entry.id}`);
    expect(remove.status).toBe(409);
    // Moving an entry of an open week into the validated one is refused as well.
    const open = await created(colleague.http, { workerId: plaquisteId, date: '2026-03-23', hours: 2 });
    const moved = await colleague.http.put(
      `/api/time-entries/${open.id}`,
      entryOf({ workerId: plaquisteId, date: '2026-03-19', hours: 2 }),
    );
    expect(moved.status).toBe(409);
    const [listed] = await entriesOf(`workerId=${plaquisteId}&from=2026-03-17&to=2026-03-17`);
    expect(listed).toMatchObject({ hours: '4.00', locked: true });
    const corrected = await company.http.put(
      `/api/time-entries/${entry.id}`,
      entryOf({ workerId: plaquisteId, date: '2026-03-17', hours: 5 }),
    );
    expect(corrected.status).toBe(200);
    const locks = await colleague.http.get('/api/time-entries/locks?from=2026-03-01&to=2026-03-31');
    expect(locks.body).toEqual([expect.objectContaining({ weekStart: '2026-03-16', locked: true })]);
    expect(
      (await company.http.post('/api/time-entries/lock', { weekStart: '2026-03-16', locked: false })).status,
    ).toBe(200);
    expect((await colleague.http.delete(`/api/time-entries/${entry.id}`)).status).toBe(204);
    expect((await storedDayTotals(company.companyId, plaquisteId, ['2026-03-17'])).get('2026-03-17')).toBe(0);
  });

  it('lists by chantier, by worker, both, by dates, most recent first, page by page', async () => {
    const site = await addProject(company.companyId, company.clientId, { name: 'Liste' });
    for (const [date, workerId] of [
      ['2026-04-01', maconId],
      ['2026-04-02', plaquisteId],
      ['2026-04-03', maconId],
      ['2026-04-04', maconId],
    ] as const) {
      await created(company.http, { projectId: site.id, workerId, date, hours: 2 });
    }
    const dates = (entries: Entry[]) => entries.map((entry) => entry.date);
    expect(dates(await entriesOf(`projectId=${site.id}`))).toEqual([
      '2026-04-04',
      '2026-04-03',
      '2026-04-02',
      '2026-04-01',
    ]);
    expect(dates(await entriesOf(`projectId=${site.id}&workerId=${plaquisteId}`))).toEqual(['2026-04-02']);
    expect(dates(await entriesOf(`projectId=${site.id}&from=2026-04-02&to=2026-04-03`))).toEqual([
      '2026-04-03',
      '2026-04-02',
    ]);
    const first = await company.http.get(`/api/time-entries?projectId=${site.id}&limit=3`);
    expect(dates(first.body as Entry[])).toEqual(['2026-04-04', '2026-04-03', '2026-04-02']);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const rest = await company.http.get(
      `/api/time-entries?projectId=${site.id}&limit=3&cursor=${cursor ?? ''}`,
    );
    expect(dates(rest.body as Entry[])).toEqual(['2026-04-01']);
    expect(rest.headers.get('x-next-cursor')).toBeNull();
    // Another company sees none of them, and cannot read them through a cursor.
    expect((await other.http.get(`/api/time-entries?projectId=${site.id}`)).body).toEqual([]);
    expect(
      (await other.http.get(`/api/time-entries?projectId=${site.id}&cursor=${cursor ?? ''}`)).status,
    ).toBe(400);
  });

  it('keeps a chantier with hours from being deleted', async () => {
    const site = await addProject(company.companyId, company.clientId, { name: 'À garder' });
    await created(company.http, { projectId: site.id, date: '2026-04-06', hours: 1 });
    const refused = await company.http.delete(`/api/projects/${site.id}`);
    expect(refused.status).toBe(409);
    expect((refused.body as ErrorBody).message).toBe(
      "Ce projet est utilisé par 1 saisie d'heures : supprimez-la ou modifiez-la d'abord.",
    );
  });
});
