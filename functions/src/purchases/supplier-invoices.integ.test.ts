/**
 * Supplier invoices and credit notes through the service, on DynamoDB Local: figures from the
 * lines, the credit note's link kept on both records, what is credited never above the invoice,
 * payments, what is owed per supplier (aggregates), records made before lines, the supplier's
 * number once.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { clientCreateInput } from '@btp/shared/entities/client';
import { projectCreateInput } from '@btp/shared/entities/project';
import { supplierCreateInput } from '@btp/shared/entities/supplier';
import {
  supplierInvoiceCreateInput,
  supplierInvoicePayInput,
  supplierInvoiceUpdateInput,
  type SupplierInvoiceCreateInput,
} from '@btp/shared/entities/supplier-invoice';
import { formatMoney } from '@btp/shared/money';
import { seededRandom } from '@btp/shared/testing/seeded-random';
import { describe, expect, it } from 'vitest';
import { testCompanyId } from '../../test/company.js';
import { clients } from '../data/entities/clients.js';
import { projects } from '../data/entities/projects.js';
import {
  createSupplierInvoice as createRecord,
  supplierInvoices,
} from '../data/entities/supplier-invoices.js';
import { suppliers } from '../data/entities/suppliers.js';
import { companyMarkerKey } from '../data/keys.js';
import { db, tableName } from '../lib/dynamo.js';
import { HttpError } from '../lib/http-errors.js';
import { ciiXml, randomInvoice, withTotals } from '../einvoicing/import/testing/invoice-writer.js';
import { standInDocumentsBucket } from '../test-support/aggregates-harness.js';
import { importFileRequest } from '../test-support/api-event.js';
import { supplierBalances } from './supplier-balances.js';
import { importSupplierInvoice } from './supplier-invoice-import.js';
import {
  createSupplierInvoice,
  deleteSupplierInvoice,
  getSupplierInvoice,
  paySupplierInvoice,
  updateSupplierInvoice,
} from './supplier-invoice-service.js';

// The original files of imports go to a stand-in bucket (only their records are read here).
standInDocumentsBucket();

async function company() {
  const companyId = testCompanyId();
  const supplier = await suppliers.create(companyId, supplierCreateInput.parse({ name: 'Négoce Rhône' }));
  const other = await suppliers.create(companyId, supplierCreateInput.parse({ name: 'Bois & Cie' }));
  return { companyId, supplierId: supplier.id, otherId: other.id };
}

const create = (companyId: string, body: SupplierInvoiceCreateInput) =>
  createSupplierInvoice(companyId, supplierInvoiceCreateInput.parse(body));

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

const lines = [
  {
    description: 'Plaque de plâtre BA13',
    unit: 'u',
    quantity: '40',
    unitPrice: '8.50',
    vatRate: '20',
    resourceType: 'materials',
  },
  {
    description: 'Isolant laine de verre',
    unit: 'm²',
    quantity: '12.5',
    unitPrice: '7.10',
    vatRate: '5.5',
    resourceType: 'materials',
  },
  {
    description: 'Pose plaquiste',
    unit: 'h',
    quantity: '7',
    unitPrice: '45',
    vatRate: '20',
    resourceType: 'subcontractor',
  },
] as const;

/** The marker that keeps one supplier's number once (`docs/data-model.md`), read consistently. */
async function referenceMarker(companyId: string, supplierId: string, number: string) {
  const Key = companyMarkerKey(
    companyId,
    'SUPPLIER_INVOICE',
    'SUPPLIER_REFERENCE',
    `${supplierId} ${number}`,
  );
  return (await db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item;
}

describe('supplier invoices with lines', () => {
  it('computes HT, VAT per rate and TTC from the lines, each with its resource type and project', async () => {
    const { companyId, supplierId } = await company();
    const client = await clients.create(companyId, clientCreateInput.parse({ name: 'Client Martin' }));
    const project = await projects.create(
      companyId,
      projectCreateInput.parse({ name: 'Villa Martin', clientId: client.id }),
    );
    const invoice = await create(companyId, {
      supplierId,
      projectId: project.id,
      title: 'Plâtrerie',
      lines: [...lines.slice(0, 2), { ...lines[2], projectId: project.id }],
    });
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: expect.stringMatching(/^FF-\d{4}-\d{4}$/) as string,
      netAmount: '743.75',
      vatBreakdown: [
        { rate: '20.00', base: '655.00', amount: '131.00' },
        { rate: '5.50', base: '88.75', amount: '4.88' },
      ],
      vatAmount: '135.88',
      totalAmount: '879.63',
      vatDetailed: true,
      amountDue: '879.63',
      creditedAmount: '0.00',
      remainingAmount: '879.63',
    });
    expect(invoice.lines?.map((line) => [line.total, line.resourceType, line.projectId])).toEqual([
      ['340.00', 'materials', undefined],
      ['88.75', 'materials', undefined],
      ['315.00', 'subcontractor', project.id],
    ]);
    // A total that is not the lines' is refused, naming what the lines make.
    const wrong = await refusal(create(companyId, { supplierId, lines: [lines[0]], totalAmount: '400.00' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.details).toEqual([
      {
        path: 'totalAmount',
        message:
          'Le montant TTC est calculé à partir des lignes (408,00\u00a0€) : modifiez les lignes plutôt que le total.',
      },
    ]);
    // A line's project must be the company's.
    const foreign = await refusal(
      create(companyId, {
        supplierId,
        lines: [{ ...lines[0], projectId: '0196f2c4-0000-7000-8000-00000000ffff' }],
      }),
    );
    expect(foreign.details).toEqual([
      {
        path: 'lines.0.projectId',
        message: 'Projet introuvable : choisissez un projet de votre entreprise.',
      },
    ]);
  });

  it('reads a record made before lines as one line at its amount, its VAT not detailed, and keeps it so', async () => {
    const { companyId, supplierId } = await company();
    const legacy = await createRecord(companyId, {
      supplierId,
      title: 'Livraison béton',
      status: 'sent',
      totalAmount: '1250.40',
      paidAmount: '0.00',
    });
    const read = await getSupplierInvoice(companyId, legacy.id);
    expect(read).toMatchObject({
      kind: 'invoice',
      vatDetailed: false,
      vatBreakdown: [],
      totalAmount: '1250.40',
      remainingAmount: '1250.40',
      lines: [{ description: 'Livraison béton', quantity: '1.000', unitPrice: '1250.40', total: '1250.40' }],
    });
    expect(read.netAmount).toBeUndefined();
    expect(read.lines?.[0]?.vatRate).toBeUndefined();
    // Its title edited: still its TTC alone, nothing invented.
    const edited = await updateSupplierInvoice(
      companyId,
      legacy.id,
      supplierInvoiceUpdateInput.parse({
        supplierId,
        title: 'Béton C25/30',
        totalAmount: '1250.40',
        version: 1,
      }),
    );
    expect(edited).toMatchObject({ vatDetailed: false, title: 'Béton C25/30', totalAmount: '1250.40' });
    expect((await supplierInvoices.getOrThrow(companyId, legacy.id)).lines).toBeUndefined();

    // An import made before lines: its lines in `items`, its HT and VAT; the breakdown from the
    // lines when they make both, else none rather than one made up.
    const oldImport = (vatAmount: string, totalAmount: string) =>
      createRecord(companyId, {
        supplierId,
        title: 'Facture FA-1',
        status: 'draft',
        totalAmount,
        netAmount: '902.50',
        vatAmount,
        paidAmount: '0.00',
        items: [
          {
            description: 'Plaque BA13',
            quantity: '40',
            unit: 'C62',
            unitPrice: '8.50',
            vatRate: '20.00',
            total: '340.00',
          },
          {
            description: 'Isolant',
            quantity: '75',
            unit: 'MTK',
            unitPrice: '7.50',
            vatRate: '5.50',
            total: '562.50',
          },
        ],
      });
    const adding = await getSupplierInvoice(companyId, (await oldImport('98.94', '1001.44')).id);
    expect(adding).toMatchObject({ vatDetailed: true, netAmount: '902.50', vatAmount: '98.94' });
    expect(adding.lines?.map((line) => [line.description, line.vatRate, line.total])).toEqual([
      ['Plaque BA13', '20.00', '340.00'],
      ['Isolant', '5.50', '562.50'],
    ]);
    expect(adding.vatBreakdown).toEqual([
      { rate: '20.00', base: '340.00', amount: '68.00' },
      { rate: '5.50', base: '562.50', amount: '30.94' },
    ]);
    const notAdding = await oldImport('124.25', '1026.75');
    const read2 = await getSupplierInvoice(companyId, notAdding.id);
    expect(read2).toMatchObject({ vatDetailed: true, vatAmount: '124.25', vatBreakdown: [] });
    // Saved back as read (the dialog sends its lines): its figures stay those recorded.
    const saved = await updateSupplierInvoice(
      companyId,
      notAdding.id,
      supplierInvoiceUpdateInput.parse({
        supplierId,
        title: 'Facture FA-1 (plâtrerie)',
        lines: read2.lines,
        version: read2.version,
      }),
    );
    expect(saved).toMatchObject({ netAmount: '902.50', vatAmount: '124.25', totalAmount: '1026.75' });
  });
});

describe('supplier credit notes', () => {
  it('link to the invoice they correct, both ways, and never credit more than its TTC', async () => {
    const { companyId, supplierId, otherId } = await company();
    const invoice = await create(companyId, {
      supplierId,
      supplierReference: 'FA-100',
      status: 'sent',
      lines: [lines[0]],
    });
    expect(invoice.totalAmount).toBe('408.00');
    const note = await create(companyId, {
      supplierId,
      kind: 'credit_note',
      creditedInvoiceId: invoice.id,
      supplierReference: 'AV-7',
      status: 'sent',
      lines: [{ ...lines[0], quantity: '10' }],
    });
    expect(note).toMatchObject({
      kind: 'credit_note',
      totalAmount: '102.00',
      creditedInvoiceNumber: invoice.number,
    });
    const credited = await getSupplierInvoice(companyId, invoice.id);
    expect(credited).toMatchObject({
      creditedAmount: '102.00',
      remainingAmount: '306.00',
      creditNotes: [{ id: note.id, number: note.number, netAmount: '85.00', totalAmount: '102.00' }],
    });

    // More than what remains to credit: 409, nothing written.
    const tooMuch = await refusal(
      create(companyId, {
        supplierId,
        kind: 'credit_note',
        creditedInvoiceId: invoice.id,
        lines: [{ ...lines[0], quantity: '31' }],
      }),
    );
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.message).toBe(
      `L'avoir (316,20\u00a0€ TTC) dépasse ce qui reste à créditer sur la facture ${invoice.number} : 306,00\u00a0€ sur 408,00\u00a0€ TTC.`,
    );
    // Another supplier's invoice, or a credit note, cannot be credited.
    const otherSupplier = await refusal(
      create(companyId, {
        supplierId: otherId,
        kind: 'credit_note',
        creditedInvoiceId: invoice.id,
        totalAmount: '1.00',
      }),
    );
    expect(otherSupplier.details?.[0]?.path).toBe('creditedInvoiceId');
    const ofNote = await refusal(
      create(companyId, { supplierId, kind: 'credit_note', creditedInvoiceId: note.id, totalAmount: '1.00' }),
    );
    expect(ofNote.details).toEqual([
      {
        path: 'creditedInvoiceId',
        message: 'Un avoir corrige une facture, pas un autre avoir : choisissez une facture.',
      },
    ]);
    // The kind of a record never changes.
    const kind = await refusal(
      updateSupplierInvoice(
        companyId,
        note.id,
        supplierInvoiceUpdateInput.parse({ supplierId, kind: 'invoice', version: note.version }),
      ),
    );
    expect(kind.details?.[0]?.path).toBe('kind');

    // Two credit notes at once that each fit but not together: one only is recorded.
    const both = await Promise.allSettled(
      [1, 2].map(() =>
        create(companyId, {
          supplierId,
          kind: 'credit_note',
          creditedInvoiceId: invoice.id,
          lines: [{ ...lines[0], quantity: '20' }],
        }),
      ),
    );
    expect(both.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await getSupplierInvoice(companyId, invoice.id)).creditedAmount).toBe('306.00');

    // The invoice cannot go below what is credited, change supplier, nor be deleted while cited.
    const current = await supplierInvoices.getOrThrow(companyId, invoice.id);
    const below = await refusal(
      updateSupplierInvoice(
        companyId,
        invoice.id,
        supplierInvoiceUpdateInput.parse({
          supplierId,
          lines: [{ ...lines[0], quantity: '5' }],
          version: current.version,
        }),
      ),
    );
    expect(below.statusCode).toBe(409);
    const cited = await refusal(deleteSupplierInvoice(companyId, invoice.id));
    expect(cited.message).toBe(
      "Cette facture a 2 avoirs : supprimez-les ou rattachez-les à une autre facture d'abord.",
    );

    // A credit note cancelled, then deleted: its invoice no longer counts it.
    const storedNote = await supplierInvoices.getOrThrow(companyId, note.id);
    await updateSupplierInvoice(
      companyId,
      note.id,
      supplierInvoiceUpdateInput.parse({ ...storedNote, status: 'cancelled', version: storedNote.version }),
    );
    expect((await getSupplierInvoice(companyId, invoice.id)).creditedAmount).toBe('204.00');
    await deleteSupplierInvoice(companyId, note.id);
    const after = await getSupplierInvoice(companyId, invoice.id);
    expect(after.creditNotes).toHaveLength(1);
    expect(after.creditedAmount).toBe('204.00');
  });

  it('move from one invoice to another with the person’s choice', async () => {
    const { companyId, supplierId } = await company();
    const first = await create(companyId, { supplierId, status: 'sent', lines: [lines[0]] });
    const second = await create(companyId, { supplierId, status: 'sent', lines: [lines[2]] });
    const note = await create(companyId, {
      supplierId,
      kind: 'credit_note',
      creditedInvoiceId: first.id,
      totalAmount: '50.00',
    });
    const stored = await supplierInvoices.getOrThrow(companyId, note.id);
    const moved = await updateSupplierInvoice(
      companyId,
      note.id,
      supplierInvoiceUpdateInput.parse({ ...stored, creditedInvoiceId: second.id, version: stored.version }),
    );
    expect(moved.creditedInvoiceNumber).toBe(second.number);
    expect((await getSupplierInvoice(companyId, first.id)).creditNotes).toEqual([]);
    expect((await getSupplierInvoice(companyId, second.id)).creditedAmount).toBe('50.00');
  });
});

