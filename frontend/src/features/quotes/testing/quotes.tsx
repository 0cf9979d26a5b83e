import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes as RouterRoutes } from 'react-router';

import { json, stubApi, type Routes } from '../../../testing/api-stub';
import { renderWithProviders } from '../../../testing/render-app';
import { QuotesPage } from '../components/quotes-page';

/** Records and helpers of the Devis screen's tests. */

export const companyId = '0f0e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01';
export const client = { id: '1a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', name: 'SCI Les Tilleuls' };
export const project = { id: '2a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', name: 'Maison Dupont' };
export const stamps = {
  companyId,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

export const draft = {
  ...stamps,
  id: '3a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01',
  number: 'DEV-2026-0002',
  status: 'draft',
  title: 'Rénovation salle de bains',
  description: 'Dépose et pose',
  clientId: client.id,
  projectId: project.id,
  overheadPercentage: '10.00',
  marginPercentage: '15.00',
  subtotalAmount: '405.00',
  overheadAmount: '40.50',
  marginAmount: '66.83',
  totalAmount: '1512.33',
  vatBreakdown: [{ rate: '20.00', base: '1512.33', amount: '302.47' }],
  vatAmount: '302.47',
  totalWithVat: '1814.80',
  validUntil: '2026-12-31',
  version: 3,
  client,
  project,
};
export const sent = {
  ...draft,
  id: '3a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a02',
  number: 'DEV-2026-0001',
  status: 'sent',
  title: 'Extension garage',
  description: undefined,
  projectId: undefined,
  project: undefined,
  totalAmount: '1500.00',
  vatBreakdown: [
    { rate: '20.00', base: '1000.00', amount: '200.00' },
    { rate: '10.00', base: '500.00', amount: '50.00' },
  ],
  vatAmount: '250.00',
  totalWithVat: '1750.00',
  validUntil: undefined,
  sentAt: '2026-11-22T09:12:00.000Z',
  version: 2,
};
export const validated = {
  ...sent,
  status: 'validated',
  acceptedAt: '2026-11-20T11:00:00.000Z',
  signerName: 'Paul Martin',
  validatedAt: '2026-11-20T11:00:00.000Z',
  version: 3,
};

export const item = (id: string, changes: Record<string, unknown>) => ({
  ...stamps,
  id,
  quoteId: draft.id,
  resourceType: 'materials',
  vatRate: '20.00',
  sortOrder: 0,
  ...changes,
});

export function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/quotes?limit=50': json([draft, sent]),
    'GET /api/clients': json([{ ...stamps, ...client, country: 'France', version: 1 }]),
    'GET /api/projects': json([
      { ...stamps, ...project, clientId: client.id, status: 'planning', progress: 0, version: 1 },
    ]),
    ...overrides,
  });
}

export function renderPage() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/quotes']}>
      <RouterRoutes>
        <Route path="/quotes" element={<QuotesPage title="Devis" subtitle="Devis de vos clients" />} />
        <Route path="/invoicing" element={<h1>Écran Facturation</h1>} />
      </RouterRoutes>
    </MemoryRouter>,
  );
}

export async function card(number: string) {
  return (await screen.findByRole('article', { name: `Devis ${number}` })) as HTMLElement;
}

export { fill, pick, replace } from '../../../testing/user';

/** The options of the select popup open now. */
export function shownOptions() {
  const popups = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const popup = popups[popups.length - 1];
  return [...(popup?.querySelectorAll('.ant-select-item-option') ?? [])].map((option) =>
    option.getAttribute('title'),
  );
}

/** The writes the SPA sent, in order ("PUT /api/quotes/…"). */
export function writes(api: ReturnType<typeof stub>) {
  return api.sent
    .filter((request) => request.method !== 'GET')
    .map((request) => `${request.method} ${request.path}`);
}

export async function findDialog(title: string) {
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText(title);
  return dialog;
}

/** `GET /api/company`: a complete profile with `changes` (e.g. its default VAT rate, its VAT regime). */
export function companyProfile(changes: Record<string, unknown> = {}) {
  return {
    id: companyId,
    createdAt: '2026-01-15T09:30:00.000Z',
    updatedAt: '2026-01-15T09:30:00.000Z',
    version: 7,
    name: 'Durand Bâtiment',
    country: 'France',
    vatRegime: 'normal',
    vatOnDebits: false,
    paymentTermDays: 30,
    latePenaltyRate: "trois fois le taux d'intérêt légal",
    earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
    quoteValidityDays: 30,
    defaultVatRate: '20.00',
    defaultRetentionRate: '5.00',
    status: 'active',
    subscriptionPlan: 'premium',
    maxUsers: 5,
    missingFields: { quote: [], invoice: [] },
    ...changes,
  };
}
