import { describe, expect, it } from 'vitest';
import { quoteStatuses } from './enums.js';
import {
  canChangeQuoteStatus,
  canDeleteQuote,
  canSendQuote,
  isQuoteEditable,
  quoteStatusChoices,
} from './quote-status.js';

describe('quote status rule', () => {
  it('lets only drafts be edited, sent and deleted', () => {
    for (const status of quoteStatuses) {
      const draft = status === 'draft';
      expect(isQuoteEditable(status)).toBe(draft);
      expect(canSendQuote(status)).toBe(draft);
      expect(canDeleteQuote(status)).toBe(draft);
    }
  });

  it('moves a sent quote to rejected or expired by an edit; validated only through its « Bon pour accord »', () => {
    expect(quoteStatusChoices('sent')).toEqual(['sent', 'rejected', 'expired']);
    expect(canChangeQuoteStatus('sent', 'validated')).toBe(false);
    expect(canChangeQuoteStatus('sent', 'rejected')).toBe(true);
    expect(canChangeQuoteStatus('sent', 'expired')).toBe(true);
    expect(canChangeQuoteStatus('sent', 'draft')).toBe(false);
  });

  it('sends a draft only through the send action', () => {
    expect(quoteStatusChoices('draft')).toEqual(['draft']);
    for (const to of quoteStatuses) expect(canChangeQuoteStatus('draft', to)).toBe(to === 'draft');
  });

  it('keeps validated, rejected and expired final', () => {
    for (const from of ['validated', 'rejected', 'expired'] as const) {
      expect(quoteStatusChoices(from)).toEqual([from]);
      for (const to of quoteStatuses) expect(canChangeQuoteStatus(from, to)).toBe(from === to);
    }
  });
});