describe('payments and what is owed', () => {
  it('leave the supplier owed exactly the difference after a credit note then a payment (property)', async () => {
    const { companyId, supplierId } = await company();
    const random = seededRandom(2_911);
    let owed = 0;
    for (let run = 0; run < 8; run += 1) {
      const invoice = await create(companyId, {
        supplierId,
        status: 'sent',
        lines: Array.from({ length: random.int(1, 4) }, (_, index) => ({
          description: `Ligne ${index + 1}`,
          quantity: String(random.int(1, 30)),
          unitPrice: formatMoney(random.int(1, 50_000)),
          vatRate: random.pick(['20', '10', '5.5', '0']),
        })),
      });
      const ttc = Math.round(Number(invoice.totalAmount) * 100);
      const noteCents = random.int(0, ttc);
      if (noteCents > 0) {
        await create(companyId, {
          supplierId,
          kind: 'credit_note',
          creditedInvoiceId: invoice.id,
          totalAmount: formatMoney(noteCents),
        });
      }
      const paid = random.int(0, ttc - noteCents);
      if (paid > 0) {
        await paySupplierInvoice(
          companyId,
          invoice.id,
          supplierInvoicePayInput.parse({ paidAmount: formatMoney(paid) }),
        );
      }
      const read = await getSupplierInvoice(companyId, invoice.id);
      expect(read.remainingAmount).toBe(formatMoney(ttc - noteCents - paid));
      expect(read.status).toBe(ttc - noteCents - paid === 0 ? 'paid' : 'sent');
      owed += ttc - noteCents - paid;
    }
    const [balance] = await supplierBalances(companyId);
    expect(balance).toMatchObject({ supplier: { id: supplierId }, owed: formatMoney(owed) });
  });

  it('refuses a payment above what remains, on a cancelled invoice, or on a credit note of an invoice', async () => {
    const { companyId, supplierId } = await company();
    const invoice = await create(companyId, { supplierId, status: 'sent', lines: [lines[0]] });
    const tooMuch = await refusal(paySupplierInvoice(companyId, invoice.id, { paidAmount: '408.01' }));
    expect(tooMuch.message).toBe(
      'Le paiement (408,01\u00a0€) dépasse ce qui reste à payer (408,00\u00a0€) : saisissez au plus ce montant.',
    );
    const note = await create(companyId, {
      supplierId,
      kind: 'credit_note',
      creditedInvoiceId: invoice.id,
      totalAmount: '8.00',
    });
    const onNote = await refusal(paySupplierInvoice(companyId, note.id, {}));
    expect(onNote.message).toBe(
      `Cet avoir est déduit de la facture ${invoice.number} : enregistrez le paiement sur cette facture.`,
    );
    const paid = await paySupplierInvoice(companyId, invoice.id, {});
    expect(paid).toMatchObject({ status: 'paid', paidAmount: '400.00', remainingAmount: '0.00' });
    expect(await supplierBalances(companyId)).toEqual([]);
    // A credit note crediting no invoice lowers what is owed until refunded.
    const loose = await create(companyId, {
      supplierId,
      kind: 'credit_note',
      status: 'sent',
      totalAmount: '30.00',
    });
    expect(await supplierBalances(companyId)).toEqual([
      { supplier: { id: supplierId, name: 'Négoce Rhône' }, owed: '-30.00', openInvoices: 0 },
    ]);
    await paySupplierInvoice(companyId, loose.id, {});
    expect(await supplierBalances(companyId)).toEqual([]);
  });
});

