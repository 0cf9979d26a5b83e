/**
 * The reader's decisions on what an e-invoice is and whether its figures hold: credit notes and
 * corrective invoices, type codes, currencies, files without lines (BASIC WL, MINIMUM),
 * allowances and charges, VAT categories without tax, and the refusal of every figure that does
 * not agree with the others (invoice-figures.ts).
 */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-errors.js';
import { importMessages } from './import-errors.js';
import { amountText, rateKey, vatLabel } from './invoice-figures.js';
import { readInvoiceXml } from './read-e-invoice.js';
import type { ReceivedInvoice } from './received-invoice.js';
import { ciiInvoiceXml, ciiWith } from './testing/samples.js';
import {
  ciiXml,
  negated,
  ublXml,
  withTotals,
  type InvoiceModel,
  type ModelLine,
} from './testing/invoice-writer.js';

const read = (xml: string): ReceivedInvoice => readInvoiceXml(Buffer.from(xml, 'utf8'));

function refusal(xml: string): string {
  try {
    read(xml);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    expect(error.statusCode).toBe(400);
    return error.message;
  }
  throw new Error('the file was read');
}

const line = (
  id: string,
  category: string,
  rate: string,
  netCents: number,
  extra: Partial<ModelLine> = {},
) => ({
  id,
  name: `Ligne ${id}`,
  quantity: '1',
  unit: 'C62',
  price: (netCents / 100).toFixed(2),
  category,
  rate,
  allowances: [],
  charges: [],
  netCents,
  ...extra,
});

/** An invoice of 1 000.00 at 20 % and 500.00 at 10 %, a 2 % allowance on the 20 % part, 30.00 of transport at 20 %. */
const model = (changes: Partial<InvoiceModel> = {}): InvoiceModel =>
  withTotals({
    number: 'FA-2026-0042',
    typeCode: '380',
    issueDate: '2026-11-03',
    dueDate: '2026-12-03',
    paymentTerms: 'Paiement à 30 jours fin de mois',
    currency: 'EUR',
    lines: [line('1', 'S', '20', 100_000), line('2', 'S', '10', 50_000)],
    allowances: [
      {
        amountCents: 2_000,
        baseCents: 100_000,
        percent: '2',
        reason: 'Remise fidélité',
        reasonCode: '95',
        category: 'S',
        rate: '20',
      },
    ],
    charges: [{ amountCents: 3_000, reason: 'Transport', reasonCode: 'FC', category: 'S', rate: '20' }],
    ...changes,
  });

