/**
 * Reading the lifecycle messages the network delivers: the status, its reasons in French, the
 * amounts of a 212, the parties; hostile or foreign files refused with a French sentence. And the
 * codes `shared/einvoicing-lifecycle.ts` names are those of the vendored BR-FR-CDV Schematron.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  acceptedLifecycleCodes,
  lifecycleReasons,
  reasonsByStatus,
  statusesRequiringReason,
} from '@btp/shared/einvoicing-lifecycle';
import { HttpError } from '../../lib/http-errors.js';
import { cdarReadMessages, readCdar } from './cdar-reader.js';
import { writeCdar, type CdarStatusMessage } from './cdar-writer.js';

const bytes = (text: string) => new TextEncoder().encode(text);

const refused: CdarStatusMessage = {
  messageId: 'SI-210-7',
  issuedAt: new Date('2026-07-01T08:00:00Z'),
  status: '210',
  reasonCode: 'MONTANTTOTAL_ERR',
  reasonText: 'Le total ne correspond pas au devis signé',
  invoice: {
    number: 'FAC-2026-0007',
    issueDate: '2026-06-30',
    typeCode: '380',
    sellerSiren: '812345676',
    buyerSiren: '732829320',
  },
  issuer: { role: 'BY', siren: '732829320', name: 'Durand' },
  recipients: [{ role: 'SE', siren: '812345676', name: 'Bâtir' }],
};

function refusal(text: string): string {
  try {
    readCdar(bytes(text));
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error('accepted');
}

describe('readCdar', () => {
  it('reads the status, its reason in French, the invoice and the parties', () => {
    const message = readCdar(bytes(writeCdar(refused)));
    expect(message).toEqual({
      messageId: 'SI-210-7',
      // 10:00 in Paris (summer time) is 08:00 UTC.
      issuedAt: '2026-07-01T08:00:00.000Z',
      businessProcess: 'REGULATED',
      typeCode: '23',
      sender: { role: 'BY', name: 'Durand' },
      issuer: { role: 'BY', siren: '732829320', name: 'Durand' },
      recipients: [{ role: 'SE', siren: '812345676', name: 'Bâtir' }],
      statuses: [
        {
          invoiceNumber: 'FAC-2026-0007',
          invoiceIssueDate: '2026-06-30',
          invoiceTypeCode: '380',
          sellerSiren: '812345676',
          buyerSiren: '732829320',
          status: '210',
          statusLabel: 'Refusée',
          reasons: [
            {
              code: 'MONTANTTOTAL_ERR',
              label: 'Montant total erroné',
              text: 'Le total ne correspond pas au devis signé',
            },
          ],
          collected: [],
        },
      ],
    });
  });

  it('reads the MEN amounts of a 212 in cents, and a winter time', () => {
    const xml = writeCdar({
      ...refused,
      messageId: 'FAC-212-1',
      issuedAt: new Date('2026-12-01T09:30:00Z'),
      status: '212',
      reasonCode: undefined,
      reasonText: undefined,
      collected: [
        { rateHundredths: 2000, amountCents: 123_456 },
        { rateHundredths: 550, amountCents: 1 },
      ],
      issuer: { role: 'SE', siren: '812345676' },
      recipients: [{ role: 'BY', siren: '732829320' }],
    });
    const message = readCdar(bytes(xml));
    expect(message.issuedAt).toBe('2026-12-01T09:30:00.000Z');
    expect(message.statuses[0]).toMatchObject({
      status: '212',
      statusLabel: 'Encaissée',
      collected: [
        { rateHundredths: 2000, amountCents: 123_456 },
        { rateHundredths: 550, amountCents: 1 },
      ],
    });
  });

  it('refuses hostile XML before parsing it', () => {
    const xml = writeCdar(refused);
    const withDoctype = xml.replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
    );
    expect(refusal(withDoctype)).toBe(cdarReadMessages.doctype);
    const laughs = `<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><r>&b;</r>`;
    expect(refusal(laughs)).toBe(cdarReadMessages.doctype);
    expect(refusal(`${'<a>'.repeat(500)}${'</a>'.repeat(500)}`)).toBe(cdarReadMessages.tooDeep);
    expect(refusal(`<r>${'x'.repeat(1024 * 1024)}</r>`)).toBe(cdarReadMessages.tooLarge);
    expect(refusal('<r><unclosed></r>')).toBe(cdarReadMessages.broken);
  });

  it('refuses what is not a French lifecycle message', () => {
    expect(refusal('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>')).toBe(
      cdarReadMessages.notCdar,
    );
    const xml = writeCdar(refused);
    expect(refusal(xml.replace('urn.cpro.gouv.fr:1p0:CDV:invoice', 'urn:other'))).toBe(
      cdarReadMessages.guideline('urn:other'),
    );
    expect(refusal(xml.replace(/<ram:ProcessConditionCode>210</, '<ram:ProcessConditionCode>999<'))).toBe(
      cdarReadMessages.unknownStatus('999'),
    );
    expect(refusal(xml.replace(/<ram:IssuerAssignedID>[^<]*<\/ram:IssuerAssignedID>/, ''))).toBe(
      cdarReadMessages.noStatus,
    );
    const encaissee = writeCdar({
      ...refused,
      status: '212',
      reasonCode: undefined,
      collected: [{ rateHundredths: 2000, amountCents: 100 }],
      issuer: { role: 'SE', siren: '812345676' },
      recipients: [{ role: 'BY', siren: '732829320' }],
    });
    expect(refusal(encaissee.replace('>1.00<', '>1,00<'))).toBe(cdarReadMessages.badAmount('1,00'));
    expect(refusal(encaissee.replace('>1.00<', '>0.001<'))).toBe(cdarReadMessages.badAmount('0.001'));
    expect(refusal(encaissee.replace('>20.00<', '>vingt<'))).toBe(cdarReadMessages.badRate('vingt'));
  });
});

describe('the lifecycle codes of shared/ are those of the BR-FR-CDV Schematron', () => {
  const schematron = readFileSync(
    new URL('../../../../e-invoicing/validation/cdar/xslt/BR-FR-CDV-Schematron-CDAR.xslt', import.meta.url),
    'utf8',
  );
  const listOf = (functionName: string) => {
    const match = new RegExp(`name="custom:${functionName}"[\\s\\S]*?select="'([^']*)'"`).exec(schematron);
    return (match?.[1] ?? '').trim().split(/\s+/);
  };

  it('statuses and reason codes', () => {
    expect([...acceptedLifecycleCodes].sort()).toEqual(listOf('is-valid-invoice-status-code').sort());
    expect([...lifecycleReasons].sort()).toEqual(listOf('is-valid-status-reason-code').sort());
  });

  it('the reasons allowed per status (BR-FR-CDV-CL-09) and the statuses that need one (BR-FR-CDV-15)', () => {
    for (const [status, reasons] of Object.entries(reasonsByStatus)) {
      const assertion = new RegExp(
        `<xsl:when test="\\(\\.\\./\\.\\./ram:ProcessConditionCode != '${status}'([^"]*)"/>`,
      ).exec(schematron)?.[1];
      const listed = [...(assertion ?? '').matchAll(/\(\.\) = '([A-Z_]+)'/g)].map((match) => match[1]);
      expect(listed.sort(), status).toEqual([...(reasons ?? [])].sort());
    }
    const rule15 =
      /<xsl:when test="([^"]*)"\/>(?:(?!<xsl:when)[\s\S])*?<xsl:attribute name="id">BR-FR-CDV-15_MDT-113</.exec(
        schematron,
      )?.[1] ?? '';
    const needing = [...new Set([...rule15.matchAll(/\(\.\) = '(\d+)'/g)].map((match) => match[1]))];
    expect(needing.sort()).toEqual([...statusesRequiringReason].sort());
  });
});
