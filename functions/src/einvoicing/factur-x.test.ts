/**
 * Factur-X emission (DOCUMENTS.md § 6, `docs/factur-x.md`): the PDF of each kind of issued document
 * carries its `factur-x.xml` as the Alternative associated file with the Factur-X XMP, and the XML
 * passes the official files vendored in `e-invoicing/validation` (XSD, EN 16931 and French
 * Schematron rules): no failed assertion but warnings. Its figures are the invoice's.
 */
import { XmlDocument } from 'libxml2-wasm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_INDEMNITY_MENTION, VAT_ON_DEBITS_MENTION } from '../pdf/document-content.js';
import type { InvoicePdfInput } from '../pdf/pdf-input.js';
import { readEInvoice } from './import/read-e-invoice.js';
import { FACTUR_X_XMP_NAMESPACE, renderInvoicePdf } from '../pdf/render.js';
import {
  companyInvoiceInput,
  creditNoteInput,
  depositInvoiceInput,
  franchiseInvoiceInput,
  reverseChargeInvoiceInput,
  sampleInvoice,
  sampleSeller,
  situationInvoiceInput,
} from '../pdf/sample-documents.js';
import {
  describeValidation,
  schemaErrors,
  schematronFailures,
  splitFailures,
  validateFacturX,
  type FacturXValidation,
} from '../test-support/factur-x-validation.js';
import {
  AUTOLIQUIDATION_REASON,
  FRANCHISE_REASON,
  RECOVERY_INDEMNITY_NOT_APPLICABLE,
  buildFacturXml,
} from './cii-invoice.js';

const namespaces = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  dc: 'http://purl.org/dc/elements/1.1/',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  pdfaExtension: 'http://www.aiim.org/pdfa/ns/extension/',
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
  pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#',
  fx: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
};

const settlement =
  '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';
const agreement =
  '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement';
