import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json } from '../../../testing/api-stub';
import { toasts } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import {
  billingAfterS1,
  billingBeforeS1,
  billingRoute,
  dialogTitled,
  draftS1,
  lineA,
  lineB,
  signedReport,
  situation1,
  situationsRoute,
  stubBilling,
} from '../testing/billing';
import { card, pick, renderPage, shownOptions, writes } from '../testing/quotes';

async function openNewSituation(user: ReturnType<typeof setupUser>) {
  await user.click(
    within(await card('DEV-2026-0001')).getByRole('button', { name: 'Facturation du marché' }),
  );
  const billing = await dialogTitled('Facturation du marché : devis DEV-2026-0001');
  await user.click(await within(billing).findByRole('button', { name: 'Nouvelle situation' }));
  return dialogTitled('Nouvelle situation : devis DEV-2026-0001');
}

/** Replaces what a percent field holds by `text`. */
async function retype(user: ReturnType<typeof setupUser>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

function submitButton(dialog: HTMLElement) {
  return within(dialog).getByRole('button', { name: 'Créer la situation' });
}

describe('Devis: Nouvelle situation', () => {
  it('previews S1 of the worked example to the cent, then creates it with the percent of each line', async () => {
    const user = setupUser();
    const api = stubBilling(billingBeforeS1, { [situationsRoute]: json(draftS1, 201) });
    renderPage();

    const dialog = await openNewSituation(user);
    // Every line where it is: nothing to invoice yet.
    expect(
      within(dialog).getByText(
        'Cette situation ne facture rien : augmentez le pourcentage cumulé d’au moins une ligne.',
      ),
    ).toBeInTheDocument();
    expect(submitButton(dialog)).toBeDisabled();

    await retype(user, within(dialog).getByLabelText('% cumulé Lot A'), '30');

    const lot = within(within(dialog).getByRole('list', { name: 'Lignes de la situation' })).getByRole(
      'listitem',
      { name: 'Lot A' },
    );
    await waitFor(() =>
      expect(lot).toHaveTextContent(/% précédent0\s%% cumulé30\s%Cette situation HT12\s000,00\s€/),
    );
    const totals = within(dialog).getByLabelText('Montants de la situation');
    expect(totals).toHaveTextContent(
      /^Travaux HT12\s000,00\s€Déduction des acomptes HT−\s1\s200,00\s€Total HT10\s800,00\s€TVA2\s160,00\s€Total TTC12\s960,00\s€Retenue de garantie \(5\s%\)−\s720,00\s€Net à payer12\s240,00\s€$/,
    );
    expect(within(dialog).queryByRole('list', { name: 'Problèmes de la situation' })).toBeNull();

    await user.click(submitButton(dialog));

    expect(await toasts().findByText('Situation n° 1 créée (brouillon)')).toBeInTheDocument();
    expect(writes(api)).toEqual([situationsRoute]);
    expect(api.calls(situationsRoute)[0]?.body).toEqual({
      lines: [
        { itemId: lineA, cumulativePercent: '30.00' },
        { itemId: lineB, cumulativePercent: '0.00' },
      ],
    });
    // The billing is read again: the new draft is in it.
    await waitFor(() => expect(api.calls(billingRoute).length).toBeGreaterThanOrEqual(2));
  }, 30_000);

  it('refuses a percent above 100 % or below what is already invoiced, and sends nothing', async () => {
    const user = setupUser();
    const api = stubBilling(billingAfterS1);
    renderPage();

    const dialog = await openNewSituation(user);
    // Prefilled with what is invoiced to date.
    expect(within(dialog).getByLabelText('% cumulé Lot A')).toHaveValue('30');

    await retype(user, within(dialog).getByLabelText('% cumulé Lot A'), '101');
    expect(
      await within(dialog).findByText('« Lot A » : le pourcentage cumulé ne peut pas dépasser 100 %.'),
    ).toBeInTheDocument();
    expect(submitButton(dialog)).toBeDisabled();

    await retype(user, within(dialog).getByLabelText('% cumulé Lot A'), '20');
    expect(
      await within(dialog).findByText(
        /« Lot A » : le pourcentage cumulé ne peut pas être inférieur à celui déjà facturé \(30\s%\)\./,
      ),
    ).toBeInTheDocument();
    expect(submitButton(dialog)).toBeDisabled();

    await user.click(submitButton(dialog));
    expect(writes(api)).toEqual([]);
  }, 30_000);

  it('bills one percent for every line (S2 of the example from 75 %)', async () => {
    const user = setupUser();
    const api = stubBilling(billingAfterS1, {
      [situationsRoute]: json({ ...draftS1, situation: { ...draftS1.situation, index: 2 } }, 201),
    });
    renderPage();

    const dialog = await openNewSituation(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Même % pour toutes les lignes' }));
    await user.type(within(dialog).getByLabelText('Pourcentage cumulé de toutes les lignes (%)'), '75');

    // A 30 → 75 % and B 0 → 75 %: 18 000,00 + 7 500,00 of works, 10 % of them deducted.
    const totals = within(dialog).getByLabelText('Montants de la situation');
    await waitFor(() => expect(totals).toHaveTextContent(/^Travaux HT25\s500,00\s€/));
    expect(totals).toHaveTextContent(/Déduction des acomptes HT−\s2\s550,00\s€Total HT22\s950,00\s€/);

    await user.click(submitButton(dialog));
    expect(await toasts().findByText('Situation n° 2 créée (brouillon)')).toBeInTheDocument();
    expect(api.calls(situationsRoute)[0]?.body).toEqual({ cumulativePercent: '75.00' });
  }, 30_000);

  it("takes the percent of a signed progress report of the quote's project", async () => {
    const user = setupUser();
    const report = signedReport('8a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', 50);
    const api = stubBilling(billingBeforeS1, {
      'GET /api/progress-reports': json([
        report,
        { ...signedReport('8a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a02', 90), status: 'validated' },
        signedReport('8a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a03', 80, '2a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1aff'),
      ]),
      [situationsRoute]: json(draftS1, 201),
    });
    renderPage();

    const dialog = await openNewSituation(user);
    await user.click(within(dialog).getByRole('radio', { name: "Depuis un état d'avancement signé" }));
    expect(within(dialog).getByText("Choisissez un état d'avancement signé")).toBeInTheDocument();
    expect(submitButton(dialog)).toBeDisabled();

    await user.click(within(dialog).getByLabelText("État d'avancement signé"));
    // Only the signed reports of the quote's project.
    await waitFor(() => expect(shownOptions()).toHaveLength(1));
    expect(shownOptions()[0]).toMatch(/^Avancement 50 % : 50 % \(signé le 24\/11\/2026/);
    await pick(user, shownOptions()[0] ?? '');

    const totals = within(dialog).getByLabelText('Montants de la situation');
    // 50 % of 50 000,00: 25 000,00 of works.
    await waitFor(() => expect(totals).toHaveTextContent(/^Travaux HT25\s000,00\s€/));
    await user.click(submitButton(dialog));
    await waitFor(() => expect(api.calls(situationsRoute)).toHaveLength(1));
    expect(api.calls(situationsRoute)[0]?.body).toEqual({ progressReportId: report.id });
  }, 30_000);

  it('says when the project has no signed progress report', async () => {
    const user = setupUser();
    stubBilling(billingBeforeS1);
    renderPage();

    const dialog = await openNewSituation(user);
    await user.click(within(dialog).getByRole('radio', { name: "Depuis un état d'avancement signé" }));
    expect(
      await within(dialog).findByText(/Aucun état d'avancement signé pour le projet de ce devis/),
    ).toBeInTheDocument();
    expect(submitButton(dialog)).toBeDisabled();
  }, 30_000);

  it("shows the server's refusal in the dialog, which stays open", async () => {
    const user = setupUser();
    const refused = 'Une situation de ce devis est déjà en brouillon : modifiez-la ou envoyez-la.';
    stubBilling(billingBeforeS1, { [situationsRoute]: apiError(409, 'conflict', refused) });
    renderPage();

    const dialog = await openNewSituation(user);
    await retype(user, within(dialog).getByLabelText('% cumulé Lot B'), '40');
    await user.click(submitButton(dialog));

    expect(await within(dialog).findByText(refused)).toBeInTheDocument();
    expect(await toasts().findByText(refused)).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  }, 30_000);

  it('edits the draft situation: new percentages sent with the version, never its lines', async () => {
    const user = setupUser();
    const draftRoute = `GET /api/invoices/${draftS1.id}`;
    const putRoute = `PUT /api/invoices/${draftS1.id}`;
    const api = stubBilling(
      {
        ...billingBeforeS1,
        draftSituationId: draftS1.id,
        invoices: [
          ...billingBeforeS1.invoices,
          {
            ...situation1,
            id: draftS1.id,
            status: 'draft',
            number: undefined,
            issueDate: undefined,
            version: draftS1.version,
          },
        ],
      },
      {
        [draftRoute]: json(draftS1),
        [putRoute]: json({ ...draftS1, version: 2 }),
      },
    );
    renderPage();

    await user.click(
      within(await card('DEV-2026-0001')).getByRole('button', { name: 'Facturation du marché' }),
    );
    const billing = await dialogTitled('Facturation du marché : devis DEV-2026-0001');
    await user.click(await within(billing).findByRole('button', { name: 'Modifier la situation' }));
    const dialog = await dialogTitled('Modifier la situation : devis DEV-2026-0001');
    // The draft's percentages.
    const lotA = await within(dialog).findByLabelText('% cumulé Lot A');
    expect(lotA).toHaveValue('30');
    await retype(user, lotA, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Situation n° 1 modifiée (brouillon)')).toBeInTheDocument();
    expect(writes(api)).toEqual([putRoute]);
    const body = api.calls(putRoute)[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      clientId: draftS1.clientId,
      quoteId: draftS1.quoteId,
      title: draftS1.title,
      reverseCharge: false,
      situation: {
        lines: [
          { itemId: lineA, cumulativePercent: '40.00' },
          { itemId: lineB, cumulativePercent: '0.00' },
        ],
      },
      version: 1,
    });
  }, 30_000);
});
