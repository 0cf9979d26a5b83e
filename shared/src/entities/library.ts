/**
 * The price library (issue 28, LIBRARY.md): articles (what a company buys, with their cost) and
 * ouvrages (the works it sells, each made of articles or smaller ouvrages per unit: the
 * sous-détail). The déboursé rule is `library-costs.ts`; the contract is docs/library.md.
 */
import { resourceTypes, type ResourceType } from '../enums.js';
import {
  defaultedField,
  enumField,
  idField,
  instantField,
  moneyField,
  optionalField,
  optionalIdField,
  percentField,
  quantityField,
  requiredText,
  vatRateField,
} from '../fields.js';
import { companyRecordFields, updateVersionFields } from '../record.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';
import {
  articleStatuses,
  type ArticleStatus,
  familyLevels,
  LIBRARY_DESIGNATION_MAX_LENGTH,
  LIBRARY_FAMILY_MAX_LENGTH,
  LIBRARY_REFERENCE_MAX_LENGTH,
  LIBRARY_UNIT_MAX_LENGTH,
  MAX_FAMILY_LEVELS,
  MAX_OUVRAGE_COMPONENTS,
  normaliseFamily,
  priceListDelimiters,
  priceListEncodings,
  type PriceListEncoding,
} from './library-basics.js';
import { libraryKinds } from './library-query.js';
import { PRICE_LIST_FILE_NAME_MAX_LENGTH, priceListUploadMessages } from './price-list-upload-input.js';

export {
  FAMILY_SEPARATOR,
  familyLevels,
  LIBRARY_DESIGNATION_MAX_LENGTH,
  LIBRARY_FAMILY_MAX_LENGTH,
  LIBRARY_REFERENCE_MAX_LENGTH,
  LIBRARY_UNIT_MAX_LENGTH,
  MAX_FAMILY_LEVELS,
  MAX_OUVRAGE_COMPONENTS,
  MAX_OUVRAGE_LEVELS,
  MAX_PRICE_LIST_BYTES,
  MAX_PRICE_LIST_ROWS,
  MAX_REPORTED_REFUSALS,
  normaliseFamily,
  PRICE_LIST_KEY_PREFIX,
  priceListFieldLabels,
  priceListFields,
  type PriceListField,
} from './library-basics.js';
// The list and search query, parsed by hand (no zod: the list routes start without it).
export {
  LIBRARY_MAX_LIMIT,
  LIBRARY_SEARCH_DEFAULT_LIMIT,
  libraryKinds,
  libraryQuery,
  type LibraryKind,
  type LibraryQuery,
} from './library-query.js';

/** An article's catalogue status: « hors catalogue » once a re-import no longer lists it (kept). */
export { articleStatuses, type ArticleStatus } from './library-basics.js';
export const articleStatusLabels: Record<ArticleStatus, string> = {
  active: 'Au catalogue',
  retired: 'Hors catalogue',
};

/** "Gros œuvre › Béton": levels separated by › (or >), at most 5 levels; output normalised. */
export const familyField = optionalField(
  z
    .string()
    .max(
      LIBRARY_FAMILY_MAX_LENGTH,
      `La famille doit contenir au plus ${LIBRARY_FAMILY_MAX_LENGTH} caractères`,
    )
    .transform((value) => normaliseFamily(value))
    .refine(
      (value) => familyLevels(value).length <= MAX_FAMILY_LEVELS,
      `Une famille compte au plus ${MAX_FAMILY_LEVELS} niveaux (ex. « Gros œuvre › Béton »)`,
    ),
);

const referenceField = optionalField(requiredText('La référence est requise', LIBRARY_REFERENCE_MAX_LENGTH));
const designationField = requiredText('La désignation est requise', LIBRARY_DESIGNATION_MAX_LENGTH);
const unitField = requiredText("L'unité est requise", LIBRARY_UNIT_MAX_LENGTH);

// ---------------------------------------------------------------------------------------------
// Articles

/** The editable fields of an article (API.md "Library"). */
export const articleFields = {
  resourceType: enumField(resourceTypes, 'Le type de ressource est requis'),
  /** The supplier's code; unique per supplier (per company for articles without supplier). */
  reference: referenceField,
  designation: designationField,
  /** m², m³, ml, u, h, kg, forfait… */
  unit: unitField,
  /** Cost HT of one unit (money ≥ 0): what a quote line built from it costs. */
  unitCost: moneyField({
    nonNegative: true,
    message: 'Le coût unitaire doit être un nombre positif ou nul',
  }),
  supplierId: optionalIdField,
  /** Default VAT rate of the lines made from it; absent: the company's default. */
  vatRate: optionalField(vatRateField()),
  family: familyField,
  /** The supplier's list price before discount (price-list imports). */
  listPrice: optionalField(
    moneyField({ nonNegative: true, message: 'Le prix catalogue doit être un nombre positif ou nul' }),
  ),
  /** The discount off `listPrice`, in % (price-list imports). */
  discount: optionalField(percentField({ message: 'La remise doit être un pourcentage entre 0 et 100' })),
  /** `retired`: « hors catalogue », no longer in the supplier's last price list (kept). */
  status: defaultedField(enumField(articleStatuses), 'active'),
};