describe('what the document is: invoice or credit note', () => {
  it('reads the model invoice: 1 510.00 HT (lines − allowance + charge, both at 20 %), VAT 202.00 + 50.00', () => {
    const invoice = read(ciiXml(model()));
    expect(invoice).toMatchObject({
      kind: 'invoice',
      typeCode: '380',
      lineTotalCents: 150_000,
      allowanceTotalCents: 2_000,
      chargeTotalCents: 3_000,
      netCents: 151_000,
      vatCents: 25_200,
      totalCents: 176_200,
      dueCents: 176_200,
      vatBreakdown: [
        { category: 'S', rate: '20', baseCents: 101_000, vatCents: 20_200 },
        { category: 'S', rate: '10', baseCents: 50_000, vatCents: 5_000 },
      ],
      allowances: [
        {
          amountCents: 2_000,
          baseCents: 100_000,
          percent: '2',
          reason: 'Remise fidélité',
          reasonCode: '95',
          vatCategory: 'S',
          vatRate: '20',
        },
      ],
      charges: [
        { amountCents: 3_000, reason: 'Transport', reasonCode: 'FC', vatCategory: 'S', vatRate: '20' },
      ],
      paymentTerms: 'Paiement à 30 jours fin de mois',
      dueDate: '2026-12-03',
    });
    expect(read(ublXml(model()))).toMatchObject({
      netCents: 151_000,
      vatCents: 25_200,
      allowances: [{ amountCents: 2_000, percent: '2', reason: 'Remise fidélité' }],
      charges: [{ amountCents: 3_000, reason: 'Transport' }],
    });
  });

  it('reads a CII 381 and a UBL CreditNote as credit notes, positive, with the invoice they credit (BT-25, BT-26)', () => {
    const credit = model({ typeCode: '381', preceding: { number: 'FA-2026-0040', issueDate: '2026-10-15' } });
    for (const xml of [ciiXml(credit), ublXml(credit, true)]) {
      expect(read(xml)).toMatchObject({
        kind: 'credit_note',
        typeCode: '381',
        signReversed: false,
        totalCents: 176_200,
        precedingInvoices: [{ number: 'FA-2026-0040', issueDate: '2026-10-15' }],
      });
    }
  });

  it('reads an invoice whose totals are negative as a credit note, every amount and quantity turned', () => {
    const invoice = read(ciiXml(negated(model())));
    expect(invoice).toMatchObject({
      kind: 'credit_note',
      typeCode: '380',
      signReversed: true,
      netCents: 151_000,
      vatCents: 25_200,
      totalCents: 176_200,
      dueCents: 176_200,
      vatEuroCents: 25_200,
      vatBreakdown: [
        { baseCents: 101_000, vatCents: 20_200 },
        { baseCents: 50_000, vatCents: 5_000 },
      ],
      allowances: [{ amountCents: 2_000, baseCents: 100_000 }],
      charges: [{ amountCents: 3_000 }],
    });
    expect(invoice.lines.map((item) => [item.quantity, item.unitPrice, item.total])).toEqual([
      ['1', '1000.00', '1000.00'],
      ['1', '500.00', '500.00'],
    ]);
  });

  it('keeps a returned line negative in an invoice whose total is positive', () => {
    const invoice = read(
      ciiXml(
        model({
          lines: [
            line('1', 'S', '20', 100_000),
            line('2', 'S', '10', -20_000, { quantity: '-2', price: '100.00' }),
          ],
        }),
      ),
    );
    expect(invoice.kind).toBe('invoice');
    expect(invoice.lines[1]).toMatchObject({ quantity: '-2', unitPrice: '100.00', totalCents: -20_000 });
  });

  it('reads a corrective invoice (384) by its sign: an invoice when positive, a credit note when negative; both keep BT-25', () => {
    const corrective = model({
      typeCode: '384',
      preceding: { number: 'FA-2026-0040', issueDate: '2026-10-15' },
    });
    expect(read(ciiXml(corrective))).toMatchObject({
      kind: 'invoice',
      typeCode: '384',
      precedingInvoices: [{ number: 'FA-2026-0040' }],
    });
    expect(read(ublXml(negated(corrective)))).toMatchObject({
      kind: 'credit_note',
      typeCode: '384',
      totalCents: 176_200,
      precedingInvoices: [{ number: 'FA-2026-0040' }],
    });
  });

  it('reads self-billed (389) and prepayment (386) invoices as invoices, their type code kept, and 261 as a credit note', () => {
    expect(read(ciiXml(model({ typeCode: '389' })))).toMatchObject({ kind: 'invoice', typeCode: '389' });
    expect(read(ublXml(model({ typeCode: '386' })))).toMatchObject({ kind: 'invoice', typeCode: '386' });
    expect(read(ciiXml(model({ typeCode: '261' })))).toMatchObject({ kind: 'credit_note', typeCode: '261' });
  });

  it('refuses a type code that is neither an invoice nor a credit note of the standard', () => {
    expect(refusal(ciiXml(model({ typeCode: '999' })))).toBe(importMessages.documentType('999'));
    expect(importMessages.documentType('999')).toBe(
      "Le type de document « 999 » (BT-3) n'est ni une facture ni un avoir de la norme EN 16931 : il ne peut pas être importé.",
    );
  });
});

describe('currencies', () => {
  it('reads an invoice in another currency that gives its VAT in euros (BT-6 EUR, BT-111)', () => {
    const danish = model({ currency: 'DKK', vatCurrency: { code: 'EUR', vatCents: 3_381 } });
    for (const xml of [ciiXml(danish), ublXml(danish)]) {
      expect(read(xml)).toMatchObject({
        currency: 'DKK',
        vatCurrency: 'EUR',
        vatCents: 25_200,
        vatInVatCurrencyCents: 3_381,
        vatEuroCents: 3_381,
        totalCents: 176_200,
      });
    }
    expect(read(ciiXml(negated(danish)))).toMatchObject({ kind: 'credit_note', vatEuroCents: 3_381 });
  });

  it('refuses another currency without its VAT in euros, saying what is missing', () => {
    const message = refusal(ciiXml(model({ currency: 'USD' })));
    expect(message).toBe(importMessages.currency('USD'));
    expect(message).toBe(
      'Cette facture est établie en USD sans donner sa TVA en euros (devise de TVA « EUR », BT-6, et montant de TVA en euros, BT-111) : elle ne peut pas être importée. Demandez au fournisseur une facture qui indique la TVA en euros, ou saisissez-la à la main.',
    );
    expect(refusal(ublXml(model({ currency: 'USD', vatCurrency: { code: 'GBP', vatCents: 100 } })))).toBe(
      importMessages.currency('USD'),
    );
  });

  it('keeps the VAT in another accounting currency of a euro invoice (BT-6 SEK)', () => {
    expect(read(ublXml(model({ vatCurrency: { code: 'SEK', vatCents: 290_000 } })))).toMatchObject({
      currency: 'EUR',
      vatCurrency: 'SEK',
      vatInVatCurrencyCents: 290_000,
      vatEuroCents: 25_200,
    });
  });
});

