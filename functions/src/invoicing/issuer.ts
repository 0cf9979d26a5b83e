/**
 * The company as the issuer of its quotes, invoices and credit notes (DOCUMENTS.md § 1–3): what a
 * document needs of its profile (default VAT rate, VAT regime, payment term), whether the profile
 * is complete enough to issue one, and the seller and buyer snapshots copied into an invoice when
 * it is issued. The profile itself is the company feature's (`GET/PUT /api/company`); this module
 * only reads it.
 */
import type { Client } from '@btp/shared/entities/client';
import type { Company } from '@btp/shared/entities/company';
import {
  companyProfileFieldNames,
  companyWithDefaults,
  missingProfileFields,
  type CompanyProfileFieldName,
} from '@btp/shared/entities/company-profile';
import type { BuyerSnapshot, SellerSnapshot } from '@btp/shared/entities/invoice';
import { sirenOfSiret } from '@btp/shared/legal-identity';
import { pricingContextOf, type PricingContext } from '@btp/shared/pricing';
import { getCompany } from '../accounts/companies.js';
import { HttpError } from '../lib/http-errors.js';

/** The company's profile with its defaults (`companyWithDefaults`); an empty one when the record is gone. */
export async function readIssuer(companyId: string): Promise<Partial<Company>> {
  const company = await getCompany(companyId);
  return companyWithDefaults(company ?? {});
}

/** The pricing context of the caller's company. */
export async function readPricingContext(companyId: string): Promise<PricingContext> {
  return pricingContextOf(await readIssuer(companyId));
}

export const incompleteProfileMessages = {
  quote:
    "Le profil de l'entreprise est incomplet : complétez-le dans « Paramètres de l'entreprise » avant d'envoyer un devis.",
  invoice:
    "Le profil de l'entreprise est incomplet : complétez-le dans « Paramètres de l'entreprise » avant d'émettre une facture ou un avoir.",
} as const;

/**
 * Refuses (409 `conflict`, one `details` entry per missing field) to issue a document while the
 * company's legal identity lacks what it must print (DOCUMENTS.md § 1); the IBAN only for invoices.
 */
export function assertProfileComplete(company: Partial<Company>, options: { forInvoice: boolean }): void {
  const missing = missingProfileFields(
    {
      name: company.name,
      legalForm: company.legalForm,
      address: company.address,
      postalCode: company.postalCode,
      city: company.city,
      siret: company.siret,
      registration: company.registration,
      vatNumber: company.vatNumber,
      vatRegime: company.vatRegime,
      insurer: company.insurer,
      insurancePolicyNumber: company.insurancePolicyNumber,
      insuranceArea: company.insuranceArea,
      iban: company.iban,
    },
    options,
  );
  if (missing.length > 0) {
    throw new HttpError(
      409,
      'conflict',
      options.forInvoice ? incompleteProfileMessages.invoice : incompleteProfileMessages.quote,
      missing,
    );
  }
}

/** Copies the defined values of `fields` from `source` (a snapshot carries no empty keys). */
function picked<T extends object, K extends keyof T>(source: T, fields: readonly K[]): Partial<Pick<T, K>> {
  const result: Partial<Pick<T, K>> = {};
  for (const field of fields) {
    const value = source[field];
    if (value !== undefined && value !== null && value !== '') result[field] = value;
  }
  return result;
}

/** The profile's fields that are not the seller's identity on a document (the name is set apart). */
const notSellerFields = ['name', 'quoteValidityDays', 'defaultVatRate', 'defaultRetentionRate'] as const;
type SellerField = Exclude<CompanyProfileFieldName, (typeof notSellerFields)[number]>;

/** The seller fields a snapshot copies: every profile field but `notSellerFields`. */
const sellerFields = companyProfileFieldNames.filter(
  (field): field is SellerField => !(notSellerFields as readonly string[]).includes(field),
) satisfies readonly (keyof Company & keyof SellerSnapshot)[];

/** The seller's identity as printed on an invoice issued now (DOCUMENTS.md § 3). */
export function sellerSnapshot(company: Partial<Company>): SellerSnapshot {
  const siren = sirenOfSiret(company.siret);
  return {
    name: company.name ?? '',
    ...picked(company, sellerFields),
    ...(siren ? { siren } : {}),
  } as SellerSnapshot;
}

const buyerFields = [
  'address',
  'postalCode',
  'city',
  'country',
  'siret',
  'vatNumber',
  'email',
] as const satisfies readonly (keyof Client & keyof BuyerSnapshot)[];

/** The client as it is when the invoice is issued: a later rename or move changes nothing issued. */
export function buyerSnapshot(client: Client): BuyerSnapshot {
  const siren = sirenOfSiret(client.siret);
  return {
    name: client.name,
    kind: client.kind ?? 'company',
    ...picked(client, buyerFields),
    ...(siren ? { siren } : {}),
  };
}
