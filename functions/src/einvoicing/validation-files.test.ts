/**
 * The Factur-X validation the tests run: the compiled stylesheets match the vendored official ones
 * (else `npm run einvoicing:compile`), and the harness does fail an invoice that breaks the rules,
 * so a passing Factur-X test means something.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schemaErrors, schematronStylesheets, validateFacturX } from '../test-support/factur-x-validation.js';

const root = new URL('../../../e-invoicing/', import.meta.url);

/** A CII invoice that matches the XSD but names neither the seller's SIREN nor any of its ids. */
const anonymousSeller = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>FAC-2026-0001</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20261125</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>Pose de carrelage</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>100.00</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20.00</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>100.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>Vendeur</ram:Name><ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Acheteur</ram:Name><ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:ApplicableTradeTax><ram:CalculatedAmount>20.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>100.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20.00</ram:RateApplicablePercent></ram:ApplicableTradeTax>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>100.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">20.00</ram:TaxTotalAmount><ram:GrandTotalAmount>120.00</ram:GrandTotalAmount>
        <ram:DuePayableAmount>120.00</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;

describe('Factur-X validation files', () => {
  it('runs stylesheets compiled from the vendored official ones', () => {
    const manifest = JSON.parse(readFileSync(new URL('compiled/manifest.json', root), 'utf8')) as Record<
      string,
      string
    >;
    for (const name of schematronStylesheets) {
      const source = readFileSync(new URL(`validation/factur-x-en16931/xslt/${name}`, root));
      expect(manifest[name], `${name}: npm run einvoicing:compile`).toBe(
        createHash('sha256').update(source).digest('hex'),
      );
    }
  });

  it('reports an invoice that names no seller identifier as failing the EN 16931 and French rules', async () => {
    const validation = await validateFacturX(anonymousSeller);
    expect(validation.schemaErrors).toEqual([]);
    const ids = validation.errors.map((failure) => failure.text);
    expect(ids.some((text) => text.includes('[BR-CO-26]'))).toBe(true);
    expect(validation.errors.map((failure) => failure.id)).toEqual(
      expect.arrayContaining([
        'BR-FR-10_BT-30',
        'BR-FR-05_BT-22_PMD',
        'BR-FR-05_BT-22_PMT',
        'BR-FR-05_BT-22_AAB',
      ]),
    );
    // The French rules' warnings stylesheet flags its findings as warnings, which do not fail an invoice.
    expect(validation.warnings.length).toBeGreaterThan(0);
    expect(validation.warnings.every((failure) => failure.flag === 'warning')).toBe(true);
  });

  it('reports an XML that breaks the schema', () => {
    const noNumber = anonymousSeller.replace('<ram:ID>FAC-2026-0001</ram:ID>', '');
    expect(schemaErrors(noNumber).join('\n')).toMatch(/ID/);
    expect(schemaErrors(anonymousSeller)).toEqual([]);
  });
});
