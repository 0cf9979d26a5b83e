import { describe, expect, it } from 'vitest';
import {
  collectedParts,
  collectedView,
  einvoicingMessages,
  einvoicingSettingsInput,
  isPlatformUrl,
  lifecycleEvent,
  lifecycleSummary,
  notSentReasonOf,
  processingRuleOf,
  reportsCollection,
  supplierInvoiceStatusInput,
  type InvoiceLifecycle,
} from './einvoicing-network.js';
import { formatMoney, formatPercent, parseMoney, percentOf } from './money.js';
import { seededRandom } from './testing/seeded-random.js';
import { VAT_RATE_HUNDREDTHS } from './vat.js';

function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the platform settings', () => {
  it('takes an https address (trailing slash removed), a client id, an optional secret and enabled', () => {
    expect(
      einvoicingSettingsInput.parse({
        platformUrl: ' https://api.pa.example.fr/v1/ ',
        clientId: ' btp-123 ',
        clientSecret: 's3cret',
        enabled: true,
      }),
    ).toEqual({
      platformUrl: 'https://api.pa.example.fr/v1',
      clientId: 'btp-123',
      clientSecret: 's3cret',
      enabled: true,
    });
    // No secret: the stored one is kept (write-only field).
    expect(
      einvoicingSettingsInput.parse({
        platformUrl: 'https://pa.fr',
        clientId: 'x',
        clientSecret: '',
        enabled: false,
      }),
    ).toEqual({ platformUrl: 'https://pa.fr', clientId: 'x', enabled: false });
  });

  it('accepts clear HTTP on this machine only (the local platform), nothing with credentials or a query', () => {
    expect(isPlatformUrl('http://localhost:3000/_pa')).toBe(true);
    expect(isPlatformUrl('http://127.0.0.1:5900/_pa')).toBe(true);
    expect(isPlatformUrl('http://pa.example.fr')).toBe(false);
    expect(isPlatformUrl('https://user:pw@pa.example.fr')).toBe(false);
    expect(isPlatformUrl('https://pa.example.fr/?token=1')).toBe(false);
    expect(isPlatformUrl('https://pa.example.fr/#x')).toBe(false);
    expect(isPlatformUrl('ftp://pa.example.fr')).toBe(false);
    expect(isPlatformUrl('pa.example.fr')).toBe(false);
  });

  it('names each wrong field in French', () => {
    const result = einvoicingSettingsInput.safeParse({
      platformUrl: 'http://pa.example.fr',
      clientId: '  ',
      clientSecret: 'x'.repeat(501),
      enabled: 'oui',
    });
    expect(messagesOf(result)).toEqual({
      platformUrl: einvoicingMessages.platformUrl,
      clientId: einvoicingMessages.clientId,
      clientSecret: einvoicingMessages.clientSecret,
      enabled: einvoicingMessages.enabled,
    });
    expect(messagesOf(einvoicingSettingsInput.safeParse({ clientId: 'a', enabled: true }))).toEqual({
      platformUrl: einvoicingMessages.platformUrlRequired,
    });
  });
});

describe('which sales go through the network', () => {
  it('submits a sale to a French company with a SIREN (B2B), not to an individual nor abroad', () => {
    expect(processingRuleOf({ kind: 'company', siret: '40483304800022' })).toBe('B2B');
    expect(processingRuleOf({ kind: 'company', siren: '404833048', country: 'France' })).toBe('B2B');
    expect(processingRuleOf({ kind: 'individual', siret: '40483304800022' })).toBe('B2C');
    expect(processingRuleOf({ kind: 'company', siret: '40483304800022', country: 'Belgique' })).toBe(
      'B2BInt',
    );
    expect(processingRuleOf({ kind: 'company' })).toBe('B2C');
    expect(notSentReasonOf({ kind: 'company', siret: '40483304800022' })).toBeUndefined();
    expect(notSentReasonOf({ kind: 'individual' })).toBe('b2c');
    expect(notSentReasonOf({ kind: 'company', country: 'Espagne', siret: '40483304800022' })).toBe('abroad');
    expect(notSentReasonOf({ kind: 'company' })).toBe('no_siren');
  });

  it('sends « Encaissée » under VAT on receipts only: not on debits, not reverse-charged, not under the franchise', () => {
    expect(reportsCollection({ kind: 'standard', seller: { vatOnDebits: false, vatRegime: 'normal' } })).toBe(
      true,
    );
    expect(reportsCollection({ kind: 'progress', seller: {} })).toBe(true);
    expect(reportsCollection({ kind: 'deposit' })).toBe(true);
    expect(reportsCollection({ kind: 'standard', seller: { vatOnDebits: true } })).toBe(false);
    expect(reportsCollection({ kind: 'standard', reverseCharge: true, seller: {} })).toBe(false);
    expect(reportsCollection({ kind: 'standard', seller: { vatRegime: 'franchise' } })).toBe(false);
    expect(reportsCollection({ kind: 'credit_note', seller: {} })).toBe(false);
  });
});

