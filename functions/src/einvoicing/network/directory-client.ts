/**
 * The Directory Service of AFNOR XP Z12-013 (annex B, `directory-service-1.3.0.openapi.json`), typed
 * from the annex (`generated/directory-service.ts`): whether and where a company receives its
 * e-invoices. Before submitting an invoice to a company client, look its SIREN up
 * ({@link DirectoryClient.addressing}): a client in no enabled directory line is « non adressable »
 * and gets its invoice by e-mail as before (docs/einvoicing-network.md).
 */
import type { components } from './generated/directory-service.js';
import { PlatformError } from './platform-errors.js';
import type { PlatformHttp, PlatformRequest } from './platform-http.js';

type Schemas = components['schemas'];
export type LegalUnit = Schemas['legalUnitPayloadHistory'];
export type Facility = Schemas['facilityPayloadHistory'];
export type DirectoryLine = Schemas['directoryLinePayloadLegalUnitFacilityRoutingCode'];
export type DirectoryLineFound = Schemas['directoryLinePayloadStatusLegalUnitFacilityRoutingCode'];
export type DirectoryLineSearch = Schemas['searchDirectoryLine'];
export type DirectoryLineSearchAnswer = Schemas['directoryLineSearchPost200Response'];
export type RoutingCode = Schemas['routingCodePayloadHistoryLegalUnitFacility'];
export type RoutingCodeSearch = Schemas['routingCodeSearch'];
export type RoutingCodeSearchAnswer = Schemas['routingCodeSearchPost200Response'];

/** Where a company receives its e-invoices, as far as the directory says. */
export interface Addressing {
  /** Whether at least one line is enabled: the company can receive e-invoices through the network. */
  addressable: boolean;
  /** Its enabled lines (addressing identifier: SIREN, SIREN_SIRET or SIREN_SIRET_ROUTINGCODE). */
  lines: DirectoryLineFound[];
}

const sirenPattern = /^\d{9}$/;
const siretPattern = /^\d{14}$/;

