// Installed where every process that writes starts (data/transactions.ts): the export writes only
// its job and auxiliary accounts, which move no company aggregate.
import '../../aggregates/install.js';
import { runExport, type ExportMessage } from '../../accounting/export-runner.js';

/**
 * The accounting export worker (docs/accounting.md), not an HTTP route: invoked asynchronously by
 * `POST /api/accounting/exports` with `{companyId, jobId}`; records the outcome on the job.
 */
export async function handler(event: ExportMessage): Promise<void> {
  await runExport({ companyId: String(event.companyId), jobId: String(event.jobId) });
}
