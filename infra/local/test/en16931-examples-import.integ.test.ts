/**
 * Every file of the EN 16931 examples (`e-invoicing/en16931-examples/`, listed, so a file added
 * there is covered) imported through `POST /api/supplier-invoices/import` on the local stack, each
 * into a company of its own (some examples are the same invoice in CII and UBL: one company would
 * answer the second with its duplicate refusal). The recorded supplier invoice, read back with
 * `GET /api/supplier-invoices/{id}`, is checked against what the file states, read with XPath
 * apart from the reader (`testing/stated-figures.ts`): kind, type code, number, HT, VAT, TTC, amount
 * due, each line's net amount, the VAT per rate, the currency and the VAT in euros. A file in
 * another currency without its VAT in euros is refused with the French sentence, nothing written.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importMessages } from '../../../functions/src/einvoicing/import/import-errors.js';
import {
  exampleFiles,
  kindOf,
  stated,
  vatInEuros,
} from '../../../functions/src/einvoicing/import/testing/stated-figures.js';
import { formatMoney } from '@btp/shared/money';
import type { TestClient } from './http-client.js';
import { signedInCompany, startTestStack } from './support.js';
import { importEInvoice } from './support/e-invoice-import.js';

const stack = await startTestStack();

interface Recorded {
  id: string;
  kind: string;
  typeCode?: string;
  supplierReference: string;
  netAmount?: string;
  vatAmount?: string;
  totalAmount: string;
  amountDue?: string;
  currency?: string;
  vatAmountInEuros?: string;
  vatDetailed: boolean;
  lines?: { total: string }[];
  vatBreakdown: { rate: string; base: string; amount: string }[];
}

function importFile(who: TestClient, bytes: Buffer, name: string) {
  return importEInvoice(stack.url, who, { bytes, name, type: 'text/xml' });
}

/** Σ base and VAT per rate ("20" and "20.00" one rate), as numbers of cents. */
function perRate(entries: { rate: number; base: number; vat: number }[]): Record<string, [number, number]> {
  const sums: Record<string, [number, number]> = {};
  for (const entry of entries) {
    const [base, vat] = sums[String(entry.rate)] ?? [0, 0];
    sums[String(entry.rate)] = [base + entry.base, vat + entry.vat];
  }
  return sums;
}

const cents = (amount: string | undefined) => Math.round(Number(amount ?? 'NaN') * 100);

describe('POST /api/supplier-invoices/import: every EN 16931 example', () => {
  it.each(exampleFiles)(
    '$folder/$name: recorded as the file states, or refused as it declares',
    async ({ folder, name, path }) => {
      const bytes = readFileSync(path);
      const file = stated(bytes.toString('utf8'));
      const company = await signedInCompany(stack.url, `Exemples ${folder}`);
      const answer = await importFile(company.client, bytes, name);
      if (!vatInEuros(file)) {
        expect({ status: answer.status, message: (answer.body as { message: string }).message }).toEqual({
          status: 400,
          message: importMessages.currency(file.currency),
        });
        const [invoices, suppliers, documents] = await Promise.all(
          ['/api/supplier-invoices', '/api/suppliers', '/api/documents'].map((url) =>
            company.client.get(url),
          ),
        );
        expect(
          [invoices, suppliers, documents].map((list) => (list?.body as unknown[] | undefined)?.length),
        ).toEqual([0, 0, 0]);
        return;
      }
      expect(answer.status, answer.text).toBe(201);
      const { id } = (answer.body as { supplierInvoice: { id: string } }).supplierInvoice;
      const read = await company.client.get(`/api/supplier-invoices/${id}`);
      expect(read.status).toBe(200);
      const recorded = read.body as Recorded;
      const { negative, kind } = kindOf(file);
      const turn = (value: number | undefined) => (negative ? -(value ?? 0) : (value ?? 0));
      const money = (value: number | undefined) => formatMoney(turn(value) || 0);
      expect(
        {
          kind: recorded.kind,
          typeCode: recorded.typeCode,
          supplierReference: recorded.supplierReference,
          netAmount: recorded.netAmount,
          vatAmount: recorded.vatAmount,
          totalAmount: recorded.totalAmount,
          amountDue: recorded.amountDue ?? recorded.totalAmount,
          currency: recorded.currency ?? 'EUR',
          vatDetailed: recorded.vatDetailed,
        },
        name,
      ).toEqual({
        kind,
        typeCode: file.typeCode,
        supplierReference: file.number,
        netAmount: money(file.totals.netCents),
        vatAmount: money(file.totals.vatCents),
        totalAmount: money(file.totals.totalCents),
        amountDue: money(file.totals.dueCents ?? file.totals.totalCents),
        currency: file.currency,
        vatDetailed: true,
      });
      expect(
        (recorded.lines ?? []).map((line) => line.total),
        `${name} lines`,
      ).toEqual(file.lines.map((line) => money(line.net)));
      expect(
        perRate(
          recorded.vatBreakdown.map((entry) => ({
            rate: Number(entry.rate),
            base: cents(entry.base),
            vat: cents(entry.amount),
          })),
        ),
        `${name} VAT per rate`,
      ).toEqual(
        perRate(
          file.breakdown.map((entry) => ({ rate: entry.rate, base: turn(entry.base), vat: turn(entry.vat) })),
        ),
      );
      if (file.currency !== 'EUR') {
        expect(recorded.vatAmountInEuros, `${name} VAT in euros`).toBe(money(file.vatInVatCurrency));
      }
    },
    60_000,
  );
});