const summation = `${settlement}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
const lines =
  '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem';

/** Whitespace folded, no-break spaces included, as pdf.js reads a PDF's text. */
const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

/** XPath string values of an XML document, whitespace folded (no-break spaces too). */
function reader(xml: string): { text: (xpath: string) => string; count: (xpath: string) => number } {
  const doc = XmlDocument.fromString(xml);
  const text = (xpath: string) => {
    const value = doc.eval(`string(${xpath})`, namespaces);
    if (typeof value !== 'string') throw new Error(`${xpath} is not a string`);
    return fold(value);
  };
  const count = (xpath: string) => Number(doc.eval(`count(${xpath})`, namespaces));
  return { text, count };
}

/** A note's content by its subject code (BT-21), whitespace folded. */
const noteXPath = (subject: string) =>
  `/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:IncludedNote[ram:SubjectCode = '${subject}']/ram:Content`;

/** The PDF's XMP packet (pdfkit writes it uncompressed), parsed. */
function xmpOf(pdf: Buffer): ReturnType<typeof reader> {
  const start = pdf.indexOf('<?xpacket begin');
  const end = pdf.indexOf('<?xpacket end="w"?>');
  if (start < 0 || end < start) throw new Error('no XMP packet');
  return reader(pdf.subarray(start, end + '<?xpacket end="w"?>'.length).toString('utf8'));
}

interface Rendered {
  pdf: Buffer;
  raw: string;
  xml: string;
  text: string;
  attachment: { filename: string; description?: string };
  validation: FacturXValidation;
}

/** Renders the issued PDF, reads its text and its `factur-x.xml`, and validates the XML. */
async function render(input: InvoicePdfInput): Promise<Rendered> {
  const pdf = await renderInvoicePdf(input);
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  try {
    const attachments = (await document.getAttachments()) as Record<
      string,
      { filename: string; content: Uint8Array; description?: string }
    > | null;
    const file = attachments?.['factur-x.xml'];
    if (!file)
      throw new Error(`no factur-x.xml attached (attachments: ${Object.keys(attachments ?? {}).join(', ')})`);
    const xml = new TextDecoder().decode(file.content);
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return {
      pdf,
      raw: pdf.toString('latin1'),
      xml,
      text: fold(pages.join(' ')),
      attachment: { filename: file.filename, ...(file.description ? { description: file.description } : {}) },
      validation: await validateFacturX(xml),
    };
  } finally {
    await document.destroy();
  }
}

/** What every case checks: the file, the XMP, the validation, and the figures against the invoice. */
function expectFacturX(
  rendered: Rendered,
  input: InvoicePdfInput,
  typeCode: string,
): ReturnType<typeof reader> {
  const { invoice } = input;
  expect(rendered.attachment.filename).toBe('factur-x.xml');
  // The catalog lists the file as an associated file (/AF) and an embedded file, its specification
  // says Alternative (pdfkit writes dictionaries in clear).
  const catalog = /<<\n\/Type \/Catalog\n(?:[^>\n]*\n)*?\/AF \[(\d+) 0 R\]\n/.exec(rendered.raw);
  const spec = catalog?.[1];
  expect(spec, 'the catalog has no /AF').toBeDefined();
  expect(rendered.raw).toMatch(
    new RegExp(
      `\\n${spec} 0 obj\\n<<\\n/Type /Filespec\\n/AFRelationship /Alternative\\n/F \\(factur-x\\.xml\\)`,
    ),
  );
  expect(rendered.raw).toMatch(
    new RegExp(`/EmbeddedFiles <<\\s*/Names \\[\\s*\\(factur-x\\.xml\\) ${spec} 0 R`),
  );
  expect(rendered.raw).toMatch(/\/Subtype \/text#2Fxml/);
  // The XMP: well-formed, PDF/A-3b, the fx extension schema described and its values.
  const xmp = xmpOf(rendered.pdf);
  expect(xmp.text('//pdfaid:part')).toBe('3');
  expect(xmp.text('//pdfaid:conformance')).toBe('B');
  const schema = `//pdfaExtension:schemas/rdf:Bag/rdf:li[pdfaSchema:namespaceURI = '${FACTUR_X_XMP_NAMESPACE}']`;
  expect(xmp.text(`${schema}/pdfaSchema:prefix`)).toBe('fx');
  for (const property of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel']) {
    expect(xmp.count(`${schema}/pdfaSchema:property/rdf:Seq/rdf:li[pdfaProperty:name = '${property}']`)).toBe(
      1,
    );
  }
  expect(xmp.text('//fx:DocumentType')).toBe('INVOICE');
  expect(xmp.text('//fx:DocumentFileName')).toBe('factur-x.xml');
  expect(xmp.text('//fx:Version')).toBe('1.0');
  expect(xmp.text('//fx:ConformanceLevel')).toBe('EN 16931');

  const { validation } = rendered;
  expect(validation.schemaErrors, describeValidation(validation)).toEqual([]);
  expect(validation.errors, describeValidation(validation)).toEqual([]);

  const xml = reader(rendered.xml);
  expect(xml.text('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID')).toBe(invoice.number);
  expect(xml.text('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:TypeCode')).toBe(typeCode);
  expect(
    xml.text('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString'),
  ).toBe(invoice.issueDate?.replace(/-/g, ''));
  expect(
    xml.text(
      '/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID',
    ),
  ).toBe('urn:cen.eu:en16931:2017');

  // Lines: one per invoice line, its amount HT.
  expect(xml.count(lines)).toBe(invoice.lines.length);
  invoice.lines.forEach((line, index) => {
    const at = `${lines}[${index + 1}]`;
    expect(xml.text(`${at}/ram:SpecifiedTradeProduct/ram:Name`)).toBe(fold(line.description));
    expect(
      xml.text(
        `${at}/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount`,
      ),
    ).toBe(line.total);
    expect(
      xml.text(`${at}/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:RateApplicablePercent`),
    ).toBe(line.vatRate);
  });

  // The VAT breakdown is the invoice's, rate by rate.
  expect(xml.count(`${settlement}/ram:ApplicableTradeTax`)).toBe(invoice.vatBreakdown.length);
  for (const entry of invoice.vatBreakdown) {
    const at = `${settlement}/ram:ApplicableTradeTax[ram:RateApplicablePercent = '${entry.rate}']`;
    expect(xml.text(`${at}/ram:BasisAmount`)).toBe(entry.base);
    expect(xml.text(`${at}/ram:CalculatedAmount`)).toBe(entry.amount);
  }

  // Totals BT-106, 109, 110, 112, 115.
  expect(xml.text(`${summation}/ram:LineTotalAmount`)).toBe(invoice.totalAmount);
  expect(xml.text(`${summation}/ram:TaxBasisTotalAmount`)).toBe(invoice.totalAmount);
  expect(xml.text(`${summation}/ram:TaxTotalAmount[@currencyID = 'EUR']`)).toBe(invoice.vatAmount);
  expect(xml.text(`${summation}/ram:GrandTotalAmount`)).toBe(invoice.totalWithVat);
  expect(xml.text(`${summation}/ram:DuePayableAmount`)).toBe(invoice.totalWithVat);

  // Seller: SIREN (0002), SIRET (0009), directory address (0225).
  expect(xml.text(`${agreement}/ram:SellerTradeParty/ram:Name`)).toBe(input.seller.name);
  expect(
    xml.text(`${agreement}/ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID[@schemeID = '0002']`),
  ).toBe(input.seller.siren);
  expect(xml.text(`${agreement}/ram:SellerTradeParty/ram:GlobalID[@schemeID = '0009']`)).toBe(
    input.seller.siret,
  );
  expect(
    xml.text(`${agreement}/ram:SellerTradeParty/ram:URIUniversalCommunication/ram:URIID[@schemeID = '0225']`),
  ).toBe(input.seller.siren);
  expect(xml.text(`${agreement}/ram:BuyerTradeParty/ram:Name`)).toBe(input.buyer.name);

  // The notes the French rules want, once each (BR-FR-05, BR-FR-06).
  for (const subject of ['PMD', 'PMT', 'AAB']) expect(xml.count(noteXPath(subject))).toBe(1);
  return xml;
}

