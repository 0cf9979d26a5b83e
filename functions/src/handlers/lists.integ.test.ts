import { invoiceCreateInput, invoiceListItemSchema, type Invoice } from '@btp/shared/entities/invoice';
import { projectCreateInput } from '@btp/shared/entities/project';
import { quoteCreateInput, quoteListItemSchema } from '@btp/shared/entities/quote';
import { supplierCreateInput } from '@btp/shared/entities/supplier';
import {
  supplierInvoiceCreateInput,
  supplierInvoiceListItemSchema,
} from '@btp/shared/entities/supplier-invoice';
import { supplierQuoteCreateInput, supplierQuoteListItemSchema } from '@btp/shared/entities/supplier-quote';
import { MAX_LIST_LIMIT, NEXT_CURSOR_HEADER, SCREEN_LIST_LIMIT } from '@btp/shared/list';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchPut } from '../../test/batch-seed.js';
import { testCompanyId } from '../../test/company.js';
import { createDraftInvoice, invoices } from '../data/entities/invoices.js';
import { createInvoice } from '../invoicing/invoice-service.js';
import { sendInvoice } from '../invoicing/invoice-sending.js';
import { createProject } from '../projects/project-service.js';
import { createSupplierInvoice } from '../purchases/supplier-invoice-service.js';
import { createSupplierQuote } from '../purchases/supplier-quote-service.js';
import { createQuote } from '../quotes/quote-service.js';
import { createSupplier } from '../suppliers/supplier-service.js';
import { companyWithClient, standInDocumentsBucket } from '../test-support/aggregates-harness.js';
import { apiEvent, jsonOf, lambdaContext } from '../test-support/api-event.js';
import { handler as getInvoiceRoute } from './invoices/get.js';
import { handler as listInvoicesRoute } from './invoices/list.js';
import { handler as getQuoteRoute } from './quotes/get.js';
import { handler as listQuotesRoute } from './quotes/list.js';
import { handler as getSupplierInvoiceRoute } from './supplier-invoices/get.js';
import { handler as listSupplierInvoicesRoute } from './supplier-invoices/list.js';
import { handler as getSupplierQuoteRoute } from './supplier-quotes/get.js';
import { handler as listSupplierQuotesRoute } from './supplier-quotes/list.js';

/**
 * The list routes answer what their screens show (API.md "Lists", docs/api/invoices.md): no lines,
 * no snapshots, no free-form items; the detail routes answer them. Called as API Gateway calls the
 * functions, on DynamoDB Local, so the query string is parsed as a caller sends it.
 */
standInDocumentsBucket();

type Route = (event: ReturnType<typeof apiEvent>, context: typeof lambdaContext) => Promise<unknown>;

async function call(
  route: Route,
  companyId: string,
  path: string,
  options: { query?: Record<string, string>; params?: Record<string, string> } = {},
) {
  const response = (await route(
    apiEvent({
      path,
      routeKey: `GET ${path.replace(/\/[0-9a-f-]{36}$/, '/{id}')}`,
      ...options,
      authorizer: { userId: testCompanyId(), companyId, role: 'user' },
    }),
    lambdaContext,
  )) as APIGatewayProxyStructuredResultV2;
  expect(response.statusCode, response.body).toBe(200);
  return { body: jsonOf(response), cursor: response.headers?.[NEXT_CURSOR_HEADER] as string | undefined };
}

const list = async (route: Route, companyId: string, path: string, query?: Record<string, string>) =>
  (await call(route, companyId, path, query ? { query } : {})).body as Record<string, unknown>[];

const detail = async (route: Route, companyId: string, path: string, id: string) =>
  (await call(route, companyId, `${path}/${id}`, { params: { id } })).body as Record<string, unknown>;

/** The fields a list item may carry: those of its schema, nothing else. */
const allowed = (shape: object) => new Set(Object.keys(shape));
const extraFields = (item: Record<string, unknown>, shape: object) =>
  Object.keys(item).filter((field) => !allowed(shape).has(field));

