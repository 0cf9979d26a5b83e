import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '../support/fixtures.js';
import { auditScreen } from '../support/accessibility.js';
import { expectNoHorizontalOverflow, navigateTo } from '../support/accounts.js';
import { legalProfile, registerCompany, write } from '../support/company.js';
import { euros, post, type Issued } from '../support/e-invoices.js';
import { chooseOption } from '../support/select.js';

/**
 * Issue 31 as the company's administrator lives it: two invoices issued (1 200,00 € and
 * 3 000,00 € TTC); the bank's CAMT.053 of the day brings a transfer naming the first for its exact
 * amount, a transfer naming the second for part of it, and a bank fee. On « Rapprochement
 * bancaire » the first is certain (« Tout valider »), the second a suggestion confirmed by hand (a
 * partial payment), the fee left; the first invoice is then paid. On Finances, « Export comptable »
 * of the month sums up each journal and its FEC's bank journal books both payments. The phone
 * (360 px) picks the file and reads every card and the full-screen dialog without sideways scrolling.
 */

const PHONE = { width: 360, height: 740 };

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'mobile') await page.setViewportSize(PHONE);
});

/** Today in France, `YYYY-MM-DD`. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

/** A day's statement of the company's account (camt.053.001.08): each entry [amount, CRDT|DBIT, remittance]. */
function camt053(iban: string, entries: [string, 'CRDT' | 'DBIT', string][]): string {
  const day = today();
  const ntries = entries
    .map(
      ([amount, side, remittance], index) => `
      <Ntry>
        <NtryRef>${index + 1}</NtryRef>
        <Amt Ccy="EUR">${amount}</Amt>
        <CdtDbtInd>${side}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${day}</Dt></BookgDt>
        <ValDt><Dt>${day}</Dt></ValDt>
        <AcctSvcrRef>E2E-${Date.now()}-${index}</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Amt Ccy="EUR">${amount}</Amt>
          <CdtDbtInd>${side}</CdtDbtInd>
          <RmtInf><Ustrd>${remittance}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
        <AddtlNtryInf>${side === 'CRDT' ? 'VIR SEPA RECU' : 'PRLV'} ${remittance}</AddtlNtryInf>
      </Ntry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>E2E-${Date.now()}</MsgId><CreDtTm>${day}T20:00:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>RELEVE-${day}</Id>
      <CreDtTm>${day}T20:00:00+01:00</CreDtTm>
      <Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>${ntries}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

async function issueInvoice(page: Page, clientId: string, title: string, unitPrice: string): Promise<Issued> {
  const draft = await post<Issued>(page.request, '/api/invoices', {
    clientId,
    title,
    lines: [{ description: 'Couverture', quantity: '1', unitPrice, vatRate: '20.00' }],
  });
  return post<Issued>(page.request, `/api/invoices/${draft.id}/send`, { version: draft.version });
}

test('Rapprochement bancaire and Export comptable: a statement imported, its payments confirmed, the FEC’s bank journal @phone', async ({
  page,
}, testInfo) => {
  // Two invoices issued, an import, two payments, an export job and its download: on a loaded
  // 2-core machine such journeys take close to two minutes (the default is one).
  test.setTimeout(150_000);
  const phone = testInfo.project.name === 'mobile';
  await registerCompany(page.request, `banque-${testInfo.project.name}`);
  const clientId = await write(page.request, 'post', '/api/clients', {
    name: 'Syndic Horizon',
    email: 'compta@syndic-horizon.fr',
  });
  const first = await issueInvoice(page, clientId, 'Toiture bâtiment A', '1000.00');
  const second = await issueInvoice(page, clientId, 'Toiture bâtiment B', '2500.00');
  const statement = testInfo.outputPath('releve.xml');
  await writeFile(
    statement,
    camt053(legalProfile.iban, [
      ['1200.00', 'CRDT', `REGLEMENT FACTURE ${first.number}`],
      ['1000.00', 'CRDT', `ACOMPTE SUR ${second.number}`],
      ['12.40', 'DBIT', 'FRAIS TENUE DE COMPTE'],
    ]),
  );

  await page.goto('/bank');
  await expect(page.getByRole('heading', { name: 'Rapprochement bancaire', exact: true })).toBeVisible();
  if (phone) {
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Importer un relevé' }).tap();
    await (await choosing).setFiles(statement);
  } else {
    await page.getByLabel('Relevé de compte (CAMT.053, OFX ou CSV)').setInputFiles(statement);
  }
  await expect(page.getByText('3 lignes importées', { exact: true })).toBeVisible();
  const certain = page.getByRole('region', { name: /^Correspondances certaines/ });
  const suggested = page.getByRole('region', { name: /^Suggestions à vérifier/ });
  const left = page.getByRole('region', { name: /^Sans correspondance/ });
  await expect(certain.getByRole('heading')).toHaveText('Correspondances certaines (1)');
  await expect(certain).toContainText(first.number);
  await expect(suggested.getByRole('heading')).toHaveText('Suggestions à vérifier (1)');
  await expect(suggested).toContainText(second.number);
  await expect(left.getByRole('heading')).toHaveText('Sans correspondance (1)');
  await expect(left).toContainText('FRAIS TENUE DE COMPTE');
  await auditScreen(page, testInfo, 'bank-to-match');
  if (phone) await expectNoHorizontalOverflow(page);

  await certain.getByRole('button', { name: 'Tout valider' }).click();
  await expect(page.getByText('1 paiement enregistré', { exact: true })).toBeVisible();
  await expect(certain.getByRole('heading')).toHaveText('Correspondances certaines (0)');
  await suggested.getByRole('button', { name: /Valider$/ }).click();
  await expect(suggested.getByRole('heading')).toHaveText('Suggestions à vérifier (0)');
  await expect(left.getByRole('heading')).toHaveText('Sans correspondance (1)');
  await page.getByRole('tab', { name: 'Rapprochées' }).click();
  const matched = page.getByRole('tabpanel', { name: 'Rapprochées' });
  await expect(matched.getByText(new RegExp(`Rapprochée de ${first.number}`))).toBeVisible();
  await expect(matched.getByText(new RegExp(`Rapprochée de ${second.number}`))).toBeVisible();
  // The other tab's panel: the page around it is the 'bank-to-match' audit above.
  await auditScreen(page, testInfo, 'bank-matched', { only: matched });

  // The invoices as Facturation shows them: the first paid, the second waiting for 2 000,00 €. This
  // screen and Finances are opened from the sidebar: the SPA has not read them since it loaded.
  await navigateTo(page, '/invoicing');
  const waiting = page.getByRole('article', { name: 'Toiture bâtiment B' });
  await expect(waiting).toContainText('Reste à payer');
  await expect(waiting).toContainText(euros('2000.00'));
  await page.getByRole('tab', { name: /^Payées/ }).click();
  await expect(page.getByRole('article', { name: 'Toiture bâtiment A' })).toContainText('Payée');

  await navigateTo(page, '/finances');
  await page.getByRole('button', { name: 'Export comptable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export comptable' });
  const month = new Intl.DateTimeFormat('fr-FR', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  }).format(new Date());
  // « Mois » names both the kind of period (a radio) and the month's list: the list's own field.
  const monthField = dialog.locator('.ant-form-item').filter({ has: page.getByRole('combobox') });
  await chooseOption(page, monthField, 'Mois', month);
  await dialog.getByRole('button', { name: "Lancer l'export" }).click();
  const journals = dialog.getByRole('list', { name: 'Résumé par journal' });
  // The job reads the company's documents in the server's process: a few seconds on a busy machine.
  await expect(journals).toBeVisible({ timeout: 30_000 });
  await expect(journals.getByRole('listitem').filter({ hasText: 'VE · Ventes' })).toContainText(
    '2 écritures',
  );
  await expect(journals.getByRole('listitem').filter({ hasText: 'BQ · Banque' })).toContainText(
    '2 écritures',
  );
  await auditScreen(page, testInfo, 'accounting-export', { only: '.ant-modal-wrap' });
  if (phone) {
    await expectNoHorizontalOverflow(page);
    return;
  }

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Télécharger le FEC' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^\d{9}FEC\d{8}\.txt$/);
  const fec = new TextDecoder('iso-8859-15').decode(await readFile(await download.path()));
  const rows = fec
    .trimEnd()
    .split(/\r?\n/)
    .map((row) => row.split('\t'));
  expect(rows[0]?.slice(0, 3)).toEqual(['JournalCode', 'JournalLib', 'EcritureNum']);
  // The bank journal: 512000 debited by each payment, on the invoice's number.
  const bank = rows.filter((row) => row[0] === 'BQ' && row[4] === '512000');
  expect(bank.map((row) => [row[8], row[11], row[12]]).sort()).toEqual(
    [
      [first.number, '1200,00', '0,00'],
      [second.number, '1000,00', '0,00'],
    ].sort(),
  );
});
