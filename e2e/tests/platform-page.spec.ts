import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures.js';
import { expectNoHorizontalOverflow } from '../support/accounts.js';
import { auditScreen } from '../support/accessibility.js';
import { legalProfile, registerCompany } from '../support/company.js';

/**
 * The local plateforme agréée's page (`/_pa/`, docs/einvoicing-network.md), as a developer reads it
 * on a computer or a phone: the flows a company submitted through the standard API, with their
 * acknowledgements, and the directory with its credentials; axe-clean, nothing wider than the screen
 * (`@phone`: there its tables scroll inside their own regions).
 */
test('the local platform’s page lists the flows and the directory @phone', async ({
  page,
  request,
}, testInfo) => {
  await registerCompany(request, 'plateforme');
  const siren = legalProfile.siret.slice(0, 9);
  const { paKey } = JSON.parse(
    readFileSync(join(testInfo.project.metadata.dataDir as string, 'secrets.json'), 'utf8'),
  ) as { paKey: string };
  const clientSecret = createHmac('sha256', paKey).update(`pa-local:${siren}`).digest('base64url');

  const token = await request.post('/_pa/auth/token', {
    form: { grant_type: 'client_credentials', client_id: `btp-${siren}`, client_secret: clientSecret },
  });
  expect(token.status()).toBe(200);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const fileName = `statut-${Date.now().toString(36)}.xml`;
  const submitted = await request.post('/_pa/flow-service/v1/flows', {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: {
      flowInfo: {
        name: 'flowInfo.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ name: fileName, flowSyntax: 'CDAR' })),
      },
      // Its own bytes: the platform answers a flow already received (same account and content)
      // with the first one's id, and every e2e company shares one SIREN.
      file: {
        name: fileName,
        mimeType: 'application/xml',
        buffer: Buffer.from(`<statut nom="${fileName}"/>`),
      },
    },
  });
  expect(submitted.status()).toBe(202);
  const { flowId } = (await submitted.json()) as { flowId: string };
  // The platform acknowledges a flow after answering 202: wait for its verdict.
  await expect
    .poll(async () => {
      const flow = await request.get(`/_pa/flow-service/v1/flows/${flowId}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      return ((await flow.json()) as { acknowledgement: { status: string } }).acknowledgement.status;
    })
    .toBe('Error');

  await page.goto('/_pa/');
  await expect(page.getByRole('heading', { level: 1, name: 'Plateforme agréée locale' })).toBeVisible();
  const flows = page.getByRole('table', { name: 'Les flux reçus et émis, du plus récent au plus ancien' });
  const row = flows.getByRole('row').filter({ hasText: fileName });
  // The platform read the file and refused it: its acknowledgement and the reason, in French.
  await expect(row).toContainText('Refusée par la plateforme');
  await expect(row).toContainText("Ce fichier n'est pas un message de statut de facture (CDAR).");
  await expect(row.getByRole('link', { name: `Télécharger ${fileName}` })).toBeVisible();
  const directory = page.getByRole('table', { name: /entreprises de l’annuaire/ });
  await expect(directory.getByRole('row').filter({ hasText: siren })).toContainText(`btp-${siren}`);

  await auditScreen(page, testInfo, 'plateforme-locale');
  await expectNoHorizontalOverflow(page);
});
