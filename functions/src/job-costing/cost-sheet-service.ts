/**
 * `GET /api/projects/{id}/cost-sheet?format=pdf|csv` (docs/profitability.md): the chantier's cost
 * sheet drawn from its Rentabilité figures, stored for a day under `previews/` and handed out as a
 * presigned GET (5 minutes), never in the answer's body.
 */
import { costSheetCsv, type CostSheetFormat } from '@btp/shared/cost-sheet';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { getCompany } from '../accounts/companies.js';
import { clients } from '../data/entities/clients.js';
import { projects } from '../data/entities/projects.js';
import { newId } from '../data/ids.js';
import { previewObjectKey, putDocumentObject } from '../documents/document-storage.js';
import { presignedDownload } from '../documents/presigned-download.js';
import { projectProfitability } from './profitability-service.js';

/** « Fiche de coûts - Maison Durand.pdf », without the characters a file name cannot hold. */
export function costSheetFileName(projectName: string, format: CostSheetFormat): string {
  const name = [...projectName]
    .map((char) => ((char.codePointAt(0) ?? 0) < 32 || '\\/:*?"<>|'.includes(char) ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `Fiche de coûts - ${name || 'chantier'}.${format}`;
}

export async function costSheetUrl(
  companyId: string,
  projectId: string,
  format: CostSheetFormat,
): Promise<{ url: string }> {
  const [figures, project, company] = await Promise.all([
    projectProfitability(companyId, projectId),
    projects.getOrThrow(companyId, projectId),
    getCompany(companyId),
  ]);
  const client = await clients.get(companyId, project.clientId);
  const context = {
    company: company?.name ?? '',
    date: calendarDateInFrance(),
    ...(client ? { client: client.name } : {}),
  };
  const key = previewObjectKey(companyId, newId(), format);
  if (format === 'csv') {
    await putDocumentObject(
      key,
      Buffer.from(costSheetCsv(figures, context), 'utf8'),
      'text/csv; charset=utf-8',
    );
  } else {
    // pdfkit and the fonts load only when a PDF is asked for.
    const { renderCostSheetPdf } = await import('../pdf/cost-sheet-pdf.js');
    await putDocumentObject(key, await renderCostSheetPdf(figures, context), 'application/pdf');
  }
  const url = await presignedDownload(key, {
    fileName: costSheetFileName(project.name, format),
    mimeType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
    inline: false,
  });
  return { url };
}
