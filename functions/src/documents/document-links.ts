/**
 * A document may be linked to a project, client, supplier, quote and invoice of its company. Each
 * link is checked inside the document's write transaction (a `ConditionCheck` on the linked key),
 * so a record of another company, or one deleted meanwhile, is refused. A client, project or
 * supplier is stamped instead of checked (an update with the same condition): its deletion, which counts its
 * documents, then cannot miss one linked meanwhile (see `data/reference-stamps.ts`).
 */
import { clients } from '../data/entities/clients.js';
import { invoices } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import { quotes } from '../data/entities/quotes.js';
import { suppliers } from '../data/entities/suppliers.js';
import type { Key } from '../data/keys.js';
import { referenceStamp } from '../data/reference-stamps.js';
import type { TransactItem } from '../data/transactions.js';
import { tableName } from '../lib/dynamo.js';
import { badRequest, conflict, type HttpError } from '../lib/http-errors.js';

export type DocumentLinkField = 'projectId' | 'clientId' | 'supplierId' | 'quoteId' | 'invoiceId';

export type DocumentLinks = Partial<Record<DocumentLinkField, string | undefined>>;

interface LinkRule {
  field: DocumentLinkField;
  key(companyId: string, id: string): Key;
  /** 400 on the field when the upload starts. */
  unknown: string;
  /** 409 when the linked record vanished before the upload was completed. */
  gone: string;
  /** The linked record's deletion relies on reference stamps (clients, projects, suppliers). */
  stamped?: boolean;
}

const rules: LinkRule[] = [
  {
    field: 'projectId',
    key: projects.key,
    stamped: true,
    unknown: 'Projet introuvable : choisissez un projet de votre entreprise.',
    gone: "Le projet lié à ce document a été supprimé entre-temps : recommencez l'envoi.",
  },
  {
    field: 'clientId',
    key: clients.key,
    unknown: 'Client introuvable : choisissez un client de votre entreprise.',
    gone: "Le client lié à ce document a été supprimé entre-temps : recommencez l'envoi.",
    stamped: true,
  },
  {
    field: 'supplierId',
    stamped: true,
    key: suppliers.key,
    unknown: 'Fournisseur introuvable : choisissez un fournisseur de votre entreprise.',
    gone: "Le fournisseur lié à ce document a été supprimé entre-temps : recommencez l'envoi.",
  },
  {
    field: 'quoteId',
    key: quotes.key,
    unknown: 'Devis introuvable : choisissez un devis de votre entreprise.',
    gone: "Le devis lié à ce document a été supprimé entre-temps : recommencez l'envoi.",
  },
  {
    field: 'invoiceId',
    key: invoices.key,
    unknown: 'Facture introuvable : choisissez une facture de votre entreprise.',
    gone: "La facture liée à ce document a été supprimée entre-temps : recommencez l'envoi.",
  },
];

/** The links of `source` that are set, field by field, in a fixed order. */
export function linksOf(source: DocumentLinks): DocumentLinks {
  const links: DocumentLinks = {};
  for (const rule of rules) {
    const id = source[rule.field];
    if (id) links[rule.field] = id;
  }
  return links;
}

/**
 * The condition checks proving each link is a record of the company, and how to explain a failed
 * one: `at: 'upload'` gives a 400 on the field, `at: 'complete'` a 409 (the record existed when
 * the upload started).
 */
export function linkChecks(
  companyId: string,
  links: DocumentLinks,
  at: 'upload' | 'complete',
): { extraItems: TransactItem[]; explainExtra(index: number): HttpError | undefined } {
  const checked = rules.filter((rule) => links[rule.field]);
  return {
    extraItems: checked.map((rule) => {
      const key = rule.key(companyId, links[rule.field] as string);
      if (rule.stamped) return referenceStamp(key);
      return {
        ConditionCheck: { TableName: tableName(), Key: key, ConditionExpression: 'attribute_exists(pk)' },
      };
    }),
    explainExtra: (index) => {
      const rule = checked[index];
      if (!rule) return undefined;
      return at === 'upload'
        ? badRequest(undefined, [{ path: rule.field, message: rule.unknown }])
        : conflict(rule.gone);
    },
  };
}
