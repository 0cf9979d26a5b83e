/**
 * The editable fields of a quote, in the order of `quoteFields` (`quote.ts`, which is checked
 * against this list): apart from the schemas so that the data layer's list attributes and the SPA's
 * quote dialog share one list without loading zod (issue 27).
 */
export const quoteFieldNames = [
  'title',
  'clientId',
  'projectId',
  'description',
  'validUntil',
  'overheadPercentage',
  'marginPercentage',
  'status',
  'reverseCharge',
  'retentionRate',
  'retentionBankGuarantee',
] as const;
export type QuoteFieldName = (typeof quoteFieldNames)[number];
