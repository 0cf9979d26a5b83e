import { describe, expect, it } from 'vitest';
import { escapeHtml, frenchDate } from '@btp/shared/french-text';
import { documentMail, euros, mailSubject, type SentDocument } from './templates.js';

const company = {
  name: 'Durand & Fils <BTP>',
  address: '12 rue des Artisans',
  postalCode: '69003',
  city: 'Lyon',
  phone: '04 72 00 00 00',
  email: 'contact@durand.fr',
};

const quote: SentDocument = {
  kind: 'quote',
  number: 'DEV-2026-0007',
  title: 'Salle de bains "Tilleuls"',
  totalWithVat: '12345.60',
  validUntil: '2026-12-31',
  acceptUrl: 'http://localhost:3000/devis/abc_DEF-123?x=1&y=2',
};

/** fr-FR groups thousands with a narrow no-break space and puts a no-break space before €. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('document e-mails', () => {
  it('names the document and the company in the subject', () => {
    expect(mailSubject(quote, company)).toBe('Devis DEV-2026-0007 – Durand & Fils <BTP>');
    expect(mailSubject({ kind: 'invoice', number: 'FAC-2026-0001' }, company)).toBe(
      'Facture FAC-2026-0001 – Durand & Fils <BTP>',
    );
    expect(mailSubject({ kind: 'credit_note', number: 'AV-2026-0001' }, {})).toBe(
      'Avoir AV-2026-0001 – Votre entreprise',
    );
  });

  it('writes amounts and dates the French way', () => {
    expect(plain(euros('12345.60'))).toBe('12 345,60 €');
    expect(plain(euros('0.05'))).toBe('0,05 €');
    expect(frenchDate('2026-03-09')).toBe('09/03/2026');
  });

  it("a quote: amount TTC, validity date, the acceptance link, the message and the company's signature", () => {
    const mail = documentMail(quote, company, 'Bonjour Madame,\nComme convenu.');
    expect(mail.fromName).toBe('Durand & Fils <BTP>');
    const text = plain(mail.text);
    expect(text).toContain(
      'devis DEV-2026-0007 « Salle de bains "Tilleuls" », d\'un montant de 12 345,60 € TTC',
    );
    expect(text).toContain("Ce devis est valable jusqu'au 31/12/2026.");
    expect(text).toContain(quote.acceptUrl);
    expect(text).toContain('Bonjour Madame,\nComme convenu.');
    expect(text).toContain(
      'Durand & Fils <BTP>\n12 rue des Artisans\n69003 Lyon\nTél. : 04 72 00 00 00\ncontact@durand.fr',
    );
  });

  it('escapes every value in the HTML (no markup from a title, a message or a name)', () => {
    const mail = documentMail(
      { ...quote, title: '<img src=x onerror=alert(1)>' },
      company,
      '<script>alert("x")</script> & co',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('<strong>Durand &amp; Fils &lt;BTP&gt;</strong>');
    expect(mail.html).toContain('href="http://localhost:3000/devis/abc_DEF-123?x=1&amp;y=2"');
    expect(escapeHtml(`'"`)).toBe('&#39;&quot;');
  });

  it('an invoice: amount TTC, what to pay and the due date; no link, no empty message', () => {
    const mail = documentMail(
      {
        kind: 'invoice',
        number: 'FAC-2026-0001',
        title: 'Situation n° 2',
        totalWithVat: '1200.00',
        amountDue: '1140.00',
        dueDate: '2026-12-24',
      },
      company,
      '   ',
    );
    const text = plain(mail.text);
    expect(text).toContain("facture FAC-2026-0001 « Situation n° 2 », d'un montant de 1 200,00 € TTC");
    expect(text).toContain('Montant à régler : 1 140,00 €, avant le 24/12/2026.');
    expect(text).not.toContain('/devis/');
    expect(text).not.toMatch(/\n\n\s*\n\n/);
  });

  it('a credit note cites the invoice it cancels', () => {
    const mail = documentMail(
      {
        kind: 'credit_note',
        number: 'AV-2026-0002',
        title: 'Avoir sur remise',
        totalWithVat: '-240.00',
        creditedInvoiceNumber: 'FAC-2026-0001',
      },
      company,
    );
    expect(plain(mail.text)).toContain(
      "avoir AV-2026-0002 « Avoir sur remise », d'un montant de -240,00 € TTC, sur la facture FAC-2026-0001.",
    );
    expect(mail.subject).toBe('Avoir AV-2026-0002 – Durand & Fils <BTP>');
  });
});
