/**
 * The local platform's Directory Service (annex B of AFNOR XP Z12-013): every company of the stack
 * with a SIREN is a legal unit, its SIRET (when it has one) a facility, and it receives e-invoices
 * on one directory line, addressed by its SIREN (`0225:<SIREN>`), on this platform, enabled. There
 * are no routing codes. The `fields` selections are not applied: every field is answered.
 */
import type { components } from '../../../functions/src/einvoicing/network/generated/directory-service.js';
import type { PaCompany } from './pa-local-processing.js';

type Schemas = components['schemas'];

export interface DirectoryAnswer {
  status: number;
  /** The JSON answered; `undefined` for an answer without a body. */
  body: unknown;
}

/** The addressing identifier of a company's line: its SIREN, scheme 0225. */
export function addressingIdentifierOf(siren: string): string {
  return `0225:${siren}`;
}

function legalUnit(company: PaCompany): Schemas['legalUnitPayloadHistory'] {
  return {
    siren: company.siren,
    businessName: company.name.slice(0, 100),
    entityType: 'PrivateVatRegistered',
    administrativeStatus: 'A',
  };
}

function facility(company: PaCompany): Schemas['facilityPayloadHistory'] | undefined {
  if (!company.siret) return undefined;
  return {
    siret: company.siret,
    siren: company.siren,
    name: company.name.slice(0, 100),
    facilityType: 'P',
    administrativeStatus: 'A',
    address: {
      ...(company.address ? { addressLine1: company.address.slice(0, 255) } : {}),
      ...(company.postalCode ? { postalCode: company.postalCode } : {}),
      ...(company.city ? { locality: company.city } : {}),
      countryCode: 'FR',
    },
  };
}

function line(company: PaCompany, include: readonly string[]) {
  return {
    addressingIdentifier: addressingIdentifierOf(company.siren),
    platformType: 'WK' as const,
    directoryLineStatus: 'Enabled' as const,
    siren: company.siren,
    ...(include.includes('siren') ? { legalUnit: legalUnit(company) } : {}),
    ...(include.includes('siret') && facility(company) ? { facility: facility(company) } : {}),
  };
}

const notFound: DirectoryAnswer = {
  status: 404,
  body: { errorCode: 'MISSING_RESOURCE', errorMessage: 'Requested resource is Not Found' },
};
const badRequest = (message: string): DirectoryAnswer => ({
  status: 400,
  body: { errorCode: 'INVALID_REQUEST', errorMessage: message },
});

interface TextFilter {
  op?: string;
  value?: unknown;
}

/** Whether `value` passes a filter `{op, value}` (strict, contains, startWith; letter case ignored). */
function passes(filter: TextFilter | undefined, value: string | undefined): boolean {
  if (!filter || filter.value === undefined) return true;
  if (value === undefined) return false;
  const wanted = String(filter.value).toLowerCase();
  const actual = value.toLowerCase();
  if (filter.op === 'contains') return actual.includes(wanted);
  if (filter.op === 'startWith') return actual.startsWith(wanted);
  return actual === wanted;
}

interface Search {
  filters?: Record<string, TextFilter | undefined>;
  include?: string[];
  limit?: number;
  ignore?: number;
}

function searchOf(body: unknown): Search | undefined {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const search = body as Search;
  if (search.limit !== undefined && (!Number.isInteger(search.limit) || search.limit < 0)) return undefined;
  if (search.ignore !== undefined && (!Number.isInteger(search.ignore) || search.ignore < 0))
    return undefined;
  return search;
}

function page<T>(search: Search, body: unknown, results: T[]): DirectoryAnswer {
  const ignore = search.ignore ?? 0;
  const limit = search.limit ?? 50;
  return {
    status: 200,
    body: {
      search: body ?? {},
      totalNumberOfResults: results.length,
      results: results.slice(ignore, ignore + limit),
    },
  };
}

/** Answers one Directory Service request (the path below `/directory-service`). */
export function directoryService(
  method: string,
  path: string,
  body: unknown,
  companies: ReadonlyMap<string, PaCompany>,
): DirectoryAnswer {
  const all = [...companies.values()];
  if (method === 'GET' && path === '/v1/healthcheck') return { status: 200, body: undefined };

  const siren = /^\/v1\/siren\/code-insee:([^/]*)$/.exec(path);
  if (method === 'GET' && siren) {
    if (!/^\d{9}$/.test(siren[1] ?? '')) return badRequest('siren must be 9 digits');
    const company = companies.get(siren[1] ?? '');
    return company ? { status: 200, body: legalUnit(company) } : notFound;
  }
  const siret = /^\/v1\/siret\/code-insee:([^/]*)$/.exec(path);
  if (method === 'GET' && siret) {
    if (!/^\d{14}$/.test(siret[1] ?? '')) return badRequest('siret must be 14 digits');
    const company = all.find((candidate) => candidate.siret === siret[1]);
    const found = company && facility(company);
    return company && found ? { status: 200, body: { ...found, legalUnit: legalUnit(company) } } : notFound;
  }
  const lineId = /^\/v1\/directory-line\/code:([^/]+)$/.exec(path);
  if (method === 'GET' && lineId) {
    const id = decodeURIComponent(lineId[1] ?? '');
    const company = all.find((candidate) => addressingIdentifierOf(candidate.siren) === id);
    return company ? { status: 200, body: line(company, ['siren']) } : notFound;
  }
  if (method === 'GET' && /^\/v1\/routing-code\/siret:[^/]+\/code:[^/]+$/.test(path)) return notFound;

  if (method !== 'POST') return notFound;
  const search = searchOf(body);
  if (!search) return badRequest('the search must be an object');
  const filters = search.filters ?? {};
  if (path === '/v1/siren/search') {
    return page(
      search,
      body,
      all
        .filter(
          (company) => passes(filters.siren, company.siren) && passes(filters.businessName, company.name),
        )
        .map(legalUnit),
    );
  }
  if (path === '/v1/siret/search') {
    return page(
      search,
      body,
      all
        .filter(
          (company) =>
            company.siret && passes(filters.siret, company.siret) && passes(filters.name, company.name),
        )
        .flatMap((company) => facility(company) ?? []),
    );
  }
  if (path === '/v1/routing-code/search') return page(search, body, []);
  if (path === '/v1/directory-line/search') {
    const noRoutingCodes =
      filters.routingIdentifier?.value === undefined && filters.addressingSuffix?.value === undefined;
    return page(
      search,
      body,
      all
        .filter(
          (company) =>
            noRoutingCodes &&
            passes(filters.siren, company.siren) &&
            passes(filters.siret, company.siret) &&
            passes(filters.addressingIdentifier, addressingIdentifierOf(company.siren)),
        )
        .map((company) => line(company, search.include ?? [])),
    );
  }
  return notFound;
}
