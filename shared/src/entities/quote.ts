/**
 * Customer quotes (devis) and their lines (spec section 3, DOCUMENTS.md § 2). A line's `unitPrice` is
 * its cost; selling prices, VAT and totals are computed by the server with `pricing.ts` from the
 * lines and percentages; a client never sends them.
 */
import { defaultQuoteStatus, quoteStatuses, resourceTypes } from '../enums.js';
import {
  dateField,
  defaultedField,
  enumField,
  idField,
  instantField,
  integerField,
  longTextField,
  moneyField,
  optionalField,
  optionalIdField,
  percentField,
  quantityField,
  requiredText,
  textField,
  vatRateField,
} from '../fields.js';
import { companyRecordFields, entityRefSchema, updateVersionFields } from '../record.js';
import { emailStatusSchema } from '../sending.js';
import { retentionRateField } from './company.js';
import { MAX_OUVRAGE_COMPONENTS } from './library.js';
import { SECTION_MESSAGE, SECTION_PATTERN, sectionIssues } from '../quote-sections.js';
import { buyerSnapshotSchema, sellerSnapshotSchema } from './party-snapshot.js';
import type { QuoteFieldName } from './quote-field-names.js';
import { DEFAULT_MARGIN_PERCENTAGE, DEFAULT_OVERHEAD_PERCENTAGE, MAX_QUOTE_ITEMS } from './quote-limits.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';

// Spec section 9's defaults and the most lines of a quote (`quote-limits.ts`, no zod).
export { DEFAULT_MARGIN_PERCENTAGE, DEFAULT_OVERHEAD_PERCENTAGE, MAX_QUOTE_ITEMS } from './quote-limits.js';

/** Spec section 9: a new quote's amounts all start at 0.00. */
export const NEW_QUOTE_AMOUNTS = {
  subtotalAmount: '0.00',
  overheadAmount: '0.00',
  marginAmount: '0.00',
  totalAmount: '0.00',
} as const;

/**
 * A line's components (the sous-détail of the ouvrage it was made from, LIBRARY.md): a snapshot
 * that is the truth of the devis, each with what it names in the library (when it came from there),
 * its quantity per unit of the line, loss rate and unit cost. The line's `unitPrice` is then their
 * déboursé (`library-costs.ts`), computed by the server.
 */
export const quoteComponentSnapshot = z
  .object({
    articleId: optionalIdField,
    ouvrageId: optionalIdField,
    /** The article's type (the analysis per resource type); absent for a sub-ouvrage. */
    resourceType: optionalField(enumField(resourceTypes)),
    reference: optionalField(z.string().trim().max(100, 'La référence contient au plus 100 caractères')),
    designation: requiredText('La désignation du composant est requise', 500),
    unit: optionalField(z.string().trim().max(20, "L'unité contient au plus 20 caractères")),
    /** Per unit of the line, thousandths, > 0. */
    quantity: quantityField({ positive: true, message: 'La quantité doit être un nombre positif' }),
    lossRate: optionalField(
      percentField({ message: 'Le taux de perte doit être un pourcentage entre 0 et 100' }),
    ),
    unitCost: moneyField({
      nonNegative: true,
      message: 'Le coût unitaire doit être un nombre positif ou nul',
    }),
  })
  .refine((component) => !(component.articleId && component.ouvrageId), {
    path: ['ouvrageId'],
    message: 'Un composant est un article ou un ouvrage (l’un des deux)',
  });
export type QuoteComponentSnapshot = z.output<typeof quoteComponentSnapshot>;
export type QuoteComponentSnapshotInput = z.input<typeof quoteComponentSnapshot>;

/** "2", "2.1", "2.1.3": the lot a line or a heading belongs to. */
export const sectionField = z
  .string({ error: SECTION_MESSAGE })
  .trim()
  .regex(SECTION_PATTERN, SECTION_MESSAGE);