function invalid(operation: string, message: string): PlatformError {
  return new PlatformError('invalid_input', { operation, message });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class DirectoryClient {
  constructor(private readonly http: PlatformHttp) {}

  /** A GET answering an object, or `undefined` on 404. */
  private async find(request: PlatformRequest): Promise<Record<string, unknown> | undefined> {
    let answer: Response;
    try {
      const sent = await this.http.send(request);
      if (!(sent instanceof Response)) throw new PlatformError('protocol', { operation: request.operation });
      answer = sent;
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'not_found') return undefined;
      throw error;
    }
    const body: unknown = await answer.json().catch(() => undefined);
    if (!isObject(body)) throw new PlatformError('protocol', { operation: request.operation });
    return body;
  }

  /**
   * A company (legal unit) by its SIREN (`GET /v1/siren/code-insee:{siren}`); `undefined` when the
   * directory does not know it.
   * @throws PlatformError
   */
  async legalUnit(siren: string): Promise<LegalUnit | undefined> {
    if (!sirenPattern.test(siren)) throw invalid('getCompanyBySiren', 'Le SIREN doit compter 9 chiffres.');
    return this.find({
      operation: 'getCompanyBySiren',
      service: 'directory',
      method: 'GET',
      path: `/v1/siren/code-insee:${siren}`,
    }) as Promise<LegalUnit | undefined>;
  }

  /**
   * A facility by its SIRET (`GET /v1/siret/code-insee:{siret}`); `undefined` when unknown.
   * @throws PlatformError
   */
  async facility(siret: string): Promise<Facility | undefined> {
    if (!siretPattern.test(siret)) throw invalid('getFacilityBySiret', 'Le SIRET doit compter 14 chiffres.');
    return this.find({
      operation: 'getFacilityBySiret',
      service: 'directory',
      method: 'GET',
      path: `/v1/siret/code-insee:${siret}`,
    }) as Promise<Facility | undefined>;
  }

  /**
   * A directory line by its addressing identifier (`GET /v1/directory-line/code:{id}`);
   * `undefined` when unknown.
   * @throws PlatformError
   */
  async directoryLine(addressingIdentifier: string): Promise<DirectoryLine | undefined> {
    if (addressingIdentifier === '' || addressingIdentifier.length > 125) {
      throw invalid('getDirectoryLineById', "L'identifiant d'adressage doit compter de 1 à 125 caractères.");
    }
    return this.find({
      operation: 'getDirectoryLineById',
      service: 'directory',
      method: 'GET',
      path: `/v1/directory-line/code:${encodeURIComponent(addressingIdentifier)}`,
    }) as Promise<DirectoryLine | undefined>;
  }

  /**
   * A routing code of a facility (`GET /v1/routing-code/siret:{siret}/code:{id}`): a service of a
   * public body or a large company that receives its invoices apart; `undefined` when unknown.
   * @throws PlatformError
   */
  async routingCode(siret: string, routingIdentifier: string): Promise<RoutingCode | undefined> {
    const operation = 'getRoutingCodeBySiretAndId';
    if (!siretPattern.test(siret)) throw invalid(operation, 'Le SIRET doit compter 14 chiffres.');
    if (!/^[-_/a-zA-Z0-9]{1,100}$/.test(routingIdentifier)) {
      throw invalid(operation, 'Le code de routage est invalide.');
    }
    return this.find({
      operation,
      service: 'directory',
      method: 'GET',
      path: `/v1/routing-code/siret:${siret}/code:${encodeURIComponent(routingIdentifier)}`,
    }) as Promise<RoutingCode | undefined>;
  }

  /** A search answering `{ results }` (the annex's search operations). */
  private async search(operation: string, path: string, json: unknown): Promise<Record<string, unknown>> {
    const sent = await this.http.send({ operation, service: 'directory', method: 'POST', path, json });
    if (!(sent instanceof Response)) throw new PlatformError('protocol', { operation });
    const body: unknown = await sent.json().catch(() => undefined);
    if (!isObject(body) || (body.results !== undefined && !Array.isArray(body.results))) {
      throw new PlatformError('protocol', { operation });
    }
    return body;
  }

  /**
   * Routing codes matching a search (`POST /v1/routing-code/search`): by SIRET, identifier, name.
   * @throws PlatformError
   */
  async searchRoutingCodes(search: RoutingCodeSearch): Promise<RoutingCodeSearchAnswer> {
    return this.search('searchRoutingCode', '/v1/routing-code/search', search);
  }

  /**
   * Directory lines matching a search (`POST /v1/directory-line/search`): by SIREN, SIRET, routing
   * code or addressing identifier.
   * @throws PlatformError
   */
  async searchDirectoryLines(search: DirectoryLineSearch): Promise<DirectoryLineSearchAnswer> {
    return this.search('searchDirectoryLine', '/v1/directory-line/search', search);
  }

  /**
   * Whether and where the company of `siren` receives e-invoices: its enabled directory lines
   * (a line `Upcoming` or `Disabled` does not receive yet).
   * @throws PlatformError
   */
  async addressing(siren: string): Promise<Addressing> {
    if (!sirenPattern.test(siren)) throw invalid('searchDirectoryLine', 'Le SIREN doit compter 9 chiffres.');
    const { results = [] } = await this.searchDirectoryLines({
      filters: { siren: { op: 'strict', value: siren } },
      include: ['siren'],
      limit: 50,
    });
    const lines = results.filter((line) => line.siren === siren && line.directoryLineStatus === 'Enabled');
    return { addressable: lines.length > 0, lines };
  }

  /**
   * Whether the Directory Service is up (`GET /v1/healthcheck`).
   * @throws PlatformError
   */
  async healthcheck(): Promise<void> {
    const answer = await this.http.send({
      operation: 'getHealth',
      service: 'directory',
      method: 'GET',
      path: '/v1/healthcheck',
    });
    if (answer instanceof Response) await answer.body?.cancel();
  }
}