/** The CII of `invoice` without its lines (as BASIC WL writes it). */
const withoutLines = (xml: string) =>
  xml.replace(/<ram:IncludedSupplyChainTradeLineItem>.*?<\/ram:IncludedSupplyChainTradeLineItem>\n/gs, '');

describe('files without lines: BASIC WL and MINIMUM', () => {
  it('makes one line per VAT rate from the breakdown (BASIC WL), the document allowances and charges still on top', () => {
    const xml = withoutLines(ciiXml(model()));
    expect(xml).not.toContain('IncludedSupplyChainTradeLineItem');
    const invoice = read(xml);
    expect(invoice.linesFromBreakdown).toBe(true);
    expect(invoice.lines).toEqual([
      {
        description: 'Montant HT, TVA à 20 %',
        quantity: '1',
        unitPrice: '1000.00',
        vatCategory: 'S',
        vatRate: '20',
        allowances: [],
        charges: [],
        total: '1000.00',
        totalCents: 100_000,
      },
      {
        description: 'Montant HT, TVA à 10 %',
        quantity: '1',
        unitPrice: '500.00',
        vatCategory: 'S',
        vatRate: '10',
        allowances: [],
        charges: [],
        total: '500.00',
        totalCents: 50_000,
      },
    ]);
    expect(invoice).toMatchObject({ lineTotalCents: 150_000, netCents: 151_000, totalCents: 176_200 });
    // Turned with a negative document, the made lines' prices turn too.
    expect(read(withoutLines(ciiXml(negated(model())))).lines.map((item) => item.unitPrice)).toEqual([
      '1000.00',
      '500.00',
    ]);
  });

  it('names an exempt rate by its category and reason (BASIC WL)', () => {
    const exempt = model({ lines: [line('1', 'E', '0', 40_000)], allowances: [], charges: [] });
    const invoice = read(withoutLines(ciiXml(exempt)));
    expect(invoice.lines).toMatchObject([
      {
        description: 'Montant HT, TVA exonération (E) : Exonération de TVA, article 261 du CGI',
        vatCategory: 'E',
        vatRate: '0',
        totalCents: 40_000,
      },
    ]);
    expect(invoice.vatBreakdown).toEqual([
      {
        category: 'E',
        rate: '0',
        baseCents: 40_000,
        vatCents: 0,
        exemptionReason: 'Exonération de TVA, article 261 du CGI',
        exemptionReasonCode: 'VATEX-EU-132',
      },
    ]);
  });

  it('makes one line at the HT, its VAT rate unknown, for a MINIMUM file (no lines, no breakdown)', () => {
    const minimum = ciiInvoiceXml()
      .replace(
        /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<\/ram:IncludedSupplyChainTradeLineItem>\s*/g,
        '',
      )
      .replace(/<ram:ApplicableTradeTax>[\s\S]*?<\/ram:ApplicableTradeTax>\s*/g, '')
      .replace('<ram:LineTotalAmount>902.50</ram:LineTotalAmount>', '');
    expect(minimum).not.toContain('ApplicableTradeTax');
    const invoice = read(minimum);
    expect(invoice.lines).toEqual([
      {
        description: 'Montant HT (TVA non détaillée)',
        quantity: '1',
        unitPrice: '902.50',
        allowances: [],
        charges: [],
        total: '902.50',
        totalCents: 90_250,
      },
    ]);
    expect(invoice).toMatchObject({
      linesFromBreakdown: true,
      vatBreakdown: [],
      lineTotalCents: 90_250,
      netCents: 90_250,
      vatCents: 12_425,
      totalCents: 102_675,
    });
  });
});