/** The note's text is printed on the PDF (whitespace as pdf.js reads it). */
function expectPrinted(rendered: Rendered, note: string): void {
  expect(note).not.toBe('');
  expect(rendered.text).toContain(fold(note));
}

/**
 * Rendering, reading and validating one document takes 1–2 s, the first one more (SaxonJS loads the
 * stylesheets); a loaded machine running every suite at once needs more than Vitest's 5 s.
 */
const slow = { timeout: 60_000 };

describe(
  'Factur-X: an issued facture is a PDF/A-3b carrying its factur-x.xml, valid EN 16931 and French rules',
  slow,
  () => {
    it('a standard facture to a company client (380, S, buyer SIREN, IBAN, PMD/PMT/AAB as printed)', async () => {
      const input = companyInvoiceInput();
      const rendered = await render(input);
      const xml = expectFacturX(rendered, input, '380');
      expect(
        xml.text(
          '/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID',
        ),
      ).toBe('S1');
      expect(xml.text(`${settlement}/ram:ApplicableTradeTax/ram:CategoryCode`)).toBe('S');
      expect(
        xml.text(
          `${agreement}/ram:BuyerTradeParty/ram:SpecifiedLegalOrganization/ram:ID[@schemeID = '0002']`,
        ),
      ).toBe('418765432');
      expect(
        xml.text(
          `${agreement}/ram:BuyerTradeParty/ram:URIUniversalCommunication/ram:URIID[@schemeID = '0225']`,
        ),
      ).toBe('418765432');
      expect(
        xml.text(`${agreement}/ram:BuyerTradeParty/ram:SpecifiedTaxRegistration/ram:ID[@schemeID = 'VA']`),
      ).toBe('FR32418765432');
      expect(xml.text(`${settlement}/ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode`)).toBe('58');
      expect(
        xml.text(
          `${settlement}/ram:SpecifiedTradeSettlementPaymentMeans/ram:PayeePartyCreditorFinancialAccount/ram:IBANID`,
        ),
      ).toBe('FR7630006000011234567890189');
      expect(
        xml.text(`${settlement}/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString`),
      ).toBe('20260415');
      // The works' period and the site address the PDF prints.
      expect(xml.text(`${settlement}/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString`)).toBe(
        '20260202',
      );
      expect(xml.text(`${settlement}/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString`)).toBe(
        '20260313',
      );
      expect(
        xml.text(
          '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:PostalTradeAddress/ram:LineOne',
        ),
      ).toBe('27 rue Garibaldi');
      for (const subject of ['PMD', 'PMT', 'AAB']) expectPrinted(rendered, xml.text(noteXPath(subject)));
      expect(xml.text(noteXPath('PMT'))).toBe(fold(RECOVERY_INDEMNITY_MENTION));
      expect(rendered.validation.warnings).toEqual([]);
    });

    it('an autoliquidation facture (AE, VATEX-EU-AE, both VAT numbers, no VAT)', async () => {
      const input = reverseChargeInvoiceInput();
      const rendered = await render(input);
      const xml = expectFacturX(rendered, input, '380');
      const tax = `${settlement}/ram:ApplicableTradeTax`;
      expect(xml.text(`${tax}/ram:CategoryCode`)).toBe('AE');
      expect(xml.text(`${tax}/ram:ExemptionReasonCode`)).toBe('VATEX-EU-AE');
      expect(xml.text(`${tax}/ram:ExemptionReason`)).toBe(AUTOLIQUIDATION_REASON);
      expect(xml.text(`${summation}/ram:TaxTotalAmount`)).toBe('0.00');
      expect(
        xml.count(
          `${lines}/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax[ram:CategoryCode = 'AE']`,
        ),
      ).toBe(input.invoice.lines.length);
      expect(
        xml.text(`${agreement}/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID[@schemeID = 'VA']`),
      ).toBe('FR19812345676');
      expect(
        xml.text(`${agreement}/ram:BuyerTradeParty/ram:SpecifiedTaxRegistration/ram:ID[@schemeID = 'VA']`),
      ).toBe('FR32418765432');
      expectPrinted(rendered, AUTOLIQUIDATION_REASON);
      expect(rendered.validation.warnings).toEqual([]);
    });

    it('a facture of a company under the VAT franchise to a private client (E, VATEX-FR-FRANCHISE, 293 B)', async () => {
      const input = franchiseInvoiceInput();
      const rendered = await render(input);
      const xml = expectFacturX(rendered, input, '380');
      const tax = `${settlement}/ram:ApplicableTradeTax`;
      expect(xml.text(`${tax}/ram:CategoryCode`)).toBe('E');
      expect(xml.text(`${tax}/ram:ExemptionReasonCode`)).toBe('VATEX-FR-FRANCHISE');
      expect(xml.text(`${tax}/ram:ExemptionReason`)).toBe(FRANCHISE_REASON);
      expectPrinted(rendered, FRANCHISE_REASON);
      // No VAT number: the seller's tax registration is its SIREN (BR-E-02).
      expect(
        xml.text(`${agreement}/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID[@schemeID = 'FC']`),
      ).toBe('812345676');
      // A private client: no SIREN, its e-mail as electronic address (BT-49, BR-FR-12).
      expect(xml.count(`${agreement}/ram:BuyerTradeParty/ram:SpecifiedLegalOrganization`)).toBe(0);
      expect(
        xml.text(
          `${agreement}/ram:BuyerTradeParty/ram:URIUniversalCommunication/ram:URIID[@schemeID = 'EM']`,
        ),
      ).toBe('claire.martin@example.fr');
      // The 40 € indemnity does not apply to a consumer: the PMT note says so.
      expect(xml.text(noteXPath('PMT'))).toBe(fold(RECOVERY_INDEMNITY_NOT_APPLICABLE));
      for (const subject of ['PMD', 'AAB']) expectPrinted(rendered, xml.text(noteXPath(subject)));
      expect(rendered.validation.warnings).toEqual([]);
    });

    it("a facture d'acompte (386, S1) of DOCUMENTS.md § 4's contract: 5 000.00 HT, 6 000.00 TTC", async () => {
      const input = depositInvoiceInput();
      const rendered = await render(input);
      const xml = expectFacturX(rendered, input, '386');
      expect(
        xml.text(
          '/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID',
        ),
      ).toBe('S1');
      expect(xml.text(`${summation}/ram:GrandTotalAmount`)).toBe('6000.00');
      expect(xml.text(`${agreement}/ram:ContractReferencedDocument/ram:IssuerAssignedID`)).toBe(
        'DEV-2026-0031',
      );
      // A deposit has no works date yet: the mandatory delivery block is empty (a warning, not an error).
      expect(rendered.validation.warnings.map((warning) => warning.id)).toEqual(['FX-SCH-A-000372']);
    });

    it('a situation with its deposit deduction (380, S4): S2 of the worked example, the retention in a note', async () => {
      const input = situationInvoiceInput();
      const rendered = await render(input);
      const xml = expectFacturX(rendered, input, '380');
      expect(
        xml.text(
          '/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID',
        ),
      ).toBe('S4');
      // Works of this situation: A 30 % → 75 % of 40 000, B 0 % → 50 % of 10 000; the deposit deducted
      // is a line of quantity −1.
      expect(xml.count(lines)).toBe(3);
      expect(
        xml.text(
          `${lines}[1]/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount`,
        ),
      ).toBe('18000.00');
      expect(
        xml.text(
          `${lines}[2]/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount`,
        ),
      ).toBe('5000.00');
      expect(xml.text(`${lines}[3]/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity`)).toBe('-1.000');
      expect(
        xml.text(
          `${lines}[3]/ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount`,
        ),
      ).toBe('2300.00');
      expect(
        xml.text(
          `${lines}[3]/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount`,
        ),
      ).toBe('-2300.00');
      expect(xml.text(`${lines}[1]/ram:AssociatedDocumentLineDocument/ram:IncludedNote/ram:Content`)).toBe(
        fold(
          'Marché 40 000,00 € HT ; cumul précédent 30 % (12 000,00 €) ; cumul à date 75 % (30 000,00 €) ; cette situation 18 000,00 € HT',
        ),
      );
      // The figures of the worked example, S2.
      expect(xml.text(`${summation}/ram:LineTotalAmount`)).toBe('20700.00');
      expect(xml.text(`${summation}/ram:TaxTotalAmount`)).toBe('4140.00');
      expect(xml.text(`${summation}/ram:GrandTotalAmount`)).toBe('24840.00');
      // EN 16931 has no retention: BT-115 is the TTC, the note and the payment terms state the
      // retention and the net à payer the PDF prints.
      expect(xml.text(`${summation}/ram:DuePayableAmount`)).toBe('24840.00');
      const retention = xml.text(noteXPath('AAI'));
      expect(retention).toContain('Retenue de garantie');
      expect(retention).toContain(fold('5 %'));
      expect(retention).toContain(fold('1 380,00 €'));
      expect(retention).toContain(fold('Net à payer : 23 460,00 €'));
      expect(xml.text(`${settlement}/ram:SpecifiedTradePaymentTerms/ram:Description`)).toContain(
        fold('Net à payer : 23 460,00 €'),
      );
      expect(rendered.text).toContain(fold('Net à payer 23 460,00 €'));
      expect(rendered.validation.warnings).toEqual([]);
    });

    it('an avoir (381) citing the credited invoice (BT-25, BT-26), amounts positive', async () => {
      const input = creditNoteInput();
      const rendered = await render(input);
      const xml = expectFacturX(rendered, input, '381');
      expect(xml.text(`${settlement}/ram:InvoiceReferencedDocument/ram:IssuerAssignedID`)).toBe(
        'FAC-2026-0017',
      );
      expect(
        xml.text(`${settlement}/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString`),
      ).toBe('20260316');
      expect(xml.text(`${summation}/ram:GrandTotalAmount`)).toBe('935.76');
      expect(xml.text(`${lines}[1]/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity`)).toBe('2.000');
      expect(xml.count(`${settlement}/ram:SpecifiedTradeSettlementPaymentMeans`)).toBe(0);
      expect(rendered.validation.warnings.map((warning) => warning.id)).toEqual(['FX-SCH-A-000372']);
    });
  },
);