/** An article as the API returns it. */
export const articleSchema = z.object({
  ...companyRecordFields,
  ...articleFields,
  /** The supplier's name (answers only). */
  supplier: z.object({ id: idField(), name: z.string() }).optional(),
});
export type Article = z.infer<typeof articleSchema>;

/** `POST /api/library/articles` body. */
export const articleCreateInput = z.object(articleFields);
export type ArticleCreateInput = z.input<typeof articleCreateInput>;
export type ArticleCreateData = z.output<typeof articleCreateInput>;

/** `PUT /api/library/articles/{id}` body: the whole editable record, plus the `version` read. */
export const articleUpdateInput = z.object({ ...articleFields, ...updateVersionFields });
export type ArticleUpdateInput = z.input<typeof articleUpdateInput>;
export type ArticleUpdateData = z.output<typeof articleUpdateInput>;

// ---------------------------------------------------------------------------------------------
// Ouvrages

const lossRateField = optionalField(
  percentField({ message: 'Le taux de perte doit être un pourcentage entre 0 et 100' }),
);

/**
 * One component of an ouvrage: an article (`articleId`) or another ouvrage (`ouvrageId`), exactly
 * one of the two; `quantity` per unit of the ouvrage (thousandths, > 0); `lossRate` (chute, %).
 */
export const ouvrageComponentInput = z
  .object({
    articleId: optionalIdField,
    ouvrageId: optionalIdField,
    quantity: quantityField({ positive: true, message: 'La quantité doit être un nombre positif' }),
    lossRate: lossRateField,
  })
  .superRefine((component, ctx) => {
    const given = [component.articleId, component.ouvrageId].filter((id) => id !== undefined).length;
    if (given !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['articleId'],
        message: 'Un composant est un article ou un ouvrage (l’un des deux)',
      });
    }
  });
export type OuvrageComponentInput = z.input<typeof ouvrageComponentInput>;
export type OuvrageComponentData = z.output<typeof ouvrageComponentInput>;

/** The editable fields of an ouvrage. */
export const ouvrageFields = {
  /** The company's code of the work ("MAC-020"); unique within the company. */
  code: optionalField(requiredText('Le code est requis', LIBRARY_REFERENCE_MAX_LENGTH)),
  designation: designationField,
  unit: unitField,
  family: familyField,
  /** Default VAT rate of the lines made from it; absent: the company's default. */
  vatRate: optionalField(vatRateField()),
  components: z
    .array(ouvrageComponentInput, { error: 'La liste des composants est requise' })
    .min(1, 'Un ouvrage compte au moins un composant')
    .max(MAX_OUVRAGE_COMPONENTS, `Un ouvrage compte au plus ${MAX_OUVRAGE_COMPONENTS} composants`),
};

/**
 * A component as the API answers it: what it names, and computed from the library's current
 * costs its `unitCost` (an article's cost, a sub-ouvrage's déboursé) and `cost` =
 * round(quantity × (1 + loss %) × unitCost).
 */
export const ouvrageComponentSchema = z.object({
  kind: z.enum(['article', 'ouvrage']),
  articleId: idField().optional(),
  ouvrageId: idField().optional(),
  quantity: z.string(),
  lossRate: z.string().optional(),
  designation: z.string(),
  unit: z.string(),
  /** An article's type, a sub-ouvrage's dominant type (`dominantResourceType`). */
  resourceType: z.enum(resourceTypes),
  reference: z.string().optional(),
  code: z.string().optional(),
  unitCost: z.string(),
  cost: z.string(),
});
export type OuvrageComponent = z.infer<typeof ouvrageComponentSchema>;

