/**
 * The Flow Service of AFNOR XP Z12-013 (annex A, `flow-service-1.3.0.openapi.json`), typed from the
 * annex (`generated/flow-service.ts`): submit a flow (an invoice, a lifecycle message), search the
 * flows (what arrived, what became of what was sent), read one, check the service is up.
 * docs/einvoicing-network.md says how N2 uses each.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { components } from './generated/flow-service.js';
import { PlatformError } from './platform-errors.js';
import type { PlatformHttp, PlatformRequest } from './platform-http.js';

type Schemas = components['schemas'];
export type Flow = Schemas['Flow'];
export type FullFlowInfo = Schemas['FullFlowInfo'];
export type FlowInfo = Schemas['FlowInfo'];
export type FlowSyntax = Schemas['FlowSyntax'];
export type FlowProfile = Schemas['FlowProfile'];
export type FlowType = Schemas['FlowType'];
export type FlowDirection = Schemas['FlowDirection'];
export type FlowAckStatus = Schemas['FlowAckStatus'];
export type ProcessingRule = Schemas['ProcessingRule'];
export type SearchFlowFilters = Schemas['SearchFlowFilters'];
export type SearchFlowParams = Schemas['SearchFlowParams'];
export type SearchFlowContent = Schemas['SearchFlowContent'];
export type Acknowledgement = Schemas['Acknowledgement'];
export type AcknowledgementDetail = Schemas['AcknowledgementDetail'];

/** What `GET /v1/flows/{flowId}` may give besides the metadata. */
export type FlowDocType = 'Original' | 'Converted' | 'ReadableView';

/** A flow to submit. */
export interface FlowSubmission {
  /** The file: a Factur-X PDF, a CII or UBL invoice, a CDAR message, an e-reporting file. */
  file: Uint8Array;
  /** Its name (`FAC-2026-0042.pdf`), at most 255 characters. */
  fileName: string;
  flowSyntax: FlowSyntax;
  /** `B2B` for an invoice to a French company; left out, the platform computes it. */
  processingRule?: ProcessingRule;
  flowProfile?: FlowProfile;
  /**
   * Our identifier of this file (the invoice's id, the lifecycle event's id): unique per file. After
   * a failure where the platform may have stored the flow anyway, the client looks for it by this
   * id before sending it again, so a flow goes once.
   */
  trackingId?: string;
}

/** A file read from a flow. */
export interface FlowFile {
  bytes: Uint8Array;
  /** The content type the platform gave (`application/pdf`, `application/xml`). */
  contentType: string;
  /** The name from `Content-Disposition`, when given. */
  fileName?: string;
}

/** The largest file read from a flow, bytes (the annex allows 100 MB; an invoice is far smaller). */
export const maxFlowFileBytes = 50 * 1024 * 1024;

const jsonType = 'application/json';

/** The content type of a file of each syntax: a Factur-X is a PDF, the others are XML. */
export function contentTypeOf(syntax: FlowSyntax): 'application/pdf' | 'application/xml' {
  return syntax === 'Factur-X' ? 'application/pdf' : 'application/xml';
}

