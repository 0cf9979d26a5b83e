import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-errors.js';
import { importMessages } from './import-errors.js';
import { readEInvoice, readInvoiceXml } from './read-e-invoice.js';
import { maxXmlDepth } from './safe-xml.js';
import {
  billionLaughs,
  ciiInvoiceXml,
  ciiWith,
  facturXPdf,
  nestedXml,
  pdfWith,
  pngBytes,
  ublInvoiceXml,
  ublWith,
  xxeInvoice,
} from './testing/samples.js';

/** The refusal `read` ends with: its status and message (never a parser's). */
async function refusal(read: () => unknown): Promise<{ status: number; message: string }> {
  try {
    await read();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, message: error.message };
  }
  throw new Error('the file was accepted');
}

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('readInvoiceXml: CII (Factur-X EN 16931)', () => {
  it('reads number, dates, terms, seller, buyer, every total in cents, the VAT breakdown and the lines', () => {
    const invoice = readInvoiceXml(bytes(ciiInvoiceXml()));
    expect(invoice).toEqual({
      syntax: 'CII',
      kind: 'invoice',
      typeCode: '380',
      signReversed: false,
      specification: 'urn:cen.eu:en16931:2017',
      number: 'FA-2026-00412',
      issueDate: '2026-11-03',
      dueDate: '2026-12-03',
      paymentTerms: 'Paiement à 30 jours',
      notes: ["Pénalités de retard : 3 fois le taux d'intérêt légal."],
      precedingInvoices: [],
      seller: {
        name: 'Matériaux Dupont & Fils',
        siren: '732829320',
        vatNumber: 'FR44732829320',
        legalRegistration: { value: '732829320', scheme: '0002' },
        identifiers: [],
        electronicAddress: { value: '732829320', scheme: '0225' },
        address: '12 rue des Artisans, Zone artisanale Nord',
        postalCode: '69003',
        city: 'Lyon',
        countryCode: 'FR',
        email: 'compta@dupont-materiaux.fr',
        phone: '01 23 45 67 89',
      },
      buyer: {
        name: 'Entreprise Martin Bâtiment',
        siren: '552100554',
        legalRegistration: { value: '552100554', scheme: '0002' },
        identifiers: [],
      },
      currency: 'EUR',
      vatEuroCents: 12425,
      lines: [
        {
          id: '1',
          description: 'Plaque de plâtre BA13 & rails',
          quantity: '40',
          unit: 'C62',
          unitPrice: '8.50',
          grossPrice: '9.00',
          vatCategory: 'S',
          vatRate: '20.00',
          allowances: [],
          charges: [],
          total: '340.00',
          totalCents: 34000,
        },
        {
          id: '2',
          description: 'Pose de cloison',
          quantity: '12.5',
          unit: 'HUR',
          unitPrice: '45.00',
          vatCategory: 'S',
          vatRate: '10.00',
          allowances: [],
          charges: [],
          total: '562.50',
          totalCents: 56250,
        },
      ],
      linesFromBreakdown: false,
      allowances: [],
      charges: [],
      vatBreakdown: [
        { category: 'S', rate: '20.00', baseCents: 34000, vatCents: 6800 },
        { category: 'S', rate: '10.00', baseCents: 56250, vatCents: 5625 },
      ],
      lineTotalCents: 90250,
      allowanceTotalCents: 0,
      chargeTotalCents: 0,
      netCents: 90250,
      vatCents: 12425,
      totalCents: 102675,
      prepaidCents: 0,
      roundingCents: 0,
      dueCents: 102675,
    });
  });

  it('takes the SIREN from a SIRET (scheme 0009) or, without a legal registration, from the French VAT number', () => {
    const siret = readInvoiceXml(
      bytes(
        ciiWith([
          '<ram:ID schemeID="0002">732829320</ram:ID>',
          '<ram:ID schemeID="0009">73282932000009</ram:ID>',
        ]),
      ),
    );
    expect(siret.seller).toMatchObject({ siren: '732829320', siret: '73282932000009' });
    const vatOnly = readInvoiceXml(
      bytes(
        ciiWith(
          ['<ram:ID schemeID="0002">732829320</ram:ID>', ''],
          [
            '<ram:ID schemeID="VA">FR44732829320</ram:ID>',
            '<ram:ID schemeID="VA">FR 44 732 829 320</ram:ID>',
          ],
        ),
      ),
    );
    expect(vatOnly.seller).toMatchObject({ siren: '732829320', vatNumber: 'FR44732829320' });
    expect(vatOnly.seller.legalRegistration).toBeUndefined();
  });

  it('keeps every seller identifier with its scheme (SIRET, GLN, a bare ID), the trading name and the tax number', () => {
    const invoice = readInvoiceXml(
      bytes(
        ciiWith(
          [
            '<ram:Name>Matériaux Dupont &amp; Fils</ram:Name>',
            '<ram:ID>FOURN-77</ram:ID><ram:GlobalID schemeID="0088">3012345000018</ram:GlobalID><ram:GlobalID schemeID="0009">73282932000009</ram:GlobalID><ram:Name>Matériaux Dupont &amp; Fils</ram:Name>',
          ],
          [
            '<ram:ID schemeID="0002">732829320</ram:ID>',
            '<ram:ID schemeID="0002">732829320</ram:ID><ram:TradingBusinessName>Dupont Matériaux</ram:TradingBusinessName>',
          ],
          [
            '<ram:ID schemeID="VA">FR44732829320</ram:ID>',
            '<ram:ID schemeID="VA">FR44732829320</ram:ID></ram:SpecifiedTaxRegistration><ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">69 123 456 789</ram:ID>',
          ],
        ),
      ),
    );
    expect(invoice.seller).toMatchObject({
      name: 'Matériaux Dupont & Fils',
      tradingName: 'Dupont Matériaux',
      siren: '732829320',
      siret: '73282932000009',
      taxRegistration: '69 123 456 789',
      identifiers: [
        { value: 'FOURN-77' },
        { value: '3012345000018', scheme: '0088' },
        { value: '73282932000009', scheme: '0009' },
      ],
    });
  });

  it('reads the references: buyer reference, order, contract, project, invoicing period', () => {
    const invoice = readInvoiceXml(
      bytes(
        ciiWith(
          [
            '<ram:SellerTradeParty>',
            '<ram:BuyerReference>SERVICE-ACHATS</ram:BuyerReference><ram:SellerTradeParty>',
          ],
          [
            '</ram:BuyerTradeParty>',
            '</ram:BuyerTradeParty><ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>BC-2026-118</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument><ram:ContractReferencedDocument><ram:IssuerAssignedID>MARCHE-7</ram:IssuerAssignedID></ram:ContractReferencedDocument><ram:SpecifiedProcuringProject><ram:ID>CH-42</ram:ID><ram:Name>Chantier</ram:Name></ram:SpecifiedProcuringProject>',
          ],
          [
            '<ram:ApplicableTradeTax>\n        <ram:CalculatedAmount>68.00',
            '<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">20261001</udt:DateTimeString></ram:StartDateTime><ram:EndDateTime><udt:DateTimeString format="102">20261031</udt:DateTimeString></ram:EndDateTime></ram:BillingSpecifiedPeriod><ram:ApplicableTradeTax>\n        <ram:CalculatedAmount>68.00',
          ],
        ),
      ),
    );
    expect(invoice).toMatchObject({
      buyerReference: 'SERVICE-ACHATS',
      orderReference: 'BC-2026-118',
      contractReference: 'MARCHE-7',
      projectReference: 'CH-42',
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
    });
  });

  it('reads a UTF-8 BOM, leading white space and a UTF-16 file', () => {
    expect(readInvoiceXml(bytes(`\uFEFF \n${ciiInvoiceXml()}`)).number).toBe('FA-2026-00412');
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(ciiInvoiceXml().replace('UTF-8', 'UTF-16'), 'utf16le'),
    ]);
    expect(readInvoiceXml(utf16).totalCents).toBe(102675);
  });

  it('reads the namespaces whatever their prefixes, a default namespace included', () => {
    const expected = readInvoiceXml(bytes(ciiInvoiceXml()));
    const renamed = ciiInvoiceXml()
      .replace(/rsm:/g, 'inv:')
      .replace(/xmlns:rsm=/, 'xmlns:inv=')
      .replace(/ram:/g, 'r:')
      .replace(/xmlns:ram=/, 'xmlns:r=');
    expect(renamed).not.toContain('rsm:');
    expect(readInvoiceXml(bytes(renamed))).toEqual(expected);
    const defaulted = ciiInvoiceXml().replace(/rsm:/g, '').replace('xmlns:rsm=', 'xmlns=');
    expect(defaulted).toContain('<CrossIndustryInvoice xmlns="urn:un:unece');
    expect(readInvoiceXml(bytes(defaulted))).toEqual(expected);
  });
});