describe('Factur-X: other cases', slow, () => {
  it('an invoice of a devis with lots: each line’s note names its lot (BT-127), the PDF prints the subtotals', async () => {
    const base = companyInvoiceInput();
    const sections = ['1', '2.1', '2.1'] as const;
    const input = {
      ...base,
      invoice: {
        ...base.invoice,
        sections: [
          { section: '1', title: 'Démolition' },
          { section: '2', title: 'Aménagement' },
          { section: '2.1', title: 'Plafonds et cloisons' },
        ],
        lines: base.invoice.lines.map((line, index) => ({ ...line, section: sections[index] })),
      },
    };
    const rendered = await render(input);
    const xml = expectFacturX(rendered, input, '380');
    const note = (index: number) =>
      xml.text(`${lines}[${index}]/ram:AssociatedDocumentLineDocument/ram:IncludedNote/ram:Content`);
    expect(note(1)).toBe('1 Démolition');
    expect(note(3)).toBe('2 Aménagement › 2.1 Plafonds et cloisons');
    // 3 658.95 + 5 536.58 = 9 195.53 HT for the lot 2 (and its 2.1).
    expect(rendered.text).toContain(fold('Sous-total 1 Démolition 1 850,00 €'));
    expect(rendered.text).toContain(fold('Sous-total 2.1 Plafonds et cloisons 9 195,53 €'));
    expect(rendered.text).toContain(fold('Sous-total 2 Aménagement 9 195,53 €'));
    expect(rendered.validation.warnings).toEqual([]);
  });

  it('a 0 % line in the normal regime is Z, reduced rates S with the certification, débits BT-8 = 5', async () => {
    const input: InvoicePdfInput = {
      ...franchiseInvoiceInput(),
      seller: { ...sampleSeller, vatOnDebits: true },
      invoice: sampleInvoice(
        [
          {
            description: 'Pose de carrelage, séjour',
            unit: 'm²',
            quantity: '24.500',
            unitPrice: '58.20',
            vatRate: '10.00',
          },
          {
            description: 'Isolation des combles',
            unit: 'm²',
            quantity: '62.000',
            unitPrice: '29.35',
            vatRate: '5.50',
          },
          {
            description: 'Nettoyage de fin de chantier',
            unit: 'forfait',
            quantity: '1.000',
            unitPrice: '380.00',
            vatRate: '20.00',
          },
          {
            description: 'Prêt de matériel (non facturé)',
            unit: 'u',
            quantity: '1.000',
            unitPrice: '0.00',
            vatRate: '0.00',
          },
        ],
        {
          number: 'FAC-2026-0030',
          title: 'Rénovation du séjour',
          issueDate: '2026-04-24',
          dueDate: '2026-05-24',
        },
      ),
    };
    const rendered = await render(input);
    const xml = expectFacturX(rendered, input, '380');
    const tax = (rate: string) =>
      `${settlement}/ram:ApplicableTradeTax[ram:RateApplicablePercent = '${rate}']`;
    expect(xml.text(`${tax('0.00')}/ram:CategoryCode`)).toBe('Z');
    expect(xml.text(`${tax('0.00')}/ram:CalculatedAmount`)).toBe('0.00');
    for (const rate of ['20.00', '10.00', '5.50']) {
      expect(xml.text(`${tax(rate)}/ram:CategoryCode`)).toBe('S');
      expect(xml.text(`${tax(rate)}/ram:DueDateTypeCode`)).toBe('5');
    }
    const mentions = `/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:IncludedNote[ram:SubjectCode = 'REG']/ram:Content`;
    expect(xml.count(`${mentions}[. = "${VAT_ON_DEBITS_MENTION}"]`)).toBe(1);
    expect(xml.count(`${mentions}[starts-with(., 'Le client certifie')]`)).toBe(1);
    expect(rendered.validation.warnings).toEqual([]);
  });

  it("is read back by the product's own reception (Achats): number, dates, seller, totals, lines", async () => {
    const input = situationInvoiceInput();
    const { invoice } = await readEInvoice(new Uint8Array(await renderInvoicePdf(input)));
    expect(invoice).toMatchObject({
      syntax: 'CII',
      number: 'FAC-2026-0024',
      issueDate: '2026-05-29',
      dueDate: '2026-06-28',
      seller: { name: 'Bâtir Rhône Construction', siren: '812345676', vatNumber: 'FR19812345676' },
      netCents: 2_070_000,
      vatCents: 414_000,
      totalCents: 2_484_000,
    });
    expect(invoice.lines.map((line) => [line.quantity, line.unitPrice, line.total])).toEqual([
      ['1.000', '18000.00', '18000.00'],
      ['1.000', '5000.00', '5000.00'],
      ['-1.000', '2300.00', '-2300.00'],
    ]);
  });

  it('names with &, < and quotes: the XMP stays well-formed, the XML escapes them and validates', async () => {
    const name = 'Durand & Fils <Bâtiment>';
    const base = companyInvoiceInput({ title: 'Cloisons & "plafonds"' });
    const input: InvoicePdfInput = {
      ...base,
      seller: { ...base.seller, name },
      buyer: { ...base.buyer, name: "L'Atelier & Co" },
    };
    const rendered = await render(input);
    const xml = expectFacturX(rendered, input, '380');
    expect(xml.text(`${agreement}/ram:SellerTradeParty/ram:Name`)).toBe(name);
    expect(xml.text(`${agreement}/ram:BuyerTradeParty/ram:Name`)).toBe("L'Atelier & Co");
    const xmp = xmpOf(rendered.pdf);
    expect(xmp.text('//dc:creator/rdf:Seq/rdf:li')).toBe(name);
    expect(xmp.text('//dc:description/rdf:Alt/rdf:li')).toBe('Cloisons & "plafonds"');
  });
});