/** The editable fields of a quote line. */
export const quoteItemFields = {
  resourceType: enumField(resourceTypes, 'Le type de ressource est requis'),
  description: textField,
  unit: textField,
  /** Thousandths; must be > 0 ("12.500"). */
  quantity: quantityField({ positive: true, message: 'La quantité doit être un nombre positif' }),
  /** Money ≥ 0 ("8.40"). */
  unitPrice: moneyField({
    nonNegative: true,
    message: 'Le prix unitaire doit être un nombre positif ou nul',
  }),
  supplierId: optionalIdField,
  notes: longTextField,
  /** "20.00", "10.00", "5.50", "2.10" or "0.00"; absent: the company's default rate. */
  vatRate: optionalField(vatRateField()),
  sortOrder: defaultedField(
    integerField({ min: 0, max: 1_000_000, message: "L'ordre doit être un nombre entier positif ou nul" }),
    0,
  ),
  /** The library article the line was made from (LIBRARY.md); kept for « Actualiser les prix ». */
  articleId: optionalIdField,
  /** The library ouvrage the line was made from. */
  ouvrageId: optionalIdField,
  /** The ouvrage's components as inserted (and edited in the devis); `unitPrice` is their déboursé. */
  components: optionalField(
    z
      .array(quoteComponentSnapshot)
      .max(MAX_OUVRAGE_COMPONENTS, `Une ligne compte au plus ${MAX_OUVRAGE_COMPONENTS} composants`),
  ),
  /** The lot the line belongs to ("2.1"): a heading of the quote has that section. */
  section: optionalField(sectionField),
};

/** One line in `PUT /api/quotes/{id}/items`. Its total is computed, never sent. */
export const quoteItemInput = z.object(quoteItemFields);
export type QuoteItemInput = z.input<typeof quoteItemInput>;
export type QuoteItemData = z.output<typeof quoteItemInput>;

/**
 * A heading of a devis among its `items` (a lot or chapter, LIBRARY.md): `{kind: "heading",
 * section: "2", title: "Maçonnerie"}`. It has no amount; the quote answers it in `sections` with
 * its subtotal HT, never in `items`.
 */
export const quoteHeadingInput = z.object({
  kind: z.literal('heading'),
  section: sectionField,
  title: requiredText('Le titre du lot est requis', 200),
});
export type QuoteHeadingInput = z.input<typeof quoteHeadingInput>;
export type QuoteHeadingData = z.output<typeof quoteHeadingInput>;

/** A row of `items` in a body: a heading, or a line (`kind` absent or `"line"`). */
export const quoteRowInput = z.discriminatedUnion('kind', [
  quoteHeadingInput,
  quoteItemInput.extend({ kind: z.literal('line').optional() }),
]);
export type QuoteRowInput = z.input<typeof quoteRowInput>;
export type QuoteRowData = z.output<typeof quoteRowInput>;

/**
 * All the rows of a quote, replacing the stored ones (at most `MAX_QUOTE_ITEMS`, headings
 * included); the lots must hang together (`quote-sections.ts`).
 */
const quoteLinesField = z
  .array(quoteRowInput, { error: 'La liste des lignes est requise' })
  .max(MAX_QUOTE_ITEMS, 'Un devis contient au plus 1 000 lignes')
  .superRefine((rows, ctx) => {
    for (const issue of sectionIssues(rows)) {
      const [, index, field] = issue.path.split('.');
      ctx.addIssue({ code: 'custom', path: [Number(index), field ?? 'section'], message: issue.message });
    }
  });

/** `PUT /api/quotes/{id}/items` body: all the lines (replacing the previous ones), plus the quote `version` read. */
export const quoteItemsInput = z.object({
  items: quoteLinesField,
  ...updateVersionFields,
});
export type QuoteItemsInput = z.input<typeof quoteItemsInput>;
export type QuoteItemsData = z.output<typeof quoteItemsInput>;

/** One rate of a document's VAT breakdown: `{ rate: "20.00", base: "100.00", amount: "20.00" }` (vat.ts). */
export const vatBreakdownSchema = z.array(
  z.object({ rate: percentField(), base: moneyField(), amount: moneyField() }),
);

/**
 * A quote line as the API returns it (inside `GET /api/quotes/{id}`). Lines are replaced together and
 * guarded by their quote's `version`, so they carry none of their own.
 */