describe("one supplier's invoice number, once", () => {
  it('is refused a second time, and free again once its invoice is deleted', async () => {
    const { companyId, supplierId, otherId } = await company();
    const first = await create(companyId, {
      supplierId,
      supplierReference: 'FA-2026-00412',
      totalAmount: '10.00',
    });
    const again = await refusal(
      create(companyId, { supplierId, supplierReference: 'fa-2026-00412 ', totalAmount: '10.00' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.message).toBe(
      `La facture fa-2026-00412 de Négoce Rhône est déjà enregistrée (facture fournisseur ${first.number}) : elle n'est pas enregistrée une seconde fois.`,
    );
    // Another supplier may use the same number.
    await create(companyId, {
      supplierId: otherId,
      supplierReference: 'FA-2026-00412',
      totalAmount: '10.00',
    });

    const read = () => referenceMarker(companyId, supplierId, 'FA-2026-00412');
    expect(await read()).toMatchObject({ ownerId: first.id });
    await deleteSupplierInvoice(companyId, first.id);
    expect(await read()).toBeUndefined();
    await create(companyId, { supplierId, supplierReference: 'FA-2026-00412', totalAmount: '10.00' });
  });
});

describe('imported e-invoices', () => {
  it('record what the file states, line by line, on random invoices with allowances, charges and several rates (property)', async () => {
    const companyId = testCompanyId();
    const random = seededRandom(6_131);
    for (let run = 0; run < 10; run += 1) {
      const model = randomInvoice(random, `FA-2026-${1000 + run}`);
      const { supplierInvoice } = await importSupplierInvoice(
        companyId,
        await importFileRequest(ciiXml(model)),
      );
      const label = `${model.number}: ${JSON.stringify(model.breakdown)}`;
      expect(supplierInvoice, label).toMatchObject({
        kind: 'invoice',
        typeCode: model.typeCode,
        netAmount: formatMoney(model.netCents),
        vatAmount: formatMoney(model.vatCents),
        totalAmount: formatMoney(model.totalCents),
        amountDue: formatMoney(model.dueCents),
        remainingAmount: formatMoney(Math.max(0, model.dueCents)),
      });
      // Kept line by line (not one line of the totals): each line's net as the file states it.
      expect(
        supplierInvoice.lines?.map((line) => line.total),
        label,
      ).toEqual(model.lines.map((line) => formatMoney(line.netCents)));
      const allowances = (supplierInvoice.allowances ?? []).map((entry) => entry.amount);
      expect(allowances, label).toEqual(model.allowances.map((entry) => formatMoney(entry.amountCents)));
    }
  }, 300_000);

  it('links an imported credit note to the invoice its BT-25 names; deleting frees the number and the link', async () => {
    const companyId = testCompanyId();
    const line = {
      id: '1',
      name: 'Béton C25/30',
      quantity: '10',
      unit: 'MTQ',
      price: '50.00',
      category: 'S',
      rate: '20',
      allowances: [],
      charges: [],
      netCents: 50_000,
    };
    const invoiceModel = withTotals({
      number: 'FA-2026-00412',
      typeCode: '380',
      issueDate: '2026-11-03',
      dueDate: '2026-12-03',
      paymentTerms: 'Paiement à 30 jours',
      currency: 'EUR',
      lines: [line],
      allowances: [],
      charges: [],
    });
    const imported = await importSupplierInvoice(companyId, await importFileRequest(ciiXml(invoiceModel)));
    expect(imported.supplierInvoice).toMatchObject({
      totalAmount: '600.00',
      supplierReference: 'FA-2026-00412',
    });
    const noteModel = withTotals({
      ...invoiceModel,
      number: 'AV-2026-0031',
      typeCode: '381',
      preceding: { number: 'FA-2026-00412', issueDate: '2026-11-03' },
      lines: [{ ...invoiceModel.lines[0]!, quantity: '2', netCents: 10_000 }],
    });
    const note = await importSupplierInvoice(companyId, await importFileRequest(ciiXml(noteModel)));
    expect(note.supplierInvoice).toMatchObject({
      kind: 'credit_note',
      typeCode: '381',
      totalAmount: '120.00',
      creditedInvoiceId: imported.supplierInvoice.id,
      creditedInvoiceNumber: imported.supplierInvoice.number,
      precedingInvoices: [{ number: 'FA-2026-00412', issueDate: '2026-11-03' }],
    });
    expect(note.notLinked).toBeUndefined();
    const credited = await getSupplierInvoice(companyId, imported.supplierInvoice.id);
    expect(credited).toMatchObject({ creditedAmount: '120.00', remainingAmount: '480.00' });

    // A second credit note that would credit more than the invoice: imported without the link, said why.
    const tooMuch = await importSupplierInvoice(
      companyId,
      await importFileRequest(
        ciiXml(
          withTotals({
            ...noteModel,
            number: 'AV-2026-0032',
            lines: [{ ...noteModel.lines[0]!, quantity: '9', netCents: 45_000 }],
          }),
        ),
      ),
    );
    expect(tooMuch.supplierInvoice.creditedInvoiceId).toBeUndefined();
    expect(tooMuch.notLinked).toContain('dépasse ce qui reste à créditer sur la facture FA-2026-00412');

    // Deleting the note leaves its invoice; deleting the invoice frees its number's marker.
    const supplierId = imported.supplierInvoice.supplierId;
    const read = () => referenceMarker(companyId, supplierId, 'FA-2026-00412');
    expect(await read()).toMatchObject({ ownerId: imported.supplierInvoice.id });
    await deleteSupplierInvoice(companyId, note.supplierInvoice.id);
    expect((await getSupplierInvoice(companyId, imported.supplierInvoice.id)).creditNotes).toEqual([]);
    await deleteSupplierInvoice(companyId, imported.supplierInvoice.id);
    expect(await read()).toBeUndefined();
  }, 120_000);
});