/** A file name as a quoted multipart parameter (WHATWG: `"`, CR and LF percent-encoded). */
function quotedName(name: string): string {
  return `"${name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

/**
 * A `multipart/form-data` body (RFC 7578) whose parts carry the content types the annex's encoding
 * names: `flowInfo` as `application/json`, `file` as `application/pdf` or `application/xml`.
 */
export function flowMultipart(flowInfo: FlowInfo, file: Uint8Array, fileName: string, fileType: string) {
  const boundary = `btp-flow-${randomUUID()}`;
  const head = (name: string, type: string, filename?: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${
        filename === undefined ? '' : `; filename=${quotedName(filename)}`
      }\r\nContent-Type: ${type}\r\n\r\n`,
      'utf8',
    );
  const data = Buffer.concat([
    head('flowInfo', jsonType),
    Buffer.from(JSON.stringify(flowInfo), 'utf8'),
    Buffer.from('\r\n'),
    head('file', fileType, fileName),
    Buffer.from(file.buffer, file.byteOffset, file.byteLength),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { data: new Uint8Array(data), contentType: `multipart/form-data; boundary=${boundary}` };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The file name of `attachment;filename=…` (quoted or not, or RFC 5987 `filename*`). */
function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      return undefined;
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || undefined;
}

export class FlowClient {
  constructor(private readonly http: PlatformHttp) {}

  private async json(request: PlatformRequest): Promise<unknown> {
    const answer = await this.http.send(request);
    if (!(answer instanceof Response)) return answer.recovered;
    try {
      return await answer.json();
    } catch (error) {
      throw new PlatformError('protocol', {
        operation: request.operation,
        status: answer.status,
        cause: error,
      });
    }
  }

  /**
   * Submits a flow (`POST /v1/flows`, multipart `flowInfo` + `file`, with the file's SHA-256).
   * Answers the platform's `FullFlowInfo`: its `flowId` and `submittedAt`. The flow is then
   * `Pending` until the platform acknowledges it (`Ok`, or `Error` with details): see
   * {@link searchFlows} or {@link getFlow}.
   * @throws PlatformError
   */
  async submitFlow(submission: FlowSubmission): Promise<FullFlowInfo> {
    const sha256 = createHash('sha256').update(submission.file).digest('hex');
    const flowInfo: FlowInfo = {
      name: submission.fileName,
      flowSyntax: submission.flowSyntax,
      sha256,
      ...(submission.trackingId === undefined ? {} : { trackingId: submission.trackingId }),
      ...(submission.processingRule === undefined ? {} : { processingRule: submission.processingRule }),
      ...(submission.flowProfile === undefined ? {} : { flowProfile: submission.flowProfile }),
    };
    const trackingId = submission.trackingId;
    const answer = await this.json({
      operation: 'createFlow',
      service: 'flow',
      method: 'POST',
      path: '/v1/flows',
      body: flowMultipart(
        flowInfo,
        submission.file,
        submission.fileName,
        contentTypeOf(submission.flowSyntax),
      ),
      beforeRetry: trackingId === undefined ? undefined : () => this.submitted(trackingId),
    });
    if (!isObject(answer) || typeof answer.flowId !== 'string' || typeof answer.submittedAt !== 'string') {
      throw new PlatformError('protocol', { operation: 'createFlow' });
    }
    return answer as unknown as FullFlowInfo;
  }

  /** The flow already submitted with this tracking id, if the platform has one. */
  private async submitted(trackingId: string): Promise<FullFlowInfo | undefined> {
    const { results } = await this.searchFlows({ where: { trackingId, flowDirection: ['Out'] }, limit: 1 });
    const flow = results?.[0];
    if (!flow) return undefined;
    return {
      flowId: flow.flowId,
      submittedAt: flow.submittedAt,
      name: flow.name,
      flowSyntax: flow.flowSyntax,
      ...(flow.trackingId === undefined ? {} : { trackingId: flow.trackingId }),
      ...(flow.processingRule === undefined ? {} : { processingRule: flow.processingRule }),
      ...(flow.flowProfile === undefined ? {} : { flowProfile: flow.flowProfile }),
    };
  }

  /**
   * One page of flows matching `where` (`POST /v1/flows/search`): at least one criterion; criteria
   * combine with AND, the values of a list with OR; `updatedAfter` is strict. `nextCursor` is set
   * while there are more.
   * @throws PlatformError
   */
  async searchFlows(params: SearchFlowParams): Promise<SearchFlowContent> {
    const answer = await this.json({
      operation: 'searchFlows',
      service: 'flow',
      method: 'POST',
      path: '/v1/flows/search',
      json: params,
    });
    if (!isObject(answer) || (answer.results !== undefined && !Array.isArray(answer.results))) {
      throw new PlatformError('protocol', { operation: 'searchFlows' });
    }
    return answer as SearchFlowContent;
  }

  /**
   * Every flow matching `where`, page after page (following `nextCursor`), at most `maxPages`
   * pages (a platform whose cursor never ends cannot keep a job running).
   * @throws PlatformError
   */
  async *allFlows(
    where: SearchFlowFilters,
    options: { limit?: number; maxPages?: number } = {},
  ): AsyncGenerator<Flow, void, undefined> {
    let cursor: string | undefined;
    for (let page = 0; page < (options.maxPages ?? 100); page += 1) {
      const content = await this.searchFlows({
        where,
        limit: options.limit ?? 100,
        ...(cursor === undefined ? {} : { cursor }),
      });
      yield* content.results ?? [];
      if (!content.nextCursor || content.nextCursor === cursor) return;
      cursor = content.nextCursor;
    }
  }

  /**
   * A flow's metadata (`GET /v1/flows/{flowId}`, `docType=Metadata`): its type, direction and
   * acknowledgement.
   * @throws PlatformError (`not_found` for a flow this account cannot see)
   */
  async getFlow(flowId: string): Promise<Flow> {
    const answer = await this.json({
      operation: 'getFlow',
      service: 'flow',
      method: 'GET',
      path: `/v1/flows/${encodeURIComponent(flowId)}`,
      query: { docType: 'Metadata' },
    });
    if (!isObject(answer) || answer.flowId !== flowId)
      throw new PlatformError('protocol', { operation: 'getFlow' });
    return answer as unknown as Flow;
  }

  /**
   * A flow's file (`GET /v1/flows/{flowId}?docType=…`): the original as sent, the platform's
   * conversion, or its readable view.
   * @throws PlatformError (`not_found` for a flow this account cannot see or a view it lacks)
   */
  async getFlowFile(flowId: string, docType: FlowDocType = 'Original'): Promise<FlowFile> {
    const answer = await this.http.send({
      operation: 'getFlow',
      service: 'flow',
      method: 'GET',
      path: `/v1/flows/${encodeURIComponent(flowId)}`,
      query: { docType },
      accept: 'application/octet-stream, application/pdf, application/xml, */*',
    });
    if (!(answer instanceof Response)) throw new PlatformError('protocol', { operation: 'getFlow' });
    const length = Number(answer.headers.get('content-length') ?? 0);
    if (length > maxFlowFileBytes) {
      await answer.body?.cancel();
      throw new PlatformError('refused', { operation: 'getFlow', errorCode: 'FILE_SIZE_EXCEEDED' });
    }
    const bytes = new Uint8Array(await answer.arrayBuffer());
    if (bytes.byteLength > maxFlowFileBytes) {
      throw new PlatformError('refused', { operation: 'getFlow', errorCode: 'FILE_SIZE_EXCEEDED' });
    }
    const fileName = dispositionName(answer.headers.get('content-disposition'));
    return {
      bytes,
      contentType: answer.headers.get('content-type') ?? 'application/octet-stream',
      ...(fileName === undefined ? {} : { fileName }),
    };
  }

  /**
   * Whether the Flow Service is up (`GET /v1/healthcheck`): resolves when it answers 200.
   * @throws PlatformError
   */
  async healthcheck(): Promise<void> {
    const answer = await this.http.send({
      operation: 'getHealth',
      service: 'flow',
      method: 'GET',
      path: '/v1/healthcheck',
    });
    if (answer instanceof Response) await answer.body?.cancel();
  }
}