export const quoteItemSchema = z.object({
  id: idField(),
  companyId: idField(),
  quoteId: idField(),
  createdAt: instantField(),
  updatedAt: instantField(),
  ...quoteItemFields,
  /** The rate the line is taxed at: "0.00" under reverse charge or franchise. */
  vatRate: vatRateField(),
  /** quantity × unitPrice (cost) rounded to the cent. */
  totalPrice: moneyField(),
  /** unitPrice × K rounded to the cent: what the client sees (DOCUMENTS.md § 2). */
  saleUnitPrice: moneyField(),
  /** quantity × saleUnitPrice rounded to the cent. */
  saleTotal: moneyField(),
});
export type QuoteItem = z.infer<typeof quoteItemSchema>;

/** The editable fields of a quote. */
export const quoteFields = {
  title: requiredText('Le titre est requis'),
  clientId: idField('Le client est requis'),
  /** Absent for `null`, `''` and the form's `'none'`. */
  projectId: optionalIdField,
  description: longTextField,
  validUntil: optionalField(dateField()),
  /** Hundredths, 0–100 ("10.00"). */
  overheadPercentage: defaultedField(percentField(), DEFAULT_OVERHEAD_PERCENTAGE),
  marginPercentage: defaultedField(percentField(), DEFAULT_MARGIN_PERCENTAGE),
  status: defaultedField(enumField(quoteStatuses), defaultQuoteStatus),
  /**
   * Autoliquidation (art. 283-2 nonies CGI: a subcontractor's works for a contractor): every line at
   * 0 %, the "Autoliquidation" mention and both VAT numbers on the documents.
   */
  reverseCharge: defaultedField(z.boolean({ error: 'Autoliquidation : oui ou non' }), false),
  /**
   * Retenue de garantie held on each situation (loi 71-584, DOCUMENTS.md § 4): 0 to 5 %; absent, the
   * company's default. With `retentionBankGuarantee` (a caution bancaire replaces it) none is held.
   */
  retentionRate: optionalField(retentionRateField),
  retentionBankGuarantee: optionalField(z.boolean({ error: 'Caution bancaire : oui ou non' })),
  // Exactly the fields of `quoteFieldNames` (the zod-free list; its test checks the order).
} satisfies Record<QuoteFieldName, z.ZodType>;

/** A quote as the API returns it; `items` only in `GET /api/quotes/{id}`. */
export const quoteSchema = z.object({
  ...companyRecordFields,
  ...quoteFields,
  /** Given by the server, unique per company ("DEV-2026-0001"). */
  number: z.string(),
  subtotalAmount: defaultedField(moneyField(), NEW_QUOTE_AMOUNTS.subtotalAmount),
  overheadAmount: defaultedField(moneyField(), NEW_QUOTE_AMOUNTS.overheadAmount),
  marginAmount: defaultedField(moneyField(), NEW_QUOTE_AMOUNTS.marginAmount),
  /** HT: Σ of the lines' `saleTotal`. */
  totalAmount: moneyField(),
  vatBreakdown: vatBreakdownSchema,
  vatAmount: moneyField(),
  /** TTC. */
  totalWithVat: moneyField(),
  sentAt: optionalField(instantField()),
  validatedAt: optionalField(instantField()),
  /** The client's agreement ("Bon pour accord"): when and who signed. */
  acceptedAt: optionalField(instantField()),
  signerName: textField,
  /** Accepted online (docs/online-acceptance.md): the signer's IP address as the server saw it. */
  acceptedFromIp: optionalField(z.string().max(100)),
  /** Accepted online: the drawn signature (PNG), a document of the company linked to the quote. */
  signatureDocumentId: optionalIdField,
  /** Accepted online: "Devis DEV-… signé.pdf", the sent PDF with its "Bon pour accord" filled. */
  signedPdfDocumentId: optionalIdField,
  /**
   * The PDF as sent (DOCUMENTS.md § 5): a document of the company (type `quote`), made once when
   * the quote is sent and never regenerated. Absent on a draft, and on a quote sent before the
   * archive existed until its PDF is first asked for.
   */
  pdfDocumentId: optionalIdField,
  /** The latest e-mail of the sent quote to the client (docs/sending.md). */
  emailStatus: emailStatusSchema.optional(),
  /**
   * The company and the client as they were when the quote was sent, copied then: its PDF, drawn
   * again (an archive made late, the signed PDF of an online acceptance) and the client's page show
   * them, not what the profiles became since. Absent on a draft and on a quote sent before they
   * were kept (its PDF then shows the company and the client as they are).
   */
  seller: sellerSnapshotSchema.optional(),
  buyer: buyerSnapshotSchema.optional(),
  items: z.array(quoteItemSchema).optional(),
  /**
   * The lots of the devis (`quote-sections.ts`): each heading with its subtotal HT, in number
   * order; `[]` without headings. Only in `GET /api/quotes/{id}` and the writes' answers.
   */
  sections: z.array(z.object({ section: z.string(), title: z.string(), totalHT: moneyField() })).optional(),
});
export type Quote = z.infer<typeof quoteSchema>;
export type QuoteSection = NonNullable<Quote['sections']>[number];

