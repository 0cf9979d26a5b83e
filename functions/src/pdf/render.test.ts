import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FRANCHISE_MENTION,
  RECOVERY_INDEMNITY_MENTION,
  REDUCED_RATE_CERTIFICATION,
  SERVICES_CATEGORY_MENTION,
  VAT_ON_DEBITS_MENTION,
} from './document-content.js';
import type { QuotePdfInput } from './pdf-input.js';
import { printable, renderInvoicePdf, renderQuotePdf } from './render.js';
import {
  companyInvoiceInput,
  creditNoteInput,
  individualQuoteInput,
  manyLines,
  sampleCompanyBuyer,
  sampleFranchiseSeller,
  sampleIndividualBuyer,
  sampleInvoice,
  sampleProject,
  sampleQuote,
  sampleSeller,
} from './sample-documents.js';

/**
 * The text of each page as pdf.js reads it (what a reader copies): runs joined by a space,
 * whitespace folded, so a sentence wrapped over several lines reads whole. No-break spaces read as
 * spaces: "1 624,11 €" below is fr-FR's "1 624,11 €".
 */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' '),
      );
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

async function textOf(pdf: Buffer): Promise<string> {
  return (await pagesOf(pdf)).join(' ');
}

/** Whitespace folded as pdf.js reads it (the mentions' no-break spaces become spaces). */
const read = (text: string) => text.replace(/\s+/g, ' ');

/** The identity of the seller and its insurance, on every devis and facture (DOCUMENTS.md § 5). */
const sellerMentions = [
  'Bâtir Rhône Construction',
  'SAS au capital de 20 000,00 €',
  '12 rue de la Charité, 69002 Lyon',
  'SIRET : 812 345 676 00017 – RCS Lyon',
  'N° TVA intracommunautaire : FR19812345676',
  'Tél. 04 72 41 18 30 · contact@batir-rhone.fr',
  'Assurance décennale : SMABTP, 8 rue Louis Armand, 75015 Paris – contrat n° DEC-2026-448812',
  'Activités couvertes : Maçonnerie, gros œuvre, carrelage, plâtrerie et isolation',
  'Couverture géographique : France métropolitaine',
];