describe('the lifecycle as a card shows it', () => {
  const sent = (
    events: InvoiceLifecycle['events'],
    more: Partial<InvoiceLifecycle> = {},
  ): InvoiceLifecycle => ({
    network: 'sent',
    flowId: 'f1',
    events,
    ...more,
  });

  it('shows the latest status received, with the reason of a refusal or a dispute', () => {
    const deposited = lifecycleEvent({ status: '200', at: '2026-11-20T10:00:00.000Z', direction: 'in' });
    const approved = lifecycleEvent({ status: '205', at: '2026-11-21T10:00:00.000Z', direction: 'in' });
    expect(lifecycleSummary(sent([approved, deposited]))).toEqual({
      text: 'Plateforme : Approuvée.',
      tone: 'success',
    });
    const refused = lifecycleEvent({
      status: '210',
      at: '2026-11-22T10:00:00.000Z',
      direction: 'in',
      reasonCode: 'TX_TVA_ERR',
      comment: 'Taux de 10 % attendu',
    });
    expect(lifecycleSummary(sent([deposited, refused]))).toEqual({
      text: 'Plateforme : Refusée — Taux de TVA erroné : Taux de 10 % attendu.',
      tone: 'error',
    });
    // Our own « Encaissée » does not hide what the buyer said.
    const collected = lifecycleEvent({ status: '212', at: '2026-11-23T10:00:00.000Z', direction: 'out' });
    expect(lifecycleSummary(sent([approved, collected]))?.text).toBe('Plateforme : Approuvée.');
    expect(lifecycleSummary(sent([]))).toEqual({ text: 'Plateforme : Déposée.', tone: 'info' });
  });

  it('says why an invoice is not on the network, waits, or was refused at the deposit', () => {
    expect(lifecycleSummary({ network: 'not_sent', events: [] })).toBeUndefined();
    expect(lifecycleSummary({ network: 'not_sent', notSentReason: 'b2c', events: [] })?.text).toContain(
      'Vente à un particulier',
    );
    expect(lifecycleSummary({ network: 'not_addressable', events: [] })?.text).toMatch(/^Non adressable/);
    expect(
      lifecycleSummary({
        network: 'pending',
        events: [],
        retry: { attempts: 2, at: '2026-11-20T10:00:00.000Z', message: 'La plateforme ne répond pas.' },
      }),
    ).toEqual({
      text: 'À transmettre à la plateforme (nouvel essai automatique) : La plateforme ne répond pas.',
      tone: 'warning',
    });
    expect(
      lifecycleSummary(
        sent([], {
          acknowledgement: { status: 'Error', details: [{ code: 'X', message: 'SIRET inconnu' }] },
        }),
      ),
    ).toEqual({ text: 'Plateforme : refusée au dépôt — SIRET inconnu.', tone: 'error' });
  });
});

describe('the buyer’s answers on Achats', () => {
  it('takes 204 and 205 without a reason, 207 and 210 with one their status allows', () => {
    expect(supplierInvoiceStatusInput.parse({ status: '205' })).toEqual({ status: '205' });
    expect(
      supplierInvoiceStatusInput.parse({ status: '210', reasonCode: 'TX_TVA_ERR', comment: ' 10 % ' }),
    ).toEqual({
      status: '210',
      reasonCode: 'TX_TVA_ERR',
      comment: '10 %',
    });
    expect(supplierInvoiceStatusInput.parse({ status: '207', reasonCode: 'AUTRE' }).reasonCode).toBe('AUTRE');
  });

  it('refuses a missing reason, a reason the status does not take, another status', () => {
    expect(messagesOf(supplierInvoiceStatusInput.safeParse({ status: '210' }))).toEqual({
      reasonCode: einvoicingMessages.reasonRequired,
    });
    // A refusal between companies does not take « Autre » (BR-FR-CDV-CL-09); 205 takes none.
    expect(messagesOf(supplierInvoiceStatusInput.safeParse({ status: '210', reasonCode: 'AUTRE' }))).toEqual({
      reasonCode: einvoicingMessages.reasonRefused,
    });
    expect(
      messagesOf(supplierInvoiceStatusInput.safeParse({ status: '205', reasonCode: 'DOUBLON' })),
    ).toEqual({
      reasonCode: einvoicingMessages.reasonRefused,
    });
    expect(messagesOf(supplierInvoiceStatusInput.safeParse({ status: '212' }))).toEqual({
      status: einvoicingMessages.status,
    });
    expect(
      messagesOf(
        supplierInvoiceStatusInput.safeParse({
          status: '207',
          reasonCode: 'AUTRE',
          comment: 'x'.repeat(1001),
        }),
      ),
    ).toHaveProperty('comment');
  });
});

