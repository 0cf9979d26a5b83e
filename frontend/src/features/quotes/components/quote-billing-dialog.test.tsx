import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json } from '../../../testing/api-stub';
import { toasts } from '../../../testing/render-app';
import { replace, setupUser } from '../../../testing/user';
import {
  billingAfterS1,
  billingBeforeS1,
  billingRoute,
  dialogTitled,
  draftS1,
  situation1,
  stubBilling,
} from '../testing/billing';
import { card, fill, renderPage, writes } from '../testing/quotes';
import { localToday } from './accept-quote-dialog';

const releaseRoute = `POST /api/invoices/${situation1.id}/retention/release`;

async function openBilling(user: ReturnType<typeof setupUser>) {
  await user.click(
    within(await card('DEV-2026-0001')).getByRole('button', { name: 'Facturation du marché' }),
  );
  const dialog = await dialogTitled('Facturation du marché : devis DEV-2026-0001');
  await within(dialog).findByText('Avancement par ligne');
  return dialog;
}

describe('Devis: Facturation du marché', () => {
  it('shows the contract, each line, the deposits, the retention and every invoice of the quote', async () => {
    const user = setupUser();
    stubBilling(billingAfterS1);
    renderPage();

    const dialog = await openBilling(user);
    const contract = within(dialog).getByLabelText('Marché');
    expect(contract).toHaveTextContent(/Marché HT50\s000,00\s€Marché TTC60\s000,00\s€/);
    expect(contract).toHaveTextContent(/Facturé à date HT12\s000,00\s€Reste à facturer HT38\s000,00\s€/);

    const lineA = within(within(dialog).getByRole('list', { name: 'Lignes du marché' })).getByRole(
      'listitem',
      { name: 'Lot A' },
    );
    expect(lineA).toHaveTextContent(
      /Marché HT40\s000,00\s€% cumulé30\s%Facturé à date HT12\s000,00\s€Reste HT28\s000,00\s€/,
    );

    expect(within(dialog).getByRole('region', { name: 'Acomptes' })).toHaveTextContent(
      /Acomptes facturés HT5\s000,00\s€Déduits par les situations HT1\s200,00\s€/,
    );
    expect(within(dialog).getByRole('region', { name: 'Retenue de garantie' })).toHaveTextContent(
      /Taux5\s%Retenue TTC720,00\s€Libérée0,00\s€Reste à libérer720,00\s€/,
    );

    const invoices = within(dialog).getByRole('list', { name: 'Factures du devis' });
    const deposit = within(invoices).getByRole('article', { name: 'Acompte FAC-2026-0001' });
    expect(deposit).toHaveTextContent('Payée');
    expect(deposit).toHaveTextContent(/Total TTC6\s000,00\s€/);
    const s1 = within(invoices).getByRole('article', { name: 'Situation n° 1 FAC-2026-0002' });
    expect(s1).toHaveTextContent('Envoyée');
    expect(s1).toHaveTextContent(
      /Total TTC12\s960,00\s€Retenue de garantie720,00\s€Net à payer12\s240,00\s€Payé0,00\s€/,
    );
    expect(within(s1).getByRole('button', { name: 'Aperçu de la facture FAC-2026-0002' })).toBeEnabled();
    // An issued invoice is neither sent again nor deleted.
    expect(within(s1).queryByRole('button', { name: /Supprimer/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Nouvelle situation' })).toBeEnabled();
  }, 30_000);

  it('says why no situation can be made now, and offers no release when nothing is held', async () => {
    const user = setupUser();
    const reason = "Le devis est entièrement facturé : aucune nouvelle situation n'est possible.";
    stubBilling({ ...billingBeforeS1, situationBlockedReason: reason });
    renderPage();

    const dialog = await openBilling(user);
    const button = within(dialog).getByRole('button', { name: 'Nouvelle situation' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(reason);
    expect(within(dialog).queryByRole('button', { name: 'Libérer la retenue' })).toBeNull();
  });

  it('releases the retention held on the day given, then reads the billing again', async () => {
    const user = setupUser();
    const api = stubBilling(billingAfterS1, {
      [releaseRoute]: json({
        ...draftS1,
        id: situation1.id,
        status: 'sent',
        number: situation1.number,
        version: 3,
        retentionReleasedAt: '2026-11-24',
      }),
    });
    renderPage();

    const dialog = await openBilling(user);
    await user.click(within(dialog).getByRole('button', { name: 'Libérer la retenue' }));
    const release = await dialogTitled('Libérer la retenue de garantie');
    expect(release).toHaveTextContent(/La retenue de garantie de 720,00\s€ TTC/);
    const day = within(release).getByLabelText('Date de la libération');
    expect(day).toHaveValue(localToday().split('-').reverse().join('/'));
    await replace(user, day, '24/11/2026');
    const reads = api.calls(billingRoute).length;
    api.answer(
      billingRoute,
      json({ ...billingAfterS1, retentionReleased: '720.00', retentionOutstanding: '0.00' }),
    );
    await user.click(within(release).getByRole('button', { name: 'Libérer' }));

    expect(await toasts().findByText('Retenue de garantie libérée')).toBeInTheDocument();
    expect(writes(api)).toEqual([releaseRoute]);
    expect(api.calls(releaseRoute)[0]?.body).toEqual({ releasedAt: '2026-11-24', version: 2 });
    await waitFor(() => expect(api.calls(billingRoute).length).toBeGreaterThan(reads));
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Libérer la retenue' })).toBeNull(),
    );
  }, 30_000);

  it("shows the server's refusal of a release and keeps the dialog open", async () => {
    const user = setupUser();
    const refused = 'La retenue de garantie de cette situation est déjà libérée.';
    stubBilling(billingAfterS1, { [releaseRoute]: apiError(409, 'conflict', refused) });
    renderPage();

    const dialog = await openBilling(user);
    await user.click(within(dialog).getByRole('button', { name: 'Libérer la retenue' }));
    const release = await dialogTitled('Libérer la retenue de garantie');
    await user.click(within(release).getByRole('button', { name: 'Libérer' }));

    expect(await toasts().findByText(refused)).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
  }, 30_000);

  it('sends a draft situation from the view with the version read, then reads the billing again', async () => {
    const user = setupUser();
    const sendRoute = `POST /api/invoices/${draftS1.id}/send`;
    const draftEntry = {
      ...situation1,
      id: draftS1.id,
      status: 'draft',
      number: undefined,
      issueDate: undefined,
      version: 4,
    };
    const api = stubBilling(
      {
        ...billingBeforeS1,
        draftSituationId: draftS1.id,
        invoices: [...billingBeforeS1.invoices, draftEntry],
      },
      { [sendRoute]: json({ ...draftS1, status: 'sent', number: 'FAC-2026-0002', version: 5 }) },
    );
    renderPage();

    const dialog = await openBilling(user);
    expect(within(dialog).getByRole('button', { name: 'Modifier la situation' })).toBeEnabled();
    const draftCard = within(dialog).getByRole('article', { name: 'Situation n° 1 (brouillon)' });
    expect(draftCard).toHaveTextContent('Brouillon');
    const reads = api.calls(billingRoute).length;
    api.answer(billingRoute, json(billingAfterS1));
    await user.click(within(draftCard).getByRole('button', { name: 'Envoyer Situation n° 1 (brouillon)' }));
    const confirm = await dialogTitled('Envoyer la facture ?');
    await fill(user, within(confirm).getByLabelText('E-mail du destinataire'), 'compta@tilleuls.fr');
    await user.click(within(confirm).getByRole('button', { name: 'Envoyer' }));

    expect(
      await toasts().findByText('Facture FAC-2026-0002 envoyée à compta@tilleuls.fr'),
    ).toBeInTheDocument();
    expect(writes(api)).toEqual([sendRoute]);
    expect(api.calls(sendRoute)[0]?.body).toEqual({ version: 4, email: 'compta@tilleuls.fr' });
    await waitFor(() => expect(api.calls(billingRoute).length).toBeGreaterThan(reads));
    expect(
      await within(dialog).findByRole('article', { name: 'Situation n° 1 FAC-2026-0002' }),
    ).toBeInTheDocument();
  }, 30_000);

  it('refuses a release dated in the future, and sends nothing', async () => {
    const user = setupUser();
    const api = stubBilling({ ...billingAfterS1, retentionReleasableOn: '2099-11-24' });
    renderPage();

    const dialog = await openBilling(user);
    await user.click(within(dialog).getByRole('button', { name: 'Libérer la retenue' }));
    const release = await dialogTitled('Libérer la retenue de garantie');
    expect(release).toHaveTextContent('La retenue est normalement libérable à partir du 24/11/2099');
    const day = within(release).getByLabelText('Date de la libération');
    await replace(user, day, '01/01/2999');
    await user.click(within(release).getByRole('button', { name: 'Libérer' }));

    expect(
      await within(release).findByText("La date de la libération ne peut pas être postérieure à aujourd'hui"),
    ).toBeInTheDocument();
    expect(writes(api)).toEqual([]);
  }, 30_000);

  it('deletes a draft from the view, then reads the billing again', async () => {
    const user = setupUser();
    const deleteRoute = `DELETE /api/invoices/${draftS1.id}`;
    const draftEntry = {
      ...situation1,
      id: draftS1.id,
      status: 'draft',
      number: undefined,
      issueDate: undefined,
      version: 4,
    };
    const api = stubBilling(
      {
        ...billingBeforeS1,
        draftSituationId: draftS1.id,
        invoices: [...billingBeforeS1.invoices, draftEntry],
      },
      { [deleteRoute]: () => new Response(null, { status: 204 }) },
    );
    renderPage();

    const dialog = await openBilling(user);
    api.answer(billingRoute, json(billingBeforeS1));
    const draftCard = within(dialog).getByRole('article', { name: 'Situation n° 1 (brouillon)' });
    await user.click(within(draftCard).getByRole('button', { name: 'Supprimer Situation n° 1 (brouillon)' }));
    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));

    expect(await toasts().findByText('Brouillon supprimé')).toBeInTheDocument();
    expect(writes(api)).toEqual([deleteRoute]);
    await waitFor(() =>
      expect(within(dialog).queryByRole('article', { name: 'Situation n° 1 (brouillon)' })).toBeNull(),
    );
    expect(within(dialog).getByRole('button', { name: 'Nouvelle situation' })).toBeEnabled();
  }, 30_000);
});