describe('renderQuotePdf', () => {
  let input: QuotePdfInput;
  let pdf: Buffer;
  let text: string;
  beforeAll(async () => {
    input = individualQuoteInput();
    pdf = await renderQuotePdf(input);
    text = await textOf(pdf);
  });

  it('makes a one-page A4 PDF/A-3b dated by the document, with only Inter embedded and the logo', async () => {
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
    try {
      expect(document.numPages).toBe(1);
      const page = await document.getPage(1);
      expect(page.view.map(Math.round)).toEqual([0, 0, 595, 842]);
      const { info: untypedInfo, metadata } = await document.getMetadata();
      const info = untypedInfo as unknown as Record<string, unknown>;
      expect(info.Title).toBe('Devis DEV-2026-0042');
      expect(info.Author).toBe('Bâtir Rhône Construction');
      expect(info.CreationDate).toBe('D:20260302000000Z');
      expect(metadata.get('pdfaid:part')).toBe('3');
      expect(metadata.get('pdfaid:conformance')).toBe('B');
    } finally {
      await document.destroy();
    }
    const raw = pdf.toString('latin1');
    const fonts = [...raw.matchAll(/\/BaseFont \/([^\s/>]+)/g)].map((match) => match[1]);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+Inter-(Regular|Bold)$/);
    expect(raw).toContain('/FontFile2');
    expect(raw).not.toMatch(/Helvetica|Times|Courier/);
    expect(raw).toContain('/Subtype /Image');
    expect(raw).toContain('/OutputIntents');
  });

  it('to a private client: the seller, the client, number, date, validity, site, start and duration, "Devis gratuit"', () => {
    for (const mention of [
      ...sellerMentions,
      'Devis n° DEV-2026-0042',
      'Date : 02/03/2026',
      "Valable jusqu'au 01/04/2026",
      'CLIENT Mme Claire Martin 8 allée des Tilleuls 69500 Bron',
      'Objet : Rénovation du séjour et isolation des combles',
      'Adresse du chantier : 3 rue Paul Bert, 69003 Lyon',
      'Début des travaux : 06/04/2026 – durée prévue : 19 jours (fin le 24/04/2026)',
      'Devis gratuit.',
      "Offre valable jusqu'au 01/04/2026.",
    ]) {
      expect(text).toContain(mention);
    }
    // A private client has no SIREN; the professional's indemnity is an invoice's, never a quote's.
    expect(text).not.toContain('SIREN');
    expect(text).not.toContain('BROUILLON');
  });

  it('shows selling prices only, each line with its VAT rate, the breakdown per rate and the TTC, to the cent in fr-FR', () => {
    expect(text).toContain('Désignation Qté Unité PU HT TVA Total HT');
    for (const row of [
      'gravats en décharge agréée 24,5 m² 18,72 € 10 % 458,64 €',
      'de vie 24,5 m² 66,29 € 10 % 1 624,11 €',
      'de verre, R = 7 m².K/W 62 m² 27,01 € 5,5 % 1 674,62 €',
      'sur ossature métallique 7,25 ml 61,48 € 10 % 445,73 €',
      'nettoyage de fin de travaux 1 forfait 480,70 € 20 % 480,70 €',
    ]) {
      expect(text).toContain(row);
    }
    // The costs (unitPrice) never reach the client.
    for (const cost of ['14,80 €', '52,40 €', '21,35 €', '48,60 €', '380,00 €'])
      expect(text).not.toContain(cost);
    expect(text).toContain(
      'Taux de TVA Base HT Montant TVA 20 % 480,70 € 96,14 € 10 % 2 528,48 € 252,85 € 5,5 % 1 674,62 € 92,10 €',
    );
    expect(text).toContain('Total HT 4 683,80 € Total TVA 441,09 € Total TTC 5 124,89 €');
  });

  it("prints the client's certification for the 10 % and 5.5 % lines, and the Bon pour accord block to fill", () => {
    expect(text).toContain(read(REDUCED_RATE_CERTIFICATION));
    expect(REDUCED_RATE_CERTIFICATION).toContain(
      "locaux à usage d'habitation achevés depuis plus de deux ans",
    );
    expect(text).toContain(
      'Bon pour accord Date, nom et signature du client, précédés de la mention manuscrite « Bon pour accord ». Date : Nom : Signature :',
    );
    expect(text).toContain('Page 1 / 1');
  });

  it('prints who accepted the quote and when, once it is accepted', async () => {
    const accepted = await textOf(
      await renderQuotePdf(
        individualQuoteInput({
          status: 'validated',
          acceptedAt: '2026-03-05T16:20:00.000Z',
          signerName: 'Claire Martin',
        }),
      ),
    );
    expect(accepted).toContain(
      'Bon pour accord Devis accepté par le client. Date : 05/03/2026 Nom : Claire Martin',
    );
  });

  it('gives the same bytes for the same input, and other bytes on another date', async () => {
    const again = await renderQuotePdf(individualQuoteInput());
    expect(again.equals(pdf)).toBe(true);
    const later = await renderQuotePdf({ ...individualQuoteInput(), date: '2026-03-03' });
    expect(later.equals(pdf)).toBe(false);
  });

  it('runs on 3 pages with the table header on each, no row cut across pages, and "Page n / 3"', async () => {
    const lines = manyLines(48);
    const quote = sampleQuote(lines);
    const pages = await pagesOf(await renderQuotePdf({ ...individualQuoteInput(), quote }));
    expect(pages).toHaveLength(3);
    pages.forEach((page, index) => {
      expect(page).toContain('Désignation Qté Unité PU HT TVA Total HT');
      expect(page).toContain(`Page ${index + 1} / 3`);
      if (index > 0) expect(page).toContain('Devis n° DEV-2026-0042 (suite)');
    });
    // Every row whole on one page: its description, then its figures, in one run of text.
    for (const item of quote.items ?? []) {
      const row = read(
        `${item.description} ${frenchQuantity(item.quantity)} ${item.unit} ${euro(item.saleUnitPrice)}`,
      );
      expect(pages.filter((page) => page.includes(row))).toHaveLength(1);
    }
    expect(pages[2]).toContain(`Total TTC ${read(euro(quote.totalWithVat))}`);
  });

  it('marks a draft "BROUILLON" on every page', async () => {
    const quote = sampleQuote(manyLines(20), { status: 'draft' });
    const pages = await pagesOf(await renderQuotePdf({ ...individualQuoteInput(), quote }));
    expect(pages.length).toBe(2);
    for (const page of pages) expect(page).toContain('BROUILLON');
  });
});

