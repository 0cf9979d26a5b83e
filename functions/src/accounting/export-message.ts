/** What the accounting export's worker receives (`export-handoff.ts` hands it over, `export-runner.ts` runs it). */
export interface ExportMessage {
  companyId: string;
  jobId: string;
}