describe('readInvoiceXml: UBL 2.1', () => {
  it('reads number, dates, seller (SIRET, VAT, e-mail), buyer, totals, breakdown and lines', () => {
    const invoice = readInvoiceXml(bytes(ublInvoiceXml()));
    expect(invoice).toEqual({
      syntax: 'UBL',
      kind: 'invoice',
      typeCode: '380',
      signReversed: false,
      specification: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      number: '2026/INV/0087',
      issueDate: '2026-10-28',
      dueDate: '2026-11-27',
      notes: ['Livraison chantier rue Victor-Hugo'],
      buyerReference: 'CHANTIER-42',
      precedingInvoices: [],
      seller: {
        name: 'Élec Pro SAS',
        tradingName: 'Élec Pro',
        siren: '303265045',
        siret: '30326504500003',
        vatNumber: 'FR40303265045',
        legalRegistration: { value: '30326504500003', scheme: '0009' },
        identifiers: [],
        electronicAddress: { value: 'factures@elec-pro.fr', scheme: 'EM' },
        address: "8 boulevard de l'Industrie",
        postalCode: '44000',
        city: 'Nantes',
        countryCode: 'FR',
        email: 'claire.moreau@elec-pro.fr',
        phone: '+33 2 40 00 00 00',
      },
      buyer: { name: 'Entreprise Martin Bâtiment', identifiers: [] },
      currency: 'EUR',
      vatEuroCents: 5130,
      lines: [
        {
          id: '1',
          description: 'Câble R2V 3G2,5',
          quantity: '150',
          unit: 'MTR',
          unitPrice: '0.96',
          vatCategory: 'S',
          vatRate: '20',
          allowances: [],
          charges: [],
          total: '144.00',
          totalCents: 14400,
        },
        {
          id: '2',
          description: 'Disjoncteur 16 A',
          quantity: '25',
          unit: 'C62',
          unitPrice: '4.5',
          vatCategory: 'S',
          vatRate: '20',
          allowances: [],
          charges: [],
          total: '112.50',
          totalCents: 11250,
        },
      ],
      linesFromBreakdown: false,
      allowances: [],
      charges: [],
      vatBreakdown: [{ category: 'S', rate: '20', baseCents: 25650, vatCents: 5130 }],
      lineTotalCents: 25650,
      allowanceTotalCents: 0,
      chargeTotalCents: 0,
      netCents: 25650,
      vatCents: 5130,
      totalCents: 30780,
      prepaidCents: 0,
      roundingCents: 0,
      dueCents: 30780,
    });
  });

  it('reads the namespaces whatever their prefixes (ubl:, other cac/cbc prefixes)', () => {
    const expected = readInvoiceXml(bytes(ublInvoiceXml()));
    const renamed = ublInvoiceXml()
      .replace('<Invoice xmlns=', '<ubl:Invoice xmlns:ubl=')
      .replace('</Invoice>', '</ubl:Invoice>')
      .replace(/cac:/g, 'a:')
      .replace('xmlns:cac=', 'xmlns:a=')
      .replace(/cbc:/g, 'b:')
      .replace('xmlns:cbc=', 'xmlns:b=');
    expect(renamed).toContain('xmlns:a="urn:oasis');
    expect(readInvoiceXml(bytes(renamed))).toEqual(expected);
  });
});