describe('« Encaissée » amounts per VAT rate', () => {
  const breakdown = [
    { rate: '20.00', base: '1020.00', amount: '204.00' },
    { rate: '10.00', base: '270.00', amount: '27.00' },
  ];

  it('splits a payment over the invoice’s rates, as the API writes them', () => {
    // 1 224.00 + 297.00 = 1 521.00 TTC; 600.00 received: 482.84… and 117.15… → 482.84 and 117.16.
    expect(collectedView(collectedParts(60_000, breakdown))).toEqual([
      { rate: '20.00', amount: '482.84' },
      { rate: '10.00', amount: '117.16' },
    ]);
    expect(collectedView(collectedParts(152_100, breakdown))).toEqual([
      { rate: '20.00', amount: '1224.00' },
      { rate: '10.00', amount: '297.00' },
    ]);
    // A record without a breakdown: one rate at 0 %.
    expect(collectedView(collectedParts(1_000, []))).toEqual([{ rate: '0.00', amount: '10.00' }]);
  });

  it('over any invoice paid in parts then its retention released: each 212 adds up to its amount, all of them to what was received, each rate within a cent per payment of its share', () => {
    const random = seededRandom(30_212);
    const failures: string[] = [];
    for (let run = 0; run < 1_000; run += 1) {
      const rates = [...VAT_RATE_HUNDREDTHS].filter(() => random.next() < 0.5);
      if (rates.length === 0) rates.push(random.pick(VAT_RATE_HUNDREDTHS));
      const entries = rates.map((rate) => {
        const baseCents = random.int(1, random.pick([1_000, 100_000, 10_000_000]));
        return { rateHundredths: rate, baseCents, amountCents: percentOf(baseCents, rate) };
      });
      const asStored = entries.map((entry) => ({
        rate: formatPercent(entry.rateHundredths),
        base: formatMoney(entry.baseCents),
        amount: formatMoney(entry.amountCents),
      }));
      const ttc = entries.reduce((sum, entry) => sum + entry.baseCents + entry.amountCents, 0);
      // A situation holds a retention (0 or 5 %), paid at the release; the rest in 1 to 4 payments.
      const retention = random.next() < 0.5 ? Math.round(ttc * 0.05) : 0;
      let left = ttc - retention;
      const amounts: number[] = [];
      while (left > 0 && amounts.length < 3) {
        const part = random.int(1, left);
        amounts.push(part);
        left -= part;
      }
      if (left > 0) amounts.push(left);
      if (retention > 0) amounts.push(retention);

      const byRate = new Map<number, number>();
      for (const amount of amounts) {
        const parts = collectedParts(amount, asStored);
        const sum = parts.reduce((total, part) => total + part.amountCents, 0);
        if (sum !== amount) failures.push(`run ${run}: parts ${sum} ≠ payment ${amount}`);
        for (const part of parts) {
          if (part.amountCents < 0) failures.push(`run ${run}: negative part`);
          byRate.set(part.rateHundredths, (byRate.get(part.rateHundredths) ?? 0) + part.amountCents);
        }
      }
      const received = [...byRate.values()].reduce((a, b) => a + b, 0);
      if (received !== ttc) failures.push(`run ${run}: received ${received} ≠ TTC ${ttc}`);
      for (const entry of entries) {
        const exact = entry.baseCents + entry.amountCents;
        const got = byRate.get(entry.rateHundredths) ?? 0;
        if (Math.abs(got - exact) > amounts.length) {
          failures.push(`run ${run}: rate ${entry.rateHundredths} got ${got}, its TTC ${exact}`);
        }
      }
      // Read back as the API writes them.
      for (const view of collectedView(collectedParts(amounts[0] ?? 1, asStored))) {
        if (parseMoney(view.amount) <= 0) failures.push(`run ${run}: a zero part written`);
      }
    }
    expect(failures).toEqual([]);
  });
});
