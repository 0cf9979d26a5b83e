/**
 * The local platform's flows, kept under `DATA_DIR/pa/` so that they survive a restart: each
 * flow's record in `flows/<flowId>.json`, its file in `files/<flowId>`; every record read into
 * memory at start. Writes go to a temporary file renamed over the old one, so a stop never leaves
 * half a record.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { components } from '../../../functions/src/einvoicing/network/generated/flow-service.js';

type Schemas = components['schemas'];

/** The invoice a flow is, or is about. */
export interface FlowInvoice {
  sellerSiren: string;
  buyerSiren?: string;
  number: string;
  /** `YYYY-MM-DD`. */
  issueDate: string;
  typeCode: string;
  /** The TTC (BT-112), cents, when read. */
  totalCents?: number;
}

/** A flow as the platform keeps it: what the annex shows, and the platform's own bookkeeping. */
export interface StoredFlow {
  flowId: string;
  /** The SIREN of the account that sees the flow. */
  owner: string;
  flowDirection: Schemas['FlowDirection'];
  flowType: Schemas['FlowType'];
  flowSyntax: Schemas['FlowSyntax'];
  flowProfile: Schemas['FlowProfile'];
  processingRule: Schemas['ProcessingRule'];
  processingRuleSource: 'Input' | 'Computed';
  trackingId?: string;
  name: string;
  /** Of the file, hex. */
  sha256: string;
  /** The SHA-256 the submitter announced, when it did. */
  announcedSha256?: string;
  contentType: string;
  submittedAt: string;
  updatedAt: string;
  acknowledgement: Schemas['Acknowledgement'];
  /** Who made it: a company of the stack, or the platform (the statuses it issues itself). */
  origin: 'company' | 'platform';
  /** The flow this one was delivered from (an incoming copy) or is about (a platform status). */
  sourceFlowId?: string;
  /** For an invoice, the invoice; for a lifecycle message, the invoice it is about. */
  invoice?: FlowInvoice;
  /** For a lifecycle message: its status and reason. */
  status?: { code: string; reasonCode?: string; collectedCents?: number };
}

/** A flow as the Flow Service answers it (`Flow`). */
export function flowView(flow: StoredFlow): Schemas['Flow'] {
  return {
    flowId: flow.flowId,
    submittedAt: flow.submittedAt,
    updatedAt: flow.updatedAt,
    ...(flow.trackingId === undefined ? {} : { trackingId: flow.trackingId }),
    name: flow.name,
    processingRule: flow.processingRule,
    processingRuleSource: flow.processingRuleSource,
    flowSyntax: flow.flowSyntax,
    flowProfile: flow.flowProfile,
    flowType: flow.flowType,
    flowDirection: flow.flowDirection,
    acknowledgement: flow.acknowledgement,
  };
}

/** A flow as `POST /v1/flows` answers it (`FullFlowInfo`). */
export function fullFlowInfo(flow: StoredFlow): Schemas['FullFlowInfo'] {
  return {
    flowId: flow.flowId,
    submittedAt: flow.submittedAt,
    ...(flow.trackingId === undefined ? {} : { trackingId: flow.trackingId }),
    name: flow.name,
    processingRule: flow.processingRule,
    flowSyntax: flow.flowSyntax,
    flowProfile: flow.flowProfile,
    sha256: flow.sha256,
  };
}

export class FlowStore {
  private readonly flows = new Map<string, StoredFlow>();
  private readonly flowsDir: string;
  private readonly filesDir: string;

  constructor(directory: string) {
    this.flowsDir = join(directory, 'flows');
    this.filesDir = join(directory, 'files');
    mkdirSync(this.flowsDir, { recursive: true });
    mkdirSync(this.filesDir, { recursive: true });
    for (const name of readdirSync(this.flowsDir)) {
      if (!name.endsWith('.json')) continue;
      try {
        const flow = JSON.parse(readFileSync(join(this.flowsDir, name), 'utf8')) as StoredFlow;
        if (existsSync(join(this.filesDir, flow.flowId))) this.flows.set(flow.flowId, flow);
      } catch {
        // A record left unreadable is skipped, not fatal to the stack.
      }
    }
  }

  private writeAtomically(path: string, data: string | Uint8Array): void {
    const temporary = `${path}.tmp`;
    writeFileSync(temporary, data);
    renameSync(temporary, path);
  }

  /** Stores a new flow and its file (the file first, then the record that points to it). */
  add(flow: StoredFlow, file: Uint8Array): void {
    this.writeAtomically(join(this.filesDir, flow.flowId), file);
    this.save(flow);
  }

  /** Writes a flow's record again after a change. */
  save(flow: StoredFlow): void {
    this.writeAtomically(join(this.flowsDir, `${flow.flowId}.json`), JSON.stringify(flow, null, 2));
    this.flows.set(flow.flowId, flow);
  }

  get(flowId: string): StoredFlow | undefined {
    return this.flows.get(flowId);
  }

  file(flowId: string): Buffer {
    return readFileSync(join(this.filesDir, flowId));
  }

  /** Every flow, in the order of `updatedAt` then id. */
  all(): StoredFlow[] {
    return [...this.flows.values()].sort((a, b) =>
      a.updatedAt === b.updatedAt ? a.flowId.localeCompare(b.flowId) : a.updatedAt.localeCompare(b.updatedAt),
    );
  }
}