describe('allowances and charges', () => {
  it('reads line allowances and charges with their reasons, and the indicator written 1 / 0', () => {
    const withLineItems = model({
      lines: [
        line('1', 'S', '20', 95_000, {
          quantity: '10',
          price: '100.00',
          allowances: [
            {
              amountCents: 10_000,
              baseCents: 100_000,
              percent: '10',
              reason: 'Remise chantier',
              reasonCode: '95',
            },
          ],
          charges: [{ amountCents: 5_000, reason: 'Livraison', reasonCode: 'DL' }],
        }),
      ],
      allowances: [],
      charges: [],
    });
    for (const xml of [ciiXml(withLineItems), ublXml(withLineItems)]) {
      const invoice = read(xml);
      expect(invoice.lines[0]).toMatchObject({
        quantity: '10',
        unitPrice: '100.00',
        totalCents: 95_000,
        allowances: [
          {
            amountCents: 10_000,
            baseCents: 100_000,
            percent: '10',
            reason: 'Remise chantier',
            reasonCode: '95',
          },
        ],
        charges: [{ amountCents: 5_000, reason: 'Livraison', reasonCode: 'DL' }],
      });
      const numeric = xml
        .replace(/<(udt|cbc):(Indicator|ChargeIndicator)>true</g, '<$1:$2>1<')
        .replace(/<(udt|cbc):(Indicator|ChargeIndicator)>false</g, '<$1:$2>0<');
      expect(numeric).not.toMatch(/Indicator>(true|false)</);
      expect(read(numeric).lines[0]).toMatchObject({
        allowances: [{ amountCents: 10_000 }],
        charges: [{ amountCents: 5_000 }],
      });
    }
  });
});

describe('VAT categories without tax (E, AE, K, G, Z, O)', () => {
  it('reads each with its exemption reason and code, VAT zero', () => {
    for (const category of ['E', 'AE', 'K', 'G', 'Z', 'O']) {
      const untaxed = model({ lines: [line('1', category, '0', 40_000)], allowances: [], charges: [] });
      for (const xml of [ciiXml(untaxed), ublXml(untaxed)]) {
        const invoice = read(xml);
        expect(invoice.vatBreakdown, category).toMatchObject([
          { category, rate: '0', baseCents: 40_000, vatCents: 0 },
        ]);
        if (category !== 'Z') expect(invoice.vatBreakdown[0]?.exemptionReason, category).toBeTruthy();
        expect(invoice.lines[0], category).toMatchObject({ vatCategory: category, vatRate: '0' });
        expect(invoice.totalCents, category).toBe(40_000);
      }
    }
  });

  it('refuses a tax on a category that has none', () => {
    const exempt = model({ lines: [line('1', 'E', '0', 40_000)], allowances: [], charges: [] });
    const taxed = {
      ...exempt,
      breakdown: exempt.breakdown.map((entry) => ({ ...entry, vatCents: 800 })),
      vatCents: 800,
      totalCents: 40_800,
      dueCents: 40_800,
    };
    expect(refusal(ciiXml(taxed))).toBe(
      `La facture électronique a des totaux incohérents : la TVA exonération (E) (BT-117) vaut ${amountText(800, 'EUR')} dans le fichier, alors qu'elle est nulle pour cette catégorie de TVA. Elle n'est pas importée : demandez au fournisseur une facture corrigée.`,
    );
  });

  it('allows an exempt base off its lines by up to one unit, as the standard’s rules do, not more', () => {
    const exempt = model({ lines: [line('1', 'E', '0', 40_000)], allowances: [], charges: [] });
    const off = (cents: number) => {
      const changed = exempt.breakdown.map((entry) => ({ ...entry, baseCents: entry.baseCents + cents }));
      return ciiXml({ ...exempt, breakdown: changed });
    };
    expect(read(off(100)).vatBreakdown[0]?.baseCents).toBe(40_100);
    expect(refusal(off(101))).toContain('la base HT de la TVA exonération (E) (BT-116)');
    // A standard rate: to the cent.
    const standard = model();
    const first = standard.breakdown.map((entry, index) =>
      index === 0 ? { ...entry, baseCents: entry.baseCents + 1 } : entry,
    );
    expect(refusal(ciiXml({ ...standard, breakdown: first }))).toBe(
      `La facture électronique a des totaux incohérents : la base HT de la TVA à 20 % (BT-116) vaut ${amountText(101_001, 'EUR')} dans le fichier, alors que la somme de ses lignes, moins ses remises, plus ses frais donne ${amountText(101_000, 'EUR')}. Elle n'est pas importée : demandez au fournisseur une facture corrigée.`,
    );
  });
});

