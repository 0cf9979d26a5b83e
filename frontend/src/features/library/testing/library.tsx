import { MemoryRouter } from 'react-router';

import { json, stubApi, type Routes } from '../../../testing/api-stub';
import { renderWithProviders } from '../../../testing/render-app';
import { LibraryPage } from '../components/library-page';

/** Records and helpers of the Bibliothèque's tests: LIBRARY.md's worked example. */

export const companyId = '0f0e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01';
export const stamps = {
  companyId,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  version: 1,
};
export const supplier = { id: '5a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', name: 'Point P Lyon' };

export const parpaing = {
  ...stamps,
  id: '6a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01',
  resourceType: 'materials' as const,
  reference: 'PAR2050',
  designation: 'Parpaing 20×20×50',
  unit: 'u',
  unitCost: '1.48',
  supplierId: supplier.id,
  supplier,
  family: 'Gros œuvre › Maçonnerie',
  status: 'active' as const,
};
export const mortier = {
  ...stamps,
  id: '6a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a02',
  resourceType: 'materials' as const,
  designation: 'Mortier bâtard',
  unit: 'm³',
  unitCost: '142.60',
  family: 'Gros œuvre › Maçonnerie',
  status: 'retired' as const,
};
export const macon = {
  ...stamps,
  id: '6a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a03',
  resourceType: 'labor' as const,
  designation: 'Maçon N3P2',
  unit: 'h',
  unitCost: '38.75',
  family: "Main-d'œuvre",
  status: 'active' as const,
};

export const mur = {
  ...stamps,
  id: '7a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01',
  code: 'MAC-020',
  designation: 'Mur en parpaings de 20',
  unit: 'm²',
  family: 'Gros œuvre › Maçonnerie',
  unitCost: '50.83',
  resourceType: 'labor' as const,
  levels: 1,
  components: [
    {
      kind: 'article' as const,
      articleId: parpaing.id,
      quantity: '10.000',
      lossRate: '5.00',
      designation: parpaing.designation,
      unit: 'u',
      resourceType: 'materials' as const,
      reference: 'PAR2050',
      unitCost: '1.48',
      cost: '15.54',
    },
    {
      kind: 'article' as const,
      articleId: mortier.id,
      quantity: '0.015',
      lossRate: '10.00',
      designation: mortier.designation,
      unit: 'm³',
      resourceType: 'materials' as const,
      unitCost: '142.60',
      cost: '2.35',
    },
    {
      kind: 'article' as const,
      articleId: macon.id,
      quantity: '0.850',
      designation: macon.designation,
      unit: 'h',
      resourceType: 'labor' as const,
      unitCost: '38.75',
      cost: '32.94',
    },
  ],
};

export const families = [
  {
    name: 'Gros œuvre',
    path: 'Gros œuvre',
    articles: 2,
    ouvrages: 1,
    children: [
      { name: 'Maçonnerie', path: 'Gros œuvre › Maçonnerie', articles: 2, ouvrages: 1, children: [] },
    ],
  },
  { name: "Main-d'œuvre", path: "Main-d'œuvre", articles: 1, ouvrages: 0, children: [] },
];

/** A library search result as `GET /api/library/search` answers it. */
export function searchItem(record: typeof parpaing | typeof mortier | typeof macon | typeof mur) {
  const ouvrage = 'components' in record;
  return {
    kind: ouvrage ? ('ouvrage' as const) : ('article' as const),
    id: record.id,
    designation: record.designation,
    unit: record.unit,
    unitCost: record.unitCost,
    family: record.family,
    resourceType: record.resourceType,
    ...(ouvrage ? { code: record.code } : 'reference' in record ? { reference: record.reference } : {}),
  };
}

export const ARTICLES = 'GET /api/library/articles?limit=50';
export const OUVRAGES = 'GET /api/library/ouvrages?limit=50';

export function stub(overrides: Routes = {}) {
  return stubApi({
    [ARTICLES]: json([parpaing, mortier, macon]),
    [OUVRAGES]: json([mur]),
    'GET /api/library/families': json(families),
    'GET /api/suppliers': json([{ ...stamps, ...supplier, country: 'France', specialties: [] }]),
    ...overrides,
  });
}

export function renderPage(path = '/library') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <LibraryPage title="Bibliothèque" subtitle="Articles, ouvrages et tarifs fournisseurs" />
    </MemoryRouter>,
  );
}