describe('Factur-X: what is not a Factur-X file, and the validation can fail', slow, () => {
  let standardXml: string;
  beforeAll(() => {
    standardXml = buildFacturXml(companyInvoiceInput());
  });

  it('a draft preview (BROUILLON) carries no XML and no Factur-X XMP', async () => {
    const pdf = await renderInvoicePdf(companyInvoiceInput({ status: 'draft', number: undefined }));
    const raw = pdf.toString('latin1');
    expect(raw).not.toContain('factur-x.xml');
    expect(raw).not.toContain('/AFRelationship');
    expect(raw).not.toContain(FACTUR_X_XMP_NAMESPACE);
    expect(() => buildFacturXml(companyInvoiceInput({ status: 'draft', number: undefined }))).toThrow();
  });

  it('the same issued invoice gives the same bytes', async () => {
    const input = situationInvoiceInput();
    expect((await renderInvoicePdf(input)).equals(await renderInvoicePdf(input))).toBe(true);
  });

  it('without the seller SIREN the French rules fail (BR-FR-10)', async () => {
    const xml = standardXml.replace(
      /<ram:SpecifiedLegalOrganization>\s*<ram:ID schemeID="0002">812345676<\/ram:ID>\s*<\/ram:SpecifiedLegalOrganization>/,
      '',
    );
    expect(xml).not.toBe(standardXml);
    // The French rules' stylesheet alone: the other checks are the valid cases' (above).
    const { errors } = splitFailures(await schematronFailures(xml, 'BR-FR-Flux2-Schematron-CII.xslt'));
    expect(errors.map((error) => error.id)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^BR-FR-10/)]),
    );
  });

  it('a VAT amount off by more than the tolerance fails EN 16931 (BR-CO-17), a wrong element the XSD', async () => {
    const vat = standardXml.replace(
      /(<ram:ApplicableTradeTax>\s*<ram:CalculatedAmount>)([\d.]+)/,
      (_, head: string, amount: string) => `${head}${(Number(amount) + 5).toFixed(2)}`,
    );
    expect(vat).not.toBe(standardXml);
    // The EN 16931 stylesheet alone (the rule is its), then the XSD alone.
    const validation = {
      schemaErrors: [],
      ...splitFailures(await schematronFailures(vat, 'FACTUR-X_EN16931.xslt')),
    };
    // The EN 16931 stylesheet names its assertions FX-SCH-A-…, the rule in the text.
    expect(
      validation.errors.some((error) => error.text.includes('[BR-CO-17]')),
      describeValidation(validation),
    ).toBe(true);

    const misplaced = standardXml.replace('<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>', '');
    expect(schemaErrors(misplaced)).not.toEqual([]);
  });
});
