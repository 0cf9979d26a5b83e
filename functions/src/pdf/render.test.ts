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
import { formatEuro, parseMoney } from '@btp/shared/money';
import { sectionTotals } from '@btp/shared/quote-sections';

/** A decimal string as the PDF prints it ("2 082,75 €"). */
const euroText = (money: string | undefined) => formatEuro(parseMoney(money ?? '0'));
import {
  companyInvoiceInput,
  contractLines,
  creditNoteInput,
  individualQuoteInput,
  manyLines,
  renovationLines,
  sampleCompanyBuyer,
  sampleFranchiseSeller,
  sampleIndividualBuyer,
  sampleInvoice,
  sampleProject,
  sampleQuote,
  sampleSeller,
  sampleSituationInvoice,
  situationInvoiceInput,
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

describe('renderQuotePdf: a devis with lots (docs/library.md)', () => {
  /** The renovation devis in lots: 1 Carrelage (two lines), 2 Isolation with 2.1 Combles, the rest unsorted. */
  function lotsInput(lines = renovationLines): QuotePdfInput {
    const sections = ['1', '1', '2.1', '2', undefined];
    const quote = sampleQuote(lines, {});
    const items = (quote.items ?? []).map((item, index) => {
      const section = sections[index % sections.length];
      return section ? { ...item, section } : item;
    });
    const headings = [
      { section: '1', title: 'Carrelage' },
      { section: '2', title: 'Isolation et cloisons' },
      { section: '2.1', title: 'Combles' },
    ];
    return {
      ...individualQuoteInput(),
      quote: { ...quote, items, sections: sectionTotals(headings, items) },
    };
  }

  it('prints each lot numbered, its lines under it and its subtotal HT, sub-lots inside their lot', async () => {
    const input = lotsInput();
    const text = await textOf(await renderQuotePdf(input));
    const [carrelage, isolation, combles] = input.quote.sections ?? [];
    expect(carrelage?.totalHT).toBe('2082.75'); // 458.64 + 1 624.11 (selling totals at K = 1.265)
    expect(text).toContain(read(`Sous-total 1 Carrelage 2 082,75 €`));
    expect(text).toContain(read(`Sous-total 2.1 Combles ${euroText(combles?.totalHT)}`));
    expect(text).toContain(read(`Sous-total 2 Isolation et cloisons ${euroText(isolation?.totalHT)}`));
    // Order: the unsorted line first, then 1, its lines, its subtotal, then 2, 2.1 …
    const at = (needle: string) => text.indexOf(read(needle));
    expect(at('Installation de chantier')).toBeLessThan(at('1 Carrelage'));
    expect(at('1 Carrelage')).toBeLessThan(at('Dépose du carrelage'));
    expect(at('Fourniture et pose de carrelage')).toBeLessThan(at('Sous-total 1 Carrelage'));
    expect(at('Sous-total 1 Carrelage')).toBeLessThan(at('2 Isolation et cloisons'));
    expect(at('Création d’une cloison')).toBeLessThan(at('2.1 Combles'));
    expect(at('Sous-total 2.1 Combles')).toBeLessThan(at('Sous-total 2 Isolation et cloisons'));
  });

  it('runs a long devis in lots over several pages with the header and lots on each', async () => {
    const pages = await pagesOf(await renderQuotePdf(lotsInput(manyLines(80))));
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages.slice(0, -1)) expect(page).toContain('Désignation');
    expect(pages.join(' ')).toContain('Sous-total 2 Isolation et cloisons');
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

/** The header of a situation's table, as pdf.js reads it (wrapped titles joined by a space). */
const SITUATION_HEADER =
  'Désignation Montant du marché HT Cumul précédent % Montant HT Cumul à date % Montant HT ' +
  'Montant de la situation HT TVA';

describe('renderInvoicePdf: a situation de travaux (DOCUMENTS.md § 4–5)', () => {
  let text: string;
  let pages: string[];
  beforeAll(async () => {
    pages = await pagesOf(await renderInvoicePdf(situationInvoiceInput()));
    text = pages.join(' ');
  });

  it("is the worked example's S2, computed by the shared rule", () => {
    const { invoice } = situationInvoiceInput();
    expect(invoice.kind).toBe('progress');
    expect(invoice.situation?.index).toBe(2);
    expect([
      invoice.situation?.worksAmount,
      invoice.depositDeduction,
      invoice.totalAmount,
      invoice.vatAmount,
      invoice.totalWithVat,
      invoice.retentionAmount,
      invoice.amountDue,
    ]).toEqual(['23000.00', '2300.00', '20700.00', '4140.00', '24840.00', '1380.00', '23460.00']);
    expect(invoice.situation?.previousWorksAmount).toBe('12000.00');
    expect(invoice.situation?.cumulativeWorksAmount).toBe('35000.00');
    // The invoice's lines: the works that moved (billing their quote line), one deduction per rate.
    expect(invoice.lines.map((line) => [line.itemId, line.quantity, line.unitPrice])).toEqual([
      ['item-a', '1.000', '18000.00'],
      ['item-b', '1.000', '5000.00'],
      [undefined, '-1.000', '2300.00'],
    ]);
  });

  it('is titled by its rank, with its invoice number and the contract it bills', () => {
    expect(pages[0]).toContain(
      'Situation de travaux n° 2 Facture de situation n° FAC-2026-0024 ' +
        "Date d'émission : 29/05/2026 Échéance : 28/06/2026 Marché : devis DEV-2026-0031",
    );
    expect(text).not.toContain('Devis de référence');
  });

  it('prints per quote line the contract, the previous and cumulative percent and amount, this situation, the rate', () => {
    for (const row of [
      SITUATION_HEADER,
      'Gros œuvre : terrassement, fondations, dallage béton armé et murs en blocs béton de l’extension ' +
        '40 000,00 € 30 % 12 000,00 € 75 % 30 000,00 € 18 000,00 € 20 %',
      'Charpente métallique et couverture en bac acier isolé ' +
        '10 000,00 € 0 % 0,00 € 50 % 5 000,00 € 5 000,00 € 20 %',
      'Total des travaux 50 000,00 € 24 % 12 000,00 € 70 % 35 000,00 € 23 000,00 €',
    ]) {
      expect(text).toContain(row);
    }
    // Not the plain lines table of an invoice.
    expect(text).not.toContain('Qté Unité PU HT');
  });

  it('recaps from the contract to the net à payer, in order, and where the contract stands', () => {
    expect(text).toContain(
      'Montant du marché HT 50 000,00 € Travaux cumulés à date HT 35 000,00 € ' +
        'Travaux antérieurs HT -12 000,00 € Travaux de la situation HT 23 000,00 € ' +
        'Déduction des acomptes HT -2 300,00 € Total HT 20 700,00 € ' +
        'TVA 20 % base 20 700,00 € 4 140,00 € Total TTC 24 840,00 € ' +
        'Retenue de garantie (5 %) -1 380,00 € Cumul retenu à date : 2 100,00 € TTC ' +
        'Net à payer 23 460,00 €',
    );
    expect(text).toContain(
      'SUIVI DU MARCHÉ Avancement à date 70 % Reste à facturer HT 15 000,00 € ' +
        'Acomptes facturés HT 5 000,00 € Déduits à date HT 3 500,00 € Reste à déduire HT 1 500,00 €',
    );
  });

  it('keeps every mention of an invoice to a company', () => {
    for (const mention of [
      ...sellerMentions,
      'CLIENT Immobilière Saône 45 quai Saint-Vincent 69001 Lyon SIREN : 418 765 432 N° TVA : FR32418765432',
      'Objet : Extension de l’entrepôt – situation de mai 2026',
      'Adresse du chantier : 14 rue Jean Jaurès, 69200 Vénissieux',
      'Période des travaux : du 02/03/2026 au 31/07/2026',
      'Conditions de règlement Échéance : 28/06/2026.',
      'Règlement par virement : IBAN FR76 3000 6000 0112 3456 7890 189 – BIC AGRIFRPP',
      "Pénalités de retard : trois fois le taux d'intérêt légal, exigibles dès le lendemain de la date d'échéance.",
      read(RECOVERY_INDEMNITY_MENTION),
      "Pas d'escompte pour paiement anticipé",
      SERVICES_CATEGORY_MENTION,
    ]) {
      expect(text).toContain(mention);
    }
    expect(text).not.toContain('BROUILLON');
  });

  it('a draft: "Situation de travaux n° 2 (brouillon)", no number, "BROUILLON"', async () => {
    const draft = await textOf(
      await renderInvoicePdf(
        situationInvoiceInput({
          status: 'draft',
          number: undefined,
          issueDate: undefined,
          dueDate: undefined,
        }),
      ),
    );
    expect(draft).toContain('Situation de travaux n° 2 (brouillon)');
    expect(draft).toContain('BROUILLON');
    expect(draft).not.toContain('FAC-2026');
    expect(draft).toContain('Marché : devis DEV-2026-0031');
  });

  it('says where the percentages come from when a signed progress report gave them', async () => {
    const input = situationInvoiceInput();
    const { situation } = input.invoice;
    if (!situation) throw new Error('no situation');
    const invoice = { ...input.invoice, situation: { ...situation, progressReportId: 'report-1' } };
    const withReport = await textOf(await renderInvoicePdf({ ...input, invoice }));
    expect(withReport).toContain(
      "Reste à déduire HT 1 500,00 € Pourcentages d'avancement repris de l'état d'avancement signé du chantier.",
    );
    expect(text).not.toContain("état d'avancement signé");
  });

  it('of 60 lines, one of 360 characters: runs on several pages, header on each, no row cut, recap last', async () => {
    const lines = contractLines(sampleQuote(manyLines(60)));
    const long = 'Fourniture et pose de menuiseries extérieures en aluminium à rupture de pont thermique, '
      .repeat(5)
      .slice(0, 360)
      .trim();
    lines[3] = { ...(lines[3] ?? lines[0]!), description: long };
    const invoice = sampleSituationInvoice(
      {
        quoteNumber: 'DEV-2026-0042',
        lines,
        deposits: [
          { vatRate: '20.00', amount: '3000.00' },
          { vatRate: '10.00', amount: '1500.00' },
        ],
        retentionRate: '5.00',
        steps: [
          Object.fromEntries(lines.map((line, index) => [line.itemId, index % 3 === 0 ? '33.33' : '20.00'])),
          Object.fromEntries(lines.map((line, index) => [line.itemId, index % 4 === 0 ? '100.00' : '66.67'])),
        ],
      },
      { number: 'FAC-2026-0030' },
    );
    const situation = invoice.situation;
    if (!situation) throw new Error('no situation');
    const pages = await pagesOf(await renderInvoicePdf({ ...companyInvoiceInput(), invoice }));
    expect(pages.length).toBeGreaterThanOrEqual(4);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} / ${pages.length}`);
      if (index > 0) expect(page).toContain('Situation de travaux n° 2 (suite)');
    });
    // The table runs on every page but the last, which has the total and the recap.
    const tablePages = pages.filter((page) => page.includes(SITUATION_HEADER));
    expect(tablePages.length).toBeGreaterThanOrEqual(pages.length - 1);
    expect(pages.slice(0, tablePages.length)).toEqual(tablePages);
    // Every row whole on one page: its designation (wrapped), then its figures.
    expect(situation.lines).toHaveLength(60);
    for (const line of situation.lines) {
      const row = read(
        [
          line.description,
          euro(line.saleTotal),
          percent(line.previousPercent),
          euro(line.previousAmount),
          percent(line.cumulativePercent),
          euro(line.cumulativeAmount),
          euro(line.amount),
          percent(line.vatRate),
        ].join(' '),
      );
      expect(pages.filter((page) => page.includes(row))).toHaveLength(1);
    }
    expect(tablePages.at(-1)).toContain(
      `Total des travaux ${read(euro(situation.contractAmount))} ` +
        `${read(percent('24.21'))} ${read(euro(situation.previousWorksAmount))}`,
    );
    const last = pages.at(-1) ?? '';
    expect(last).toContain(`Net à payer ${read(euro(invoice.amountDue))}`);
    expect(last).toContain('Assurance professionnelle');
  });
});

describe('one process, many documents (shared-fonts.ts: fonts and word layouts shared)', () => {
  const line = (description: string) => ({ ...renovationLines[0]!, description });

  it('draws a document to the same bytes whatever the process drew before it', async () => {
    const first = await renderInvoicePdf(companyInvoiceInput());
    await renderQuotePdf({ ...individualQuoteInput(), quote: sampleQuote(manyLines(60)) });
    await renderInvoicePdf(creditNoteInput());
    await renderQuotePdf({
      ...individualQuoteInput(),
      quote: sampleQuote([line('Façade côté cour, 3 étages')]),
    });
    const again = await renderInvoicePdf(companyInvoiceInput());
    expect(again.equals(first)).toBe(true);
  });

  it('reads in each document its own characters where two share a glyph (’ and ʼ in Inter)', async () => {
    const quoteOf = (description: string) =>
      renderQuotePdf({ ...individualQuoteInput(), quote: sampleQuote([line(description)]) });
    const typographic = await quoteOf('Porte de l\u2019atelier');
    const modifier = await quoteOf('Porte de l\u02bcatelier');
    expect(await textOf(typographic)).toContain('Porte de l\u2019atelier');
    expect(await textOf(modifier)).toContain('Porte de l\u02bcatelier');
    expect(await textOf(await quoteOf('Porte de l\u2019atelier'))).toContain('Porte de l\u2019atelier');
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

function percent(value: string): string {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(value as `${number}`)} %`;
}
