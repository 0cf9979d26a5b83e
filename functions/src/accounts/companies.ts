import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Company } from '@btp/shared/entities/company';
import { companyWithDefaults } from '@btp/shared/entities/company-profile';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { globalMarkerKey, withoutKeys, type Key } from '../data/keys.js';
import { queryAllByGsi1 } from '../data/global-index.js';
import { linksMarkerItem } from '../data/quote-invoice-links.js';
import type { TransactItem } from '../data/transactions.js';

/** The company record itself: `COMPANY#<id>` / `COMPANY`, listed through gsi1 (`COMPANY`). */
export const companyKey = (id: string): Key => ({ pk: `COMPANY#${id}`, sk: 'COMPANY' });
export const slugMarker = (slug: string): Key => globalMarkerKey('COMPANY_SLUG', slug);
export const companyEmailMarker = (email: string): Key => globalMarkerKey('COMPANY_EMAIL', email);

export const companyNameTaken = 'Une entreprise porte déjà ce nom.';
export const companyEmailTaken = 'Une entreprise utilise déjà cette adresse e-mail.';

function companyItem(company: Company): Record<string, unknown> {
  return {
    ...companyKey(company.id),
    gsi1pk: 'COMPANY',
    gsi1sk: `${company.createdAt}#${company.id}`,
    ...company,
  };
}

/**
 * The items that write a new company with its unique slug and e-mail, for a transaction, and its
 * links marker (`LINKS#V1`: it has no invoice without its links, `data/quote-invoice-links.ts`).
 */
export function newCompanyItems(company: Company): { items: TransactItem[]; explain(index: number): string } {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: companyItem(company),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...slugMarker(company.slug), ownerId: company.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (company.email) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: { ...companyEmailMarker(company.email), ownerId: company.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  // Unconditional, last: it never explains a failure.
  items.push(linksMarkerItem(company.id));
  return { items, explain: (index) => (index === 2 ? companyEmailTaken : companyNameTaken) };
}

/** The item that replaces a company, guarded by the version it was read at. */
export function companyPutItem(company: Company, readVersion: number): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: companyItem(company),
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': readVersion },
    },
  };
}

/**
 * The company, read consistently, with its profile's defaults for what it lacks (companies made
 * before the legal profile existed) and `siren` derived from its SIRET.
 */
export async function getCompany(id: string): Promise<Company | undefined> {
  const { Item } = await withAwsErrors(() =>
    db().send(new GetCommand({ TableName: tableName(), Key: companyKey(id), ConsistentRead: true })),
  );
  return Item ? companyWithDefaults(withoutKeys<Company>(Item)) : undefined;
}

/** Every company, most recent first (gsi1, `COMPANY`). */
export function listCompanies(): Promise<Company[]> {
  return queryAllByGsi1<Company>('COMPANY');
}

/** Whether people of this company may sign in and work (a suspended or cancelled one may not). */
export function companyIsOpen(company: Pick<Company, 'status'> | undefined): boolean {
  return company !== undefined && company.status !== 'suspended' && company.status !== 'cancelled';
}