describe('readInvoiceXml: refusals (400, French)', () => {
  it('refuses an XML that is not an invoice, or an invoice root in another namespace', async () => {
    expect(
      await refusal(() => readInvoiceXml(bytes('<?xml version="1.0"?><commande><ligne/></commande>'))),
    ).toEqual({
      status: 400,
      message: importMessages.notAnInvoice,
    });
    expect(
      await refusal(() => readInvoiceXml(bytes('<Invoice xmlns="urn:example:not-ubl"><ID>1</ID></Invoice>'))),
    ).toMatchObject({ status: 400, message: expect.stringContaining("n'est pas une facture") });
  });

  it('refuses an amount that is not a number, or with more than two decimals, naming it', async () => {
    for (const bad of ['1 026,75', '1026.755', '1e3', 'NaN', '']) {
      const answer = await refusal(() =>
        readInvoiceXml(bytes(ciiWith(['<ram:GrandTotalAmount>1026.75<', `<ram:GrandTotalAmount>${bad}<`]))),
      );
      expect(answer.status, bad).toBe(400);
      expect(answer.message, bad).toContain('le total TTC');
    }
    const line = await refusal(() =>
      readInvoiceXml(
        bytes(ublWith(['<cbc:PriceAmount currencyID="EUR">4.5<', '<cbc:PriceAmount currencyID="EUR">4,5<'])),
      ),
    );
    expect(line).toEqual({
      status: 400,
      message:
        'La facture électronique contient un montant invalide pour le prix unitaire de la ligne 2 (« 4,5 ») : elle ne peut pas être importée.',
    });
  });

  it('refuses a missing number, type code or currency, an impossible date', async () => {
    expect(
      await refusal(() => readInvoiceXml(bytes(ciiWith(['<ram:ID>FA-2026-00412</ram:ID>', ''])))),
    ).toEqual({
      status: 400,
      message: 'La facture électronique est incomplète : il manque le numéro de la facture.',
    });
    expect(
      (await refusal(() => readInvoiceXml(bytes(ciiWith(['>20261103<', '>20260231<']))))).message,
    ).toContain('date invalide pour la date de la facture');
    expect(
      await refusal(() => readInvoiceXml(bytes(ciiWith(['<ram:TypeCode>380</ram:TypeCode>', ''])))),
    ).toEqual({
      status: 400,
      message: 'La facture électronique est incomplète : il manque le type de document (BT-3).',
    });
    expect(
      await refusal(() =>
        readInvoiceXml(bytes(ublWith(['<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>', '']))),
      ),
    ).toEqual({
      status: 400,
      message: 'La facture électronique est incomplète : il manque la devise de la facture (BT-5).',
    });
  });
});