describe('the VAT breakdown must cover the invoice', () => {
  it('refuses a line whose rate is not in the breakdown, naming the line', () => {
    const invoice = model();
    const missing = {
      ...invoice,
      lines: invoice.lines.map((item, index) => (index === 1 ? { ...item, rate: '5.5' } : item)),
    };
    expect(refusal(ciiXml(missing))).toBe(
      "La facture électronique est incohérente : la ligne 2 porte la TVA à 5,5 %, absente du détail de la TVA de la facture (BG-23). Elle n'est pas importée : demandez au fournisseur une facture corrigée.",
    );
  });

  it('refuses a document allowance whose rate is not in the breakdown', () => {
    const invoice = model();
    const missing = {
      ...invoice,
      allowances: invoice.allowances.map((item) => ({ ...item, category: 'S', rate: '7' })),
    };
    expect(refusal(ublXml(missing))).toContain('la remise 1 du document porte la TVA à 7 %');
  });

  it('refuses lines without any breakdown', () => {
    const xml = ciiXml(model()).replace(
      /<ram:ApplicableTradeTax><ram:CalculatedAmount>.*?<\/ram:ApplicableTradeTax>/g,
      '',
    );
    expect(refusal(xml)).toBe(
      'La facture électronique est incomplète : il manque le détail de la TVA par taux (BG-23).',
    );
  });
});

describe('size', () => {
  it('refuses more than 1 000 lines, in CII and UBL', () => {
    const many = model({
      lines: Array.from({ length: 1_001 }, (_, index) => line(String(index + 1), 'S', '20', 100)),
      allowances: [],
      charges: [],
    });
    expect(refusal(ciiXml(many))).toBe(importMessages.tooManyLines(1_000));
    expect(refusal(ublXml(many))).toBe(importMessages.tooManyLines(1_000));
    const thousand = { ...many, lines: many.lines.slice(0, 1_000) };
    expect(read(ciiXml(withTotals(thousand))).lines).toHaveLength(1_000);
  });
});

describe('Factur-X Extended sub-lines', () => {
  it('leaves out DETAIL and INFORMATION lines, whose amounts the invoice does not add', () => {
    const xml = ciiWith([
      '<ram:LineID>2</ram:LineID>',
      '<ram:LineID>2</ram:LineID><ram:LineStatusReasonCode>DETAIL</ram:LineStatusReasonCode>',
    ]);
    // Its line 2 is then not counted: 340.00 ≠ 902.50.
    expect(refusal(xml)).toContain('(BT-106)');
    const information = ciiWith([
      '<ram:IncludedSupplyChainTradeLineItem>',
      '<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>0</ram:LineID><ram:LineStatusReasonCode>INFORMATION</ram:LineStatusReasonCode></ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct><ram:Name>Pour information</ram:Name></ram:SpecifiedTradeProduct><ram:SpecifiedLineTradeAgreement/><ram:SpecifiedLineTradeDelivery/><ram:SpecifiedLineTradeSettlement><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>99.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem><ram:IncludedSupplyChainTradeLineItem>',
    ]);
    expect(read(information).lines.map((item) => item.description)).toEqual([
      'Plaque de plâtre BA13 & rails',
      'Pose de cloison',
    ]);
  });
});

describe('labels', () => {
  it('writes rates and amounts as a French reader reads them', () => {
    expect(['20.00', '05.50', '0', '', '19', '2.10'].map((rate) => rateKey(rate))).toEqual([
      '20',
      '5.5',
      '0',
      '0',
      '19',
      '2.1',
    ]);
    expect(vatLabel('S', '5.50')).toBe('à 5,5 %');
    expect(vatLabel('AE', '0')).toBe('autoliquidation (AE)');
    expect(vatLabel('L', '7')).toBe('à 7 % (L)');
    expect(amountText(123_450, 'EUR')).toBe('1\u202f234,50\u00a0€');
    expect(amountText(-1_200, 'DKK')).toBe('-12,00\u00a0DKK');
    expect(amountText(100, 'X1')).toBe('1.00 X1');
  });
});
