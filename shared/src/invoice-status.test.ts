import { describe, expect, it } from 'vitest';
import {
  awaitsPayment,
  calendarDateInFrance,
  effectiveInvoiceStatus,
  isOverdue,
  withEffectiveStatus,
} from './invoice-status.js';

describe('calendarDateInFrance', () => {
  it('gives the date in Paris, not in UTC, in winter and in summer', () => {
    expect(calendarDateInFrance(new Date('2026-01-15T22:59:59Z'))).toBe('2026-01-15');
    expect(calendarDateInFrance(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
    expect(calendarDateInFrance(new Date('2026-03-31T21:59:59Z'))).toBe('2026-03-31');
    expect(calendarDateInFrance(new Date('2026-03-31T22:00:00Z'))).toBe('2026-04-01');
    expect(calendarDateInFrance(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

describe('overdue derivation', () => {
  const today = '2026-05-10';

  it('makes a sent invoice overdue the day after its due date, not on it', () => {
    expect(isOverdue({ status: 'sent', dueDate: '2026-05-09' }, today)).toBe(true);
    expect(isOverdue({ status: 'sent', dueDate: '2026-05-10' }, today)).toBe(false);
    expect(isOverdue({ status: 'sent', dueDate: '2026-05-11' }, today)).toBe(false);
    expect(effectiveInvoiceStatus({ status: 'sent', dueDate: '2026-05-09' }, today)).toBe('overdue');
    expect(effectiveInvoiceStatus({ status: 'sent', dueDate: '2026-05-10' }, today)).toBe('sent');
  });

  it('reads the date part of a timestamp due date', () => {
    expect(isOverdue({ status: 'sent', dueDate: '2026-05-09T23:00:00.000Z' }, today)).toBe(true);
  });

  it('never makes late an invoice without due date', () => {
    expect(isOverdue({ status: 'sent' }, today)).toBe(false);
    expect(isOverdue({ status: 'sent', dueDate: null }, today)).toBe(false);
    expect(isOverdue({ status: 'sent', dueDate: '' }, today)).toBe(false);
  });

  it('never makes overdue a draft, a paid or a cancelled invoice', () => {
    for (const status of ['draft', 'paid', 'cancelled'] as const) {
      expect(isOverdue({ status, dueDate: '2020-01-01' }, today)).toBe(false);
      expect(effectiveInvoiceStatus({ status, dueDate: '2020-01-01' }, today)).toBe(status);
    }
  });

  it('never makes overdue a credit note, which nobody pays', () => {
    const note = { status: 'sent', kind: 'credit_note', dueDate: '2020-01-01' };
    expect(isOverdue(note, today)).toBe(false);
    expect(effectiveInvoiceStatus(note, today)).toBe('sent');
    expect(isOverdue({ ...note, kind: 'standard' }, today)).toBe(true);
  });

  it('keeps a stored overdue status', () => {
    expect(effectiveInvoiceStatus({ status: 'overdue', dueDate: '2030-01-01' }, today)).toBe('overdue');
    expect(awaitsPayment('overdue')).toBe(true);
    expect(awaitsPayment('sent')).toBe(true);
    expect(awaitsPayment('paid')).toBe(false);
  });

  it('returns a copy with the derived status', () => {
    const invoice = { id: 'a', status: 'sent', dueDate: '2026-01-01' };
    expect(withEffectiveStatus(invoice, today)).toEqual({
      id: 'a',
      status: 'overdue',
      dueDate: '2026-01-01',
    });
    expect(invoice.status).toBe('sent');
  });

  it('uses today in France by default', () => {
    expect(isOverdue({ status: 'sent', dueDate: '2000-01-01' })).toBe(true);
    expect(isOverdue({ status: 'sent', dueDate: '2999-01-01' })).toBe(false);
  });
});