/** An ouvrage as the API returns it, with its déboursé sec unitaire (`unitCost`). */
export const ouvrageSchema = z.object({
  ...companyRecordFields,
  code: z.string().optional(),
  designation: z.string(),
  unit: z.string(),
  family: z.string().optional(),
  vatRate: z.string().optional(),
  components: z.array(ouvrageComponentSchema),
  /** Déboursé sec unitaire: Σ of the components' `cost`. */
  unitCost: z.string(),
  /**
   * The type of its largest cost (`dominantResourceType`): the resource type of a devis line made
   * from it, and of it as a component of another ouvrage.
   */
  resourceType: z.enum(resourceTypes),
  /** Levels of ouvrages it holds, itself included: 1 when it holds articles only. */
  levels: z.number().int(),
});
export type Ouvrage = z.infer<typeof ouvrageSchema>;

/** `POST /api/library/ouvrages` body. */
export const ouvrageCreateInput = z.object(ouvrageFields);
export type OuvrageCreateInput = z.input<typeof ouvrageCreateInput>;
export type OuvrageCreateData = z.output<typeof ouvrageCreateInput>;

/** `PUT /api/library/ouvrages/{id}` body. */
export const ouvrageUpdateInput = z.object({ ...ouvrageFields, ...updateVersionFields });
export type OuvrageUpdateInput = z.input<typeof ouvrageUpdateInput>;
export type OuvrageUpdateData = z.output<typeof ouvrageUpdateInput>;

// ---------------------------------------------------------------------------------------------
// Search

/** One answer of `GET /api/library/search`: an article or an ouvrage, as the pickers show it. */
export const librarySearchItemSchema = z.object({
  kind: z.enum(libraryKinds),
  id: idField(),
  designation: z.string(),
  unit: z.string(),
  /** An article's cost, an ouvrage's déboursé sec unitaire. */
  unitCost: z.string(),
  reference: z.string().optional(),
  code: z.string().optional(),
  family: z.string().optional(),
  resourceType: z.enum(resourceTypes).optional(),
  vatRate: z.string().optional(),
  status: z.enum(articleStatuses).optional(),
  supplier: z.object({ id: idField(), name: z.string() }).optional(),
});
export type LibrarySearchItem = z.infer<typeof librarySearchItemSchema>;

/** `GET /api/library/families`: the family tree, each node with how many articles and ouvrages it holds. */
export interface LibraryFamilyNode {
  name: string;
  /** The whole path, "Gros œuvre › Béton". */
  path: string;
  articles: number;
  ouvrages: number;
  children: LibraryFamilyNode[];
}

// ---------------------------------------------------------------------------------------------
// Supplier price-list imports

const columnIndex = z.coerce
  .number({ error: 'Colonne invalide' })
  .int('Colonne invalide')
  .min(0, 'Colonne invalide')
  .max(999, 'Colonne invalide');

/**
 * Which column (0-based index in the file) holds each field. `reference`, `designation` and
 * `price` are required; `family` may take several columns (joined with " › ", as FAB-DIS's FAM1,
 * FAM2, FAM3); without `unit` every article is in `defaultUnit`.
 */
export const priceListColumnsSchema = z.object({
  reference: columnIndex,
  designation: columnIndex,
  price: columnIndex,
  unit: columnIndex.optional(),
  family: z.array(columnIndex).max(MAX_FAMILY_LEVELS).optional(),
  discount: columnIndex.optional(),
  resourceType: columnIndex.optional(),
  vatRate: columnIndex.optional(),
});
export type PriceListColumns = z.output<typeof priceListColumnsSchema>;

export { priceListDelimiters, priceListEncodings, type PriceListEncoding } from './library-basics.js';

/** How to read a price list: columns, where the header is, the decimal separator, the defaults. */
export const priceListMappingSchema = z.object({
  columns: priceListColumnsSchema,
  /** 1-based number of the header row (the rows above it are skipped); 0: no header. */
  headerRow: z.coerce.number().int().min(0).max(50).default(1),
  /** `,` (French: "12,50") or `.`; absent: each value as written ("1 234,50" and "1234.50" both read). */
  decimal: z.enum([',', '.']).optional(),
  /** CSV only; absent: detected (UTF-8 when the bytes are valid UTF-8, else refused). */
  encoding: z.enum(priceListEncodings).optional(),
  /** CSV only; absent: detected from the first lines. */
  delimiter: z.enum(priceListDelimiters).optional(),
  defaultResourceType: enumField(resourceTypes).default('materials' satisfies ResourceType),
  defaultUnit: requiredText("L'unité par défaut est requise", LIBRARY_UNIT_MAX_LENGTH).default('u'),
});
export type PriceListMapping = z.output<typeof priceListMappingSchema>;
export type PriceListMappingInput = z.input<typeof priceListMappingSchema>;