describe('readInvoiceXml: hostile XML', () => {
  it('refuses external entities (XXE) before parsing: nothing of /etc/passwd is read or shown', async () => {
    const answer = await refusal(() => readInvoiceXml(bytes(xxeInvoice())));
    expect(answer).toEqual({ status: 400, message: importMessages.doctype });
    expect(answer.message).not.toMatch(/root:|passwd/);
  });

  it('never follows XInclude nor a stylesheet processing instruction: they stay inert markup', async () => {
    const xinclude = ciiWith([
      '<ram:Name>Matériaux Dupont &amp; Fils</ram:Name>',
      '<ram:Name><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/></ram:Name>',
    ]);
    const answer = await refusal(() => readInvoiceXml(bytes(xinclude)));
    expect(answer).toEqual({ status: 400, message: importMessages.missing('le nom du fournisseur') });
    const stylesheet = ciiWith([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet type="text/xsl" href="file:///etc/passwd"?>',
    ]);
    expect(readInvoiceXml(bytes(stylesheet)).seller.name).toBe('Matériaux Dupont & Fils');
  });

  it('refuses "billion laughs" at once, without expanding anything', async () => {
    const started = performance.now();
    expect(await refusal(() => readInvoiceXml(bytes(billionLaughs())))).toEqual({
      status: 400,
      message: importMessages.doctype,
    });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a lowercase or spaced DOCTYPE and an internal subset alone', async () => {
    for (const xml of [
      '<!doctype x><x/>',
      '<?xml version="1.0"?>\n<!DOCTYPE  x SYSTEM "http://example.com/x.dtd"><x/>',
      '<x><!ENTITY a "b"></x>',
    ]) {
      expect((await refusal(() => readInvoiceXml(bytes(xml)))).message, xml).toBe(importMessages.doctype);
    }
  });

  it(`refuses nesting deeper than ${maxXmlDepth} elements, 10 MB of it included, without a stack overflow`, async () => {
    const tenMegabytes = nestedXml(1_500_000);
    expect(tenMegabytes.length).toBeGreaterThan(10_000_000);
    expect(await refusal(() => readInvoiceXml(bytes(tenMegabytes)))).toMatchObject({ status: 400 });
    // Under the size limit, the depth check is what refuses it.
    expect(await refusal(() => readInvoiceXml(bytes(nestedXml(500_000))))).toEqual({
      status: 400,
      message: importMessages.tooDeep(maxXmlDepth),
    });
    expect(await refusal(() => readInvoiceXml(bytes(nestedXml(maxXmlDepth + 1))))).toEqual({
      status: 400,
      message: importMessages.tooDeep(maxXmlDepth),
    });
    // At the limit, it is read (and is no invoice).
    expect((await refusal(() => readInvoiceXml(bytes(nestedXml(maxXmlDepth))))).message).toBe(
      importMessages.notAnInvoice,
    );
  });

  it('refuses broken XML with one French sentence, whatever the fault', async () => {
    for (const xml of [
      ciiInvoiceXml().slice(0, 2000),
      '<a><b></a></b>',
      '<a attr="x></a>',
      '<a></a><b></b>',
      '<a>text</a',
      '<a><!-- never closed </a>',
      ciiWith(['<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>380</ram:Typecode>']),
    ]) {
      expect(await refusal(() => readInvoiceXml(bytes(xml))), xml.slice(0, 40)).toEqual({
        status: 400,
        message: importMessages.brokenXml,
      });
    }
  });
});

