/**
 * Every lifecycle message the product produces passes the official CDAR files vendored in
 * `e-invoicing/validation/cdar`: the XSD and the BR-FR-CDV Schematron, with no failed assertion but
 * those flagged `warning` (`../shared/guide/EINVOICING-NETWORK.md`). The statuses a buyer answers
 * (204, 205, 207, 210, 211), the seller's 212 « Encaissée » with its MEN amounts, and those the local
 * platform issues (200, 202, 203, 213). The suite is shown to fail messages that break the rules.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-errors.js';
import { describeValidation } from '../../test-support/factur-x-validation.js';
import { cdarSchemaErrors, cdarStylesheets, validateCdar } from '../../test-support/cdar-validation.js';
import { readCdar } from './cdar-reader.js';
import {
  cdarMessages,
  collectedPaymentMessage,
  writeCdar,
  type CdarInvoiceReference,
  type CdarStatusMessage,
} from './cdar-writer.js';

const seller = { role: 'SE', siren: '812345676', name: 'Bâtir Rhône Construction' } as const;
const buyer = { role: 'BY', siren: '732829320', name: 'Durand & Fils <SARL>' } as const;
const platform = { role: 'WK', platformId: '9901', name: 'Plateforme locale' } as const;
const invoice: CdarInvoiceReference = {
  number: 'FAC-2026-0042',
  issueDate: '2026-11-20',
  typeCode: '380',
  sellerSiren: seller.siren,
  buyerSiren: buyer.siren,
};
const at = new Date('2026-11-25T13:05:09Z');

function fromBuyer(
  fields: Partial<CdarStatusMessage> & Pick<CdarStatusMessage, 'status'>,
): CdarStatusMessage {
  return {
    messageId: `SI-${fields.status}-1`,
    issuedAt: at,
    invoice,
    issuer: buyer,
    recipients: [seller],
    ...fields,
  };
}

function fromPlatform(
  fields: Partial<CdarStatusMessage> & Pick<CdarStatusMessage, 'status'>,
): CdarStatusMessage {
  return {
    messageId: `PA-${fields.status}-1`,
    issuedAt: at,
    invoice,
    issuer: platform,
    recipients: [seller],
    ...fields,
  };
}

const encaissee = collectedPaymentMessage({
  messageId: 'FAC-2026-0042_212_1',
  receivedAt: at,
  amountCents: 100_000,
  vatBreakdown: [
    { rateHundredths: 2000, baseCents: 100_000, amountCents: 20_000 },
    { rateHundredths: 1000, baseCents: 50_000, amountCents: 5_000 },
  ],
  invoice: { ...invoice, buyerSiren: buyer.siren },
  sellerName: seller.name,
  buyerName: buyer.name,
});

const produced: [string, CdarStatusMessage][] = [
  ['204 Prise en charge (buyer)', fromBuyer({ status: '204' })],
  ['205 Approuvée (buyer)', fromBuyer({ status: '205' })],
  [
    '207 En litige with a reason and a comment (buyer)',
    fromBuyer({ status: '207', reasonCode: 'QTE_ERR', reasonText: 'Il manque 2 m² & la plinthe' }),
  ],
  ['210 Refusée with a reason (buyer)', fromBuyer({ status: '210', reasonCode: 'TX_TVA_ERR' })],
  ['211 Paiement transmis (buyer)', fromBuyer({ status: '211' })],
  ['212 Encaissée with MEN per rate (seller)', encaissee],
  ['200 Déposée (platform)', fromPlatform({ status: '200' })],
  ['202 Reçue par la plateforme (platform)', fromPlatform({ status: '202' })],
  ['203 Mise à disposition (platform)', fromPlatform({ status: '203' })],
  ['213 Rejetée, destinataire inconnu (platform)', fromPlatform({ status: '213', reasonCode: 'DEST_INC' })],
];

describe('writeCdar: every status the product sends passes the XSD and BR-FR-CDV', () => {
  it.each(produced)('%s', async (_name, message) => {
    const xml = writeCdar(message);
    const validation = await validateCdar(xml);
    expect(describeValidation(validation)).toBe('');
    expect(validation.warnings).toEqual([]);
    // What was written reads back as the same status.
    const [status] = readCdar(new TextEncoder().encode(xml)).statuses;
    expect(status).toMatchObject({ invoiceNumber: invoice.number, status: message.status });
  });

  it('writes a 212 « Encaissée » as one MEN block per rate, the payment split in proportion to the TTC', () => {
    const xml = writeCdar(encaissee);
    // 1 000.00 over 1 200.00 TTC at 20 % and 550.00 TTC at 10 %: 685.71 and 314.29.
    expect(xml).toContain('<ram:ProcessConditionCode>212</ram:ProcessConditionCode>');
    const men = [
      ...xml.matchAll(
        /<ram:ValueAmount currencyID="EUR">([\d.]+)<\/ram:ValueAmount>\s*<ram:ValuePercent>([\d.]+)</g,
      ),
    ];
    expect(men.map((match) => [match[1], match[2]])).toEqual([
      ['685.71', '20.00'],
      ['314.29', '10.00'],
    ]);
  });

  it('names the parties as the French network reads them', () => {
    const xml = writeCdar(fromBuyer({ status: '205' }));
    expect(xml).toContain('<ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID>');
    expect(xml).toContain('<ram:ID>REGULATED</ram:ID>');
    expect(xml).toContain('<ram:TypeCode>23</ram:TypeCode>');
    // The buyer issues it (its SIREN), to the seller (its SIREN and directory address), in French time.
    expect(xml).toMatch(
      /<ram:IssuerTradeParty>\s*<ram:GlobalID schemeID="0002">732829320<\/ram:GlobalID>\s*<ram:Name>Durand &amp; Fils &lt;SARL&gt;<\/ram:Name>\s*<ram:RoleCode>BY<\/ram:RoleCode>/,
    );
    expect(xml).toContain('<ram:URIID schemeID="0225">812345676</ram:URIID>');
    expect(xml).toContain('<udt:DateTimeString format="204">20261125140509</udt:DateTimeString>');
    expect(writeCdar(fromPlatform({ status: '203' }))).toContain('<ram:TypeCode>305</ram:TypeCode>');
  });
});

describe('writeCdar refuses a message that breaks a rule, in French', () => {
  const refusal = (message: CdarStatusMessage): string => {
    try {
      writeCdar(message);
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      return (error as HttpError).message;
    }
    throw new Error('accepted');
  };

  it('a refusal or a dispute without a reason, or with a reason its status does not allow', () => {
    expect(refusal(fromBuyer({ status: '210' }))).toBe(cdarMessages.reasonRequired('Refusée'));
    expect(refusal(fromBuyer({ status: '207' }))).toBe(cdarMessages.reasonRequired('En litige'));
    // AUTRE may explain a dispute but not a refusal between companies.
    expect(refusal(fromBuyer({ status: '210', reasonCode: 'AUTRE' }))).toBe(
      cdarMessages.reasonRefused('Refusée', 'AUTRE'),
    );
    expect(refusal(fromBuyer({ status: '205', reasonText: 'x'.repeat(1001) }))).toBe(
      cdarMessages.reasonTooLong,
    );
  });

  it('a 212 without amounts, amounts on another status, a platform status from a company', () => {
    expect(refusal({ ...encaissee, collected: [] })).toBe(cdarMessages.collectedRequired);
    expect(
      refusal({
        ...encaissee,
        collected: [
          { rateHundredths: 2000, amountCents: -5 },
          { rateHundredths: 1000, amountCents: 5 },
        ],
      }),
    ).toBe(cdarMessages.collectedNegative);
    expect(
      refusal(fromBuyer({ status: '205', collected: [{ rateHundredths: 2000, amountCents: 100 }] })),
    ).toBe(cdarMessages.collectedOnlyFor212);
    expect(refusal(fromBuyer({ status: '203' }))).toBe(cdarMessages.issuerRole('Mise à disposition'));
    expect(refusal(fromPlatform({ status: '205' }))).toBe(cdarMessages.companyRole('Approuvée'));
  });

  it('bad identifiers, dates and ids', () => {
    expect(refusal(fromBuyer({ status: '205', messageId: 'a b' }))).toBe(cdarMessages.messageId);
    expect(refusal(fromBuyer({ status: '205', issuer: { role: 'BY', siren: '12345' } }))).toBe(
      cdarMessages.siren("de l'émetteur du statut"),
    );
    expect(refusal(fromBuyer({ status: '205', recipients: [] }))).toBe(cdarMessages.recipients);
    expect(refusal(fromBuyer({ status: '205', invoice: { ...invoice, issueDate: '20/11/2026' } }))).toBe(
      cdarMessages.invoiceDate,
    );
    expect(refusal(fromBuyer({ status: '205', invoice: { ...invoice, sellerSiren: 'ABC' } }))).toBe(
      cdarMessages.siren('du vendeur'),
    );
  });
});

describe('the CDAR validation the tests run', () => {
  it('runs stylesheets compiled from the vendored official ones', () => {
    const root = new URL('../../../../e-invoicing/', import.meta.url);
    const manifest = JSON.parse(readFileSync(new URL('compiled/manifest.json', root), 'utf8')) as Record<
      string,
      string
    >;
    for (const name of cdarStylesheets) {
      const source = readFileSync(new URL(`validation/cdar/xslt/${name}`, root));
      expect(manifest[name], `${name}: npm run einvoicing:compile`).toBe(
        createHash('sha256').update(source).digest('hex'),
      );
    }
  });

  it('fails a 212 without its MEN amounts and a refusal without its reason', async () => {
    const withoutMen = writeCdar(encaissee).replace(
      /<ram:SpecifiedDocumentStatus>[\s\S]*<\/ram:SpecifiedDocumentStatus>/,
      '',
    );
    expect((await validateCdar(withoutMen)).errors.map((failure) => failure.id)).toContain(
      'BR-FR-CDV-14_MDT-207',
    );
    const withoutReason = writeCdar(fromBuyer({ status: '210', reasonCode: 'TX_TVA_ERR' }))
      .replace(/<ram:ReasonCode>TX_TVA_ERR<\/ram:ReasonCode>/, '')
      .replace(/<ram:Reason>[^<]*<\/ram:Reason>/, '');
    expect((await validateCdar(withoutReason)).errors.map((failure) => failure.id)).toContain(
      'BR-FR-CDV-15_MDT-113',
    );
  });

  it('fails a message that breaks the XSD', () => {
    const xml = writeCdar(fromBuyer({ status: '205' }));
    expect(cdarSchemaErrors(xml)).toEqual([]);
    const misplaced = xml.replace('<ram:TypeCode>23</ram:TypeCode>', '<ram:Unknown>23</ram:Unknown>');
    expect(cdarSchemaErrors(misplaced).join('\n')).toMatch(/Unknown/);
  });
});