describe('list routes answer what the screens show, the detail routes the whole record', () => {
  let companyId = '';
  let issued: Invoice;
  let situationId = '';
  const ids = { quote: '', supplierQuote: '', supplierInvoice: '' };

  beforeAll(async () => {
    const seeded = await companyWithClient();
    companyId = seeded.companyId;
    const project = await createProject(
      companyId,
      projectCreateInput.parse({ name: 'Extension Garnier', clientId: seeded.clientId }),
    );
    const lines = [
      { description: 'Maçonnerie', quantity: '3', unitPrice: '1200.00', vatRate: '10.00' },
      { description: 'Fournitures', quantity: '1', unitPrice: '400.00', vatRate: '20.00' },
    ];
    const draft = await createInvoice(
      companyId,
      invoiceCreateInput.parse({
        clientId: seeded.clientId,
        projectId: project.id,
        title: 'Gros œuvre',
        description: 'Détail des travaux réalisés : '.repeat(40),
        lines,
      }),
    );
    issued = await sendInvoice(companyId, draft.id, draft.version);
    // A situation as the billing of a quote writes it: its per-line figures inside the record.
    const situation = await createDraftInvoice(companyId, {
      ...invoiceCreateInput.parse({ clientId: seeded.clientId, title: 'Situation n° 2', lines }),
      kind: 'progress',
      situation: {
        index: 2,
        quoteNumber: 'DEV-2026-0001',
        lines: [
          {
            itemId: 'ligne-1',
            description: 'Maçonnerie',
            vatRate: '10.00',
            saleTotal: '3600.00',
            previousPercent: '20.00',
            cumulativePercent: '50.00',
            previousAmount: '720.00',
            cumulativeAmount: '1800.00',
            amount: '1080.00',
          },
        ],
        contractAmount: '4000.00',
        previousWorksAmount: '720.00',
        cumulativeWorksAmount: '1800.00',
        worksAmount: '1080.00',
        depositsAmount: '0.00',
        previousDeductedAmount: '0.00',
        cumulativeDeductedAmount: '0.00',
        previousRetentionAmount: '0.00',
        cumulativeRetentionAmount: '0.00',
      },
    });
    situationId = situation.id;
    const quote = await createQuote(
      companyId,
      quoteCreateInput.parse({
        title: 'Extension',
        clientId: seeded.clientId,
        items: [{ resourceType: 'labor', description: 'Pose', quantity: '8', unitPrice: '45.00' }],
      }),
    );
    ids.quote = quote.id;
    const supplier = await createSupplier(companyId, supplierCreateInput.parse({ name: 'Bois & Cie' }));
    const items = [{ description: 'Poutres', quantity: '4', unitPrice: '90.00', total: '360.00' }];
    ids.supplierQuote = (
      await createSupplierQuote(
        companyId,
        supplierQuoteCreateInput.parse({ supplierId: supplier.id, title: 'Charpente', items }),
      )
    ).id;
    ids.supplierInvoice = (
      await createSupplierInvoice(
        companyId,
        supplierInvoiceCreateInput.parse({
          supplierId: supplier.id,
          supplierQuoteId: ids.supplierQuote,
          totalAmount: '432.00',
          items,
        }),
      )
    ).id;
  });

  it('GET /api/invoices: no lines, snapshots, description nor per-line situation; the card fields', async () => {
    const items = await list(listInvoicesRoute, companyId, '/api/invoices');
    expect(items.map((item) => item.id)).toEqual([situationId, issued.id]);
    for (const item of items) {
      expect(extraFields(item, invoiceListItemSchema.shape)).toEqual([]);
      for (const field of ['lines', 'seller', 'buyer', 'description', 'vatBreakdown']) {
        expect(item).not.toHaveProperty(field);
      }
      expect(invoiceListItemSchema.safeParse(item).success).toBe(true);
    }
    const [situation, invoice] = items;
    expect(invoice).toMatchObject({
      number: issued.number,
      status: 'sent',
      kind: 'standard',
      title: 'Gros œuvre',
      client: { name: 'Client Martin' },
      project: { name: 'Extension Garnier' },
      totalAmount: '4000.00',
      totalWithVat: issued.totalWithVat,
      amountDue: issued.amountDue,
      remainingAmount: issued.totalWithVat,
      paidAmount: '0.00',
      creditedAmount: '0.00',
      payments: [],
      dueDate: issued.dueDate,
      issueDate: issued.issueDate,
      pdfDocumentId: issued.pdfDocumentId,
    });
    // A situation names its index and quote (the card's « Situation n° 2 — devis … »), not its lines.
    expect(situation?.situation).toEqual({
      index: 2,
      quoteNumber: 'DEV-2026-0001',
      contractAmount: '4000.00',
      previousWorksAmount: '720.00',
      cumulativeWorksAmount: '1800.00',
      worksAmount: '1080.00',
      depositsAmount: '0.00',
      previousDeductedAmount: '0.00',
      cumulativeDeductedAmount: '0.00',
      previousRetentionAmount: '0.00',
      cumulativeRetentionAmount: '0.00',
    });
  });

  it('GET /api/invoices/{id}: the whole invoice, lines and snapshots included', async () => {
    const whole = await detail(getInvoiceRoute, companyId, '/api/invoices', issued.id);
    expect(whole).toMatchObject({
      lines: [{ description: 'Maçonnerie' }, { description: 'Fournitures' }],
      seller: { name: expect.any(String) as string },
      buyer: { name: 'Client Martin' },
      vatBreakdown: issued.vatBreakdown,
    });
    expect(whole.description).toMatch(/^Détail des travaux/);
    const situation = await detail(getInvoiceRoute, companyId, '/api/invoices', situationId);
    expect(situation.situation).toMatchObject({ lines: [{ itemId: 'ligne-1', amount: '1080.00' }] });
  });

  it('GET /api/quotes, /api/supplier-quotes, /api/supplier-invoices: no lines nor items; the detail has them', async () => {
    const [quote] = await list(listQuotesRoute, companyId, '/api/quotes');
    expect(quote).toMatchObject({ id: ids.quote, title: 'Extension', client: { name: 'Client Martin' } });
    expect(quote).not.toHaveProperty('items');
    expect(extraFields(quote!, quoteListItemSchema.shape)).toEqual([]);
    const whole = await detail(getQuoteRoute, companyId, '/api/quotes', ids.quote);
    expect(whole.items).toMatchObject([{ description: 'Pose' }]);

    const [request] = await list(listSupplierQuotesRoute, companyId, '/api/supplier-quotes');
    expect(request).toMatchObject({
      id: ids.supplierQuote,
      title: 'Charpente',
      supplier: { name: 'Bois & Cie' },
    });
    expect(extraFields(request!, supplierQuoteListItemSchema.shape)).toEqual([]);
    expect(request).not.toHaveProperty('items');
    const wholeRequest = await detail(
      getSupplierQuoteRoute,
      companyId,
      '/api/supplier-quotes',
      ids.supplierQuote,
    );
    expect(wholeRequest.items).toEqual([
      { description: 'Poutres', quantity: '4', unitPrice: '90.00', total: '360.00' },
    ]);

    const [received] = await list(listSupplierInvoicesRoute, companyId, '/api/supplier-invoices');
    expect(received).toMatchObject({
      id: ids.supplierInvoice,
      totalAmount: '432.00',
      supplier: { name: 'Bois & Cie' },
      // The price request it answers, named for the card's « Demande ».
      supplierQuote: { id: ids.supplierQuote, number: expect.stringMatching(/^DP-/) as string },
    });
    expect(extraFields(received!, supplierInvoiceListItemSchema.shape)).toEqual([]);
    const wholeReceived = await detail(
      getSupplierInvoiceRoute,
      companyId,
      '/api/supplier-invoices',
      ids.supplierInvoice,
    );
    expect(wholeReceived.items).toHaveLength(1);
  });

  it('answers the page a screen asks for (?limit=50), then the rest by its cursor', async () => {
    const { companyId: other, clientId } = await companyWithClient();
    // Invoices as they were stored before lines and VAT (`totalAmount` alone): listed with their
    // totals derived (20 %), as the detail route reads them.
    const built = Array.from({ length: SCREEN_LIST_LIMIT + 1 }, (_, index) =>
      invoices.createItems(other, {
        clientId,
        title: `Facture ${index + 1}`,
        status: 'draft',
        totalAmount: '100.00',
      } as Parameters<typeof invoices.createItems>[1]),
    );
    await batchPut(built.flatMap((entry) => entry.items));

    const screen = await call(listInvoicesRoute, other, '/api/invoices', {
      query: { limit: String(SCREEN_LIST_LIMIT) },
    });
    const titles = (page: unknown) => (page as { title: string }[]).map((item) => item.title);
    expect(titles(screen.body)).toEqual(
      Array.from({ length: SCREEN_LIST_LIMIT }, (_, index) => `Facture ${SCREEN_LIST_LIMIT + 1 - index}`),
    );
    expect(screen.body).toContainEqual(
      expect.objectContaining({
        kind: 'standard',
        totalAmount: '100.00',
        totalWithVat: '120.00',
        amountDue: '120.00',
      }),
    );
    const rest = await call(listInvoicesRoute, other, '/api/invoices', {
      query: { limit: String(SCREEN_LIST_LIMIT), cursor: screen.cursor! },
    });
    expect(titles(rest.body)).toEqual(['Facture 1']);
    expect(rest.cursor).toBeUndefined();
    // An API caller's 1,000 (the most a page holds) reads them all at once.
    const all = await call(listInvoicesRoute, other, '/api/invoices', {
      query: { limit: String(MAX_LIST_LIMIT) },
    });
    expect(all.body).toHaveLength(SCREEN_LIST_LIMIT + 1);
    expect(all.cursor).toBeUndefined();
  });
});