describe('readEInvoice: recognised by content', () => {
  it('reads a Factur-X PDF (factur-x.xml embedded) and a ZUGFeRD one (ZUGFeRD-invoice.xml)', async () => {
    const facturX = await readEInvoice(await facturXPdf());
    expect(facturX.format).toBe('pdf');
    expect(facturX.invoice).toEqual(readInvoiceXml(bytes(ciiInvoiceXml())));
    const zugferd = await readEInvoice(
      await pdfWith({ name: 'ZUGFeRD-invoice.xml', content: ciiInvoiceXml() }),
    );
    expect(zugferd.invoice.number).toBe('FA-2026-00412');
  });

  it('reads the embedded XML under each name the formats use: zugferd-invoice.xml, xrechnung.xml (any case)', async () => {
    for (const name of ['zugferd-invoice.xml', 'xrechnung.xml', 'XRechnung.XML', 'Factur-X.xml']) {
      const read = await readEInvoice(await pdfWith({ name, content: ublInvoiceXml() }));
      expect(read.invoice.number, name).toBe('2026/INV/0087');
    }
  });

  it('reads CII and UBL files as XML, whatever their name would say', async () => {
    expect((await readEInvoice(bytes(ciiInvoiceXml()))).format).toBe('xml');
    expect((await readEInvoice(bytes(ublInvoiceXml()))).invoice.number).toBe('2026/INV/0087');
  });

  it('refuses a PDF without an embedded invoice, or with another attachment only (400)', async () => {
    expect(await refusal(async () => readEInvoice(await pdfWith()))).toEqual({
      status: 400,
      message: importMessages.pdfWithoutInvoice,
    });
    expect(
      await refusal(async () =>
        readEInvoice(await pdfWith({ name: 'bon-de-livraison.xml', content: ciiInvoiceXml() })),
      ),
    ).toEqual({ status: 400, message: importMessages.pdfWithoutInvoice });
    expect(importMessages.pdfWithoutInvoice).toMatch(
      /^Ce PDF ne contient pas de facture électronique \(Factur-X ou ZUGFeRD\)/,
    );
  });

  it('refuses a Factur-X PDF whose XML is hostile, as the XML alone would be', async () => {
    expect(await refusal(async () => readEInvoice(await facturXPdf(xxeInvoice())))).toEqual({
      status: 400,
      message: importMessages.doctype,
    });
  });

  it('refuses a damaged PDF (400) and a PNG, a text file or an empty file (415 / 400)', async () => {
    expect(await refusal(() => readEInvoice(Buffer.from('%PDF-1.7\n garbage without objects')))).toEqual({
      status: 400,
      message: importMessages.pdfUnreadable,
    });
    expect(await refusal(() => readEInvoice(pngBytes()))).toEqual({
      status: 415,
      message: importMessages.unsupported,
    });
    expect(await refusal(() => readEInvoice(bytes('Facture n° 12 : 100 €')))).toEqual({
      status: 415,
      message: importMessages.unsupported,
    });
    expect(await refusal(() => readEInvoice(Buffer.alloc(0)))).toEqual({
      status: 400,
      message: importMessages.empty,
    });
  });
});