/** `POST /api/library/imports/uploads` body: the file about to be sent. */
export const priceListUploadInput = z.object({
  fileName: requiredText(priceListUploadMessages.fileNameRequired, PRICE_LIST_FILE_NAME_MAX_LENGTH),
  size: z.coerce.number({ error: priceListUploadMessages.sizeRequired }).int().min(0),
});
export type PriceListUploadData = z.output<typeof priceListUploadInput>;

/** The answer: where the browser posts the file (a presigned POST, fields first, then `file`). */
export interface PriceListUpload {
  uploadId: string;
  upload: { url: string; fields: Record<string, string> };
  maxBytes: number;
}

/** `GET /api/library/imports/uploads/{uploadId}/preview?supplierId=`: what the mapping step shows. */
export interface PriceListPreview {
  format: 'csv' | 'xlsx';
  /** The layout recognised: a FAB-DIS catalogue (B01 COMMERCE) or any table. */
  layout: 'fabdis' | 'table';
  /** The sheet read (XLSX). */
  sheet?: string;
  encoding?: PriceListEncoding;
  delimiter?: string;
  /** The header row's cells (after `headerRow - 1` skipped rows), one per column. */
  columns: { index: number; header: string }[];
  /** The first rows after the header, as text. */
  rows: string[][];
  /** The supplier's remembered mapping when it fits this file, else the one detected from the headers. */
  mapping: PriceListMappingInput;
  /** Whether `mapping` is the supplier's remembered one. */
  remembered: boolean;
}

/** `POST /api/library/imports` body. */
export const priceListImportInput = z.object({
  uploadId: idField('Le fichier est requis'),
  supplierId: idField('Le fournisseur est requis'),
  mapping: priceListMappingSchema,
});
export type PriceListImportInput = z.input<typeof priceListImportInput>;
export type PriceListImportData = z.output<typeof priceListImportInput>;

export const importStatuses = ['queued', 'validating', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];
export const importStatusLabels: Record<ImportStatus, string> = {
  queued: 'En attente',
  validating: 'Lecture du fichier',
  running: 'Import en cours',
  done: 'Terminé',
  failed: 'Échec',
};

/** An import's report (API.md: `{created, updated, unchanged, retired, refused: [{row, message}]}`). */
export const priceListReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  retired: z.number().int(),
  refused: z.array(z.object({ row: z.number().int(), message: z.string() })),
  refusedCount: z.number().int(),
});
export type PriceListReport = z.infer<typeof priceListReportSchema>;

/** `GET /api/library/imports/{id}`: the job, its progress and, once done, its report. */
export const priceListImportSchema = z.object({
  ...companyRecordFields,
  supplierId: idField(),
  fileName: z.string(),
  status: z.enum(importStatuses),
  /** Rows read and valid, and rows written so far (progress = processed / total). */
  total: z.number().int(),
  processed: z.number().int(),
  report: priceListReportSchema,
  /** A failed import's French reason (nothing was written, or what was is counted in `report`). */
  error: z.string().optional(),
  startedAt: instantField().optional(),
  finishedAt: instantField().optional(),
});
export type PriceListImport = z.infer<typeof priceListImportSchema>;

// ---------------------------------------------------------------------------------------------
// « Actualiser les prix » of a draft devis

/** `POST /api/quotes/{id}/refresh-prices` body: a preview (default), or `apply: true` with the `version` read. */
export const quoteRefreshPricesInput = z.object({
  apply: z.boolean({ error: 'apply : oui ou non' }).default(false),
  ...updateVersionFields,
});
export type QuoteRefreshPricesInput = z.input<typeof quoteRefreshPricesInput>;

/** A line's figures before and after a refresh. */
export interface RefreshedFigures {
  unitPrice: string;
  saleUnitPrice: string;
  saleTotal: string;
}

/** The quote's totals before and after a refresh. */
export interface RefreshedTotals {
  subtotalAmount: string;
  totalAmount: string;
  vatAmount: string;
  totalWithVat: string;
}

/** The answer of `POST /api/quotes/{id}/refresh-prices` (docs/library.md « Actualiser les prix »). */
export interface QuoteRefreshPrices<Q = unknown> {
  lines: {
    itemId: string;
    description?: string;
    /** `updated`, `unchanged`, `missing` (no longer in the library: kept), `manual` (typed by hand). */
    outcome: 'updated' | 'unchanged' | 'missing' | 'manual';
    /** Components (or the article) no longer in the library, kept at their snapshot's cost. */
    missing: number;
    old: RefreshedFigures;
    new: RefreshedFigures;
  }[];
  old: RefreshedTotals;
  new: RefreshedTotals;
  /** How many lines change. */
  changed: number;
  /** The saved quote (`apply: true`), else `null`. */
  quote: Q | null;
}