/**
 * A quote in `GET /api/quotes`: every field but its lines (`items`, answered by
 * `GET /api/quotes/{id}`), with its client and project (absent when none or gone).
 */
export const quoteListItemSchema = quoteSchema
  .omit({ items: true, sections: true, seller: true, buyer: true })
  .extend({
    client: entityRefSchema.optional(),
    project: entityRefSchema.optional(),
  });
export type QuoteListItem = z.infer<typeof quoteListItemSchema>;

/**
 * `POST /api/quotes` body, with the quote's lines when it has some (`items`, absent = none): the
 * quote and its lines are written together. The number and the amounts are the server's.
 */
export const quoteCreateInput = z.object({ ...quoteFields, items: quoteLinesField.optional() });
export type QuoteCreateInput = z.input<typeof quoteCreateInput>;
export type QuoteCreateData = z.output<typeof quoteCreateInput>;

/**
 * `PUT /api/quotes/{id}` body: the whole editable record, plus the `version` read. `items`, when
 * given, replaces all the lines in the same write as the fields; absent, the stored lines stay.
 */
export const quoteUpdateInput = z.object({
  ...quoteFields,
  items: quoteLinesField.optional(),
  ...updateVersionFields,
});
export type QuoteUpdateInput = z.input<typeof quoteUpdateInput>;
export type QuoteUpdateData = z.output<typeof quoteUpdateInput>;

/**
 * `POST /api/quotes/{id}/accept` body: the client's "Bon pour accord" on a sent quote, who signed
 * and when (default: now); the quote becomes `validated`.
 */
export const quoteAcceptInput = z.object({
  signerName: requiredText('Le nom du signataire est requis'),
  acceptedAt: optionalField(instantField()),
  ...updateVersionFields,
});
export type QuoteAcceptInput = z.input<typeof quoteAcceptInput>;
export type QuoteAcceptData = z.output<typeof quoteAcceptInput>;

/**
 * `POST /api/quotes/{id}/invoices` body: invoice the whole accepted quote (`standard`, every line at
 * its selling price) or a deposit (`deposit`) of a `percentage` of its HT or an `amount` HT, split
 * across its VAT rates in proportion to its HT per rate.
 */
export const quoteInvoiceInput = z
  .object({
    kind: enumField(['standard', 'deposit'] as const, 'Le type de facture est requis (standard ou acompte)'),
    percentage: optionalField(
      percentField({ message: "Le pourcentage d'acompte doit être un nombre entre 0 et 100" }),
    ),
    amount: optionalField(moneyField({ nonNegative: true, message: "Le montant de l'acompte est invalide" })),
  })
  .superRefine((body, ctx) => {
    if (body.kind !== 'deposit') return;
    const given = [body.percentage, body.amount].filter((value) => value !== undefined).length;
    if (given !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['percentage'],
        message: "Un acompte se donne par un pourcentage ou par un montant HT (l'un des deux)",
      });
      return;
    }
    if (body.percentage === '0.00' || body.amount === '0.00') {
      ctx.addIssue({
        code: 'custom',
        path: [body.percentage !== undefined ? 'percentage' : 'amount'],
        message: "L'acompte doit être supérieur à 0",
      });
    }
  });
export type QuoteInvoiceInput = z.input<typeof quoteInvoiceInput>;
export type QuoteInvoiceData = z.output<typeof quoteInvoiceInput>;