describe('readEInvoice: damaged files never crash it', () => {
  /** A small seeded generator (mulberry32), so that a failure replays. */
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** Either an invoice or a refusal with a status and a French sentence: never another error. */
  async function outcome(file: Buffer): Promise<string> {
    try {
      await readEInvoice(file);
      return 'read';
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      expect([400, 415]).toContain(error.statusCode);
      expect(error.message).not.toMatch(/Error|\n\s+at |undefined|null/);
      return String(error.statusCode);
    }
  }

  it('answers every mutation of the CII sample with the invoice or a 400/415', async () => {
    const next = random(16);
    const xml = ciiInvoiceXml();
    const pieces = [
      '<',
      '>',
      '&',
      '"',
      "'",
      '</',
      '/>',
      '<!--',
      ']]>',
      '&amp;',
      '\u0000',
      '<!DOCTYPE x>',
      '<ram:X>',
    ];
    const seen = new Set<string>();
    for (let round = 0; round < 400; round += 1) {
      const at = Math.floor(next() * xml.length);
      const cut = Math.floor(next() * 20);
      const piece = pieces[Math.floor(next() * pieces.length)] ?? '';
      seen.add(await outcome(Buffer.from(xml.slice(0, at) + piece + xml.slice(at + cut))));
    }
    // Some mutations still read (in text), most are refused.
    expect(seen).toContain('400');
  });

  it('answers every damaged Factur-X PDF with the invoice or a 400', async () => {
    const next = random(19);
    const pdf = await facturXPdf();
    for (let round = 0; round < 60; round += 1) {
      const damaged = Buffer.from(pdf);
      for (let flip = 0; flip < 1 + Math.floor(next() * 8); flip += 1) {
        damaged[8 + Math.floor(next() * (damaged.length - 8))] = Math.floor(next() * 256);
      }
      const truncated = next() < 0.3 ? damaged.subarray(0, Math.floor(next() * damaged.length) + 8) : damaged;
      expect(['read', '400']).toContain(await outcome(truncated));
    }
  });
});