describe('renderInvoicePdf', () => {
  it('a facture to a company: its SIREN and VAT number, works period, site, due date, penalties, 40 €, discount, IBAN', async () => {
    const input = companyInvoiceInput();
    const text = await textOf(await renderInvoicePdf(input));
    for (const mention of [
      ...sellerMentions,
      'Facture n° FAC-2026-0017',
      "Date d'émission : 16/03/2026",
      'Échéance : 15/04/2026',
      'Devis de référence : DEV-2026-0031',
      'CLIENT Immobilière Saône 45 quai Saint-Vincent 69001 Lyon SIREN : 418 765 432 N° TVA : FR32418765432',
      'Objet : Aménagement des bureaux du 2e étage',
      'Adresse du chantier : 27 rue Garibaldi, 69006 Lyon',
      'Période des travaux : du 02/02/2026 au 13/03/2026',
      'Démolition de cloisons et évacuation des gravats 1 forfait 1 850,00 € 20 % 1 850,00 €',
      'ossature apparente 86,5 m² 42,30 € 20 % 3 658,95 €',
      'laqué noir 14,2 ml 389,90 € 20 % 5 536,58 €',
      'Total HT 11 045,53 € Total TVA 2 209,11 € Total TTC 13 254,64 € Net à payer 13 254,64 €',
      'Conditions de règlement Échéance : 15/04/2026.',
      'Règlement par virement : IBAN FR76 3000 6000 0112 3456 7890 189 – BIC AGRIFRPP',
      "Pénalités de retard : trois fois le taux d'intérêt légal, exigibles dès le lendemain de la date d'échéance.",
      'Indemnité forfaitaire pour frais de recouvrement : 40 €',
      "Pas d'escompte pour paiement anticipé",
      SERVICES_CATEGORY_MENTION,
      'Page 1 / 1',
    ]) {
      expect(text).toContain(mention);
    }
    for (const absent of [
      'Autoliquidation',
      FRANCHISE_MENTION,
      VAT_ON_DEBITS_MENTION,
      'certifie',
      'BROUILLON',
    ]) {
      expect(text).not.toContain(absent);
    }
  });

  it('a facture to a private client: no SIREN, no 40 € indemnity, the site only when it is not his address', async () => {
    const input = companyInvoiceInput();
    const text = await textOf(
      await renderInvoicePdf({
        ...input,
        buyer: sampleIndividualBuyer,
        project: { ...sampleProject, location: '8, allée des Tilleuls – 69500 BRON' },
      }),
    );
    expect(text).toContain('CLIENT Mme Claire Martin 8 allée des Tilleuls 69500 Bron');
    expect(text).toContain('Facture n° FAC-2026-0017');
    expect(text).not.toContain('SIREN');
    expect(text).not.toContain(read(RECOVERY_INDEMNITY_MENTION));
    expect(text).not.toContain('Adresse du chantier');
  });

  it("a facture d'acompte at 10 % and 5.5 % of a seller opting for VAT on debits: certification and option", async () => {
    const description = 'Acompte de 30 % sur le devis DEV-2026-0042';
    const invoice = sampleInvoice(
      [
        { description, quantity: '1.000', unitPrice: '758.54', vatRate: '10.00' },
        { description, quantity: '1.000', unitPrice: '502.39', vatRate: '5.50' },
        { description, quantity: '1.000', unitPrice: '144.21', vatRate: '20.00' },
      ],
      { kind: 'deposit', number: 'FAC-2026-0018', title: 'Acompte du devis DEV-2026-0042' },
    );
    const text = await textOf(
      await renderInvoicePdf({
        invoice,
        seller: { ...sampleSeller, vatOnDebits: true },
        buyer: sampleIndividualBuyer,
        quoteNumber: 'DEV-2026-0042',
        date: '2026-03-16',
      }),
    );
    for (const mention of [
      "Facture d'acompte n° FAC-2026-0018",
      `${description} 1 758,54 € 10 % 758,54 €`,
      'Total HT 1 405,14 € Total TVA 132,32 € Total TTC 1 537,46 € Net à payer 1 537,46 €',
      read(REDUCED_RATE_CERTIFICATION),
      VAT_ON_DEBITS_MENTION,
      // Without a project, the works are dated by the invoice; a deposit is dated by itself.
    ]) {
      expect(text).toContain(mention);
    }
    expect(text).not.toContain('Date des travaux');
  });

  it('a situation: works less the deposit deducted, VAT, TTC, the retention, net à payer (DOCUMENTS.md § 4, S1)', async () => {
    const invoice = sampleInvoice(
      [
        {
          description: 'Lot A – gros œuvre : 30 % exécutés',
          quantity: '1.000',
          unitPrice: '12000.00',
          vatRate: '20.00',
        },
        {
          description: "Déduction de l'acompte FAC-2026-0001",
          quantity: '-1.000',
          unitPrice: '1200.00',
          vatRate: '20.00',
        },
      ],
      {
        kind: 'progress',
        number: 'FAC-2026-0021',
        title: 'Situation n° 1 du devis DEV-2026-0031',
        depositDeduction: '1200.00',
        retentionRate: '5.00',
        retentionAmount: '720.00',
        amountDue: '12240.00',
      },
    );
    expect(invoice.totalWithVat).toBe('12960.00');
    const text = await textOf(await renderInvoicePdf({ ...companyInvoiceInput(), invoice }));
    for (const mention of [
      'Facture de situation n° FAC-2026-0021',
      "Déduction de l'acompte FAC-2026-0001 -1 1 200,00 € 20 % -1 200,00 €",
      'Total HT des travaux 12 000,00 € Acomptes déduits HT -1 200,00 € Total HT 10 800,00 € ' +
        'Total TVA 2 160,00 € Total TTC 12 960,00 € Retenue de garantie (5 %) -720,00 € Net à payer 12 240,00 €',
    ]) {
      expect(text).toContain(mention);
    }
  });

  it('an autoliquidation invoice: every line at 0 %, the mention and both VAT numbers', async () => {
    const input = companyInvoiceInput({ reverseCharge: true });
    const text = await textOf(
      await renderInvoicePdf({
        ...input,
        buyer: { ...sampleCompanyBuyer, name: 'Entreprise Générale Confluence' },
      }),
    );
    expect(input.invoice.lines.every((line) => line.vatRate === '0.00')).toBe(true);
    for (const mention of [
      'Autoliquidation : TVA due par le preneur (art. 283-2 nonies du CGI)',
      'N° TVA du prestataire : FR19812345676 – N° TVA du preneur : FR32418765432',
      'Démolition de cloisons et évacuation des gravats 1 forfait 1 850,00 € 0 % 1 850,00 €',
      'Taux de TVA Base HT Montant TVA 0 % 11 045,53 € 0,00 €',
      'Total HT 11 045,53 € Total TVA 0,00 € Total TTC 11 045,53 € Net à payer 11 045,53 €',
      read(RECOVERY_INDEMNITY_MENTION),
    ]) {
      expect(text).toContain(mention);
    }
    expect(text).not.toContain(' 20 % ');
  });

  it("a franchise company's invoice: no VAT, the art. 293 B mention, an EI without capital", async () => {
    const invoice = sampleInvoice(
      [
        {
          description: 'Pose de faïence murale',
          unit: 'm²',
          quantity: '12.000',
          unitPrice: '45.00',
          vatRate: '10.00',
        },
        {
          description: 'Fourniture de faïence 20 × 40',
          unit: 'm²',
          quantity: '13.200',
          unitPrice: '28.90',
          vatRate: '10.00',
        },
      ],
      { number: 'FAC-2026-0004', title: 'Faïence de la salle de bains', noVat: true },
    );
    const text = await textOf(
      await renderInvoicePdf({
        invoice,
        seller: sampleFranchiseSeller,
        buyer: sampleIndividualBuyer,
        date: '2026-03-16',
      }),
    );
    for (const mention of [
      'Julien Morel Carrelage Entreprise individuelle (EI)',
      'SIRET : 812 345 676 00017 – RM 69',
      FRANCHISE_MENTION,
      'Pose de faïence murale 12 m² 45,00 € 0 % 540,00 €',
      'Total HT 921,48 € Total TVA 0,00 € Total TTC 921,48 € Net à payer 921,48 €',
      'Date des travaux : 16/03/2026',
      'Julien Morel Carrelage · Entreprise individuelle (EI) · SIRET 812 345 676 00017 · RM 69 Page 1 / 1',
    ]) {
      expect(text).toContain(mention);
    }
    for (const absent of ['au capital', 'N° TVA intracommunautaire', 'certifie', 'Autoliquidation']) {
      expect(text).not.toContain(absent);
    }
  });

  it('an avoir cites the invoice it credits, with its date, and its reason', async () => {
    const input = creditNoteInput();
    const text = await textOf(await renderInvoicePdf(input));
    for (const mention of [
      ...sellerMentions,
      'Avoir n° AV-2026-0003',
      'Date : 20/03/2026',
      'Avoir de la facture n° FAC-2026-0017 du 16/03/2026',
      'Motif : Cloisons vitrées : 2 ml non posés',
      'laqué noir 2 ml 389,90 € 20 % 779,80 €',
      "Total HT 779,80 € Total TVA 155,96 € Total TTC de l'avoir 935,76 €",
      'SIREN : 418 765 432',
    ]) {
      expect(text).toContain(mention);
    }
    for (const absent of ['Net à payer', 'Échéance', 'Pénalités de retard'])
      expect(text).not.toContain(absent);
  });

  it('a draft: "Facture (brouillon)", no number, "BROUILLON" on every page', async () => {
    const lines = manyLines(20).map((line) => ({
      description: line.description,
      unit: line.unit,
      quantity: line.quantity,
      unitPrice: line.unitCost,
      vatRate: line.vatRate,
    }));
    const invoice = sampleInvoice(lines, {
      status: 'draft',
      number: undefined,
      issueDate: undefined,
      dueDate: undefined,
      sentAt: undefined,
    });
    const pdf = await renderInvoicePdf({ ...companyInvoiceInput(), invoice });
    const pages = await pagesOf(pdf);
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page).toContain('BROUILLON');
    expect(pages[0]).toContain('Facture (brouillon)');
    expect(pages[1]).toContain('Facture (brouillon) (suite)');
    // A preview is dated and due as if issued on its date; it carries no number.
    expect(pages[0]).toContain("Date d'émission : 16/03/2026 Échéance : 15/04/2026");
    expect(pages.join(' ')).not.toContain('FAC-2026');
  });
});

describe('printable', () => {
  it('keeps French text, turns the narrow no-break space into a no-break space, and what Inter lacks into "?"', () => {
    expect(printable('Œuvre « été » à 1\u202f234,50\u00a0€')).toBe('Œuvre « été » à 1\u00a0234,50\u00a0€');
    expect(printable('Łódź → ok')).toBe('?ódz ? ok');
  });
});

function euro(money: string): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(money as `${number}`);
}

function frenchQuantity(quantity: string): string {
  return new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 }).format(quantity as `${number}`);
}
