import { FileDoneOutlined, LoadingOutlined } from '@ant-design/icons';
import { Alert, Upload } from 'antd';
import { useState, type KeyboardEvent } from 'react';

import {
  ImportFileTooLargeError,
  useImportSupplierInvoice,
  type SupplierInvoiceImport,
} from '../../../api/supplier-invoices/import-supplier-invoice';
import { ApiError, errorReference, NetworkError, serverMessage } from '../../../lib/api';
import { useIsDesktop } from '../../../lib/use-media-query';
import styles from './purchases.module.css';

/** What the file picker offers first; any other file still reaches the server, which says why it refuses it. */
const ACCEPT = '.pdf,.xml,application/pdf,application/xml,text/xml';

/** The draft made from an imported e-invoice, as the success message names it. */
interface Imported {
  number: string;
  kind?: string | undefined;
  supplierReference?: string | undefined;
  supplier?: { name: string } | undefined;
  creditedInvoiceNumber?: string | undefined;
}

/**
 * "Facture FAC-2026-0007 de Maçonnerie Rhône importée en brouillon (FF-2026-0003)"; a credit note:
 * "Avoir AV-2026-0001 de Maçonnerie Rhône importé en brouillon (FF-2026-0004), déduit de FF-2026-0003".
 */
export function importedMessage(invoice: Imported): string {
  const reference = invoice.supplierReference === undefined ? '' : ` ${invoice.supplierReference}`;
  const supplier = invoice.supplier === undefined ? '' : ` de ${invoice.supplier.name}`;
  if (invoice.kind === 'credit_note') {
    const credited =
      invoice.creditedInvoiceNumber === undefined ? '' : `, déduit de ${invoice.creditedInvoiceNumber}`;
    return `Avoir${reference}${supplier} importé en brouillon (${invoice.number})${credited}`;
  }
  return `Facture${reference}${supplier} importée en brouillon (${invoice.number})`;
}

/** What to do next, whether the supplier was created from the file, and why a credit note is not linked. */
export function importedDetails({
  supplierInvoice,
  supplierCreated,
  notLinked,
}: SupplierInvoiceImport): string {
  const note = supplierInvoice.kind === 'credit_note';
  const created =
    supplierCreated && supplierInvoice.supplier !== undefined
      ? `Le fournisseur « ${supplierInvoice.supplier.name} » a été créé d'après ${note ? "l'avoir" : 'la facture'}. `
      : '';
  const next = note
    ? 'Vérifiez-le dans l’onglet « Avoirs fournisseurs », puis passez-le en « Reçue » avec « Modifier ».'
    : 'Vérifiez-la ci-dessous, puis passez-la en « Reçue » avec « Modifier ».';
  return `${created}${notLinked === undefined ? '' : `${notLinked} `}${next}`;
}

/** Why the import failed, in the server's words whenever it gave them. */
function failureOf(error: unknown): { message: string; details: string[]; reference: string | undefined } {
  const details = error instanceof ApiError ? (error.details ?? []).map((detail) => detail.message) : [];
  // Our own French sentences: no connection, a file refused before sending.
  const own =
    error instanceof NetworkError || error instanceof ImportFileTooLargeError ? error.message : undefined;
  const message =
    serverMessage(error) ?? own ?? "Le serveur n'a pas pu importer ce fichier. Réessayez dans un instant.";
  // A refusal the person can act on needs no reference; a server fault is quoted to support.
  const forSupport = !(error instanceof ApiError) || error.status >= 500 || error.serverMessage === undefined;
  return { message, details, reference: forSupport ? errorReference(error) : undefined };
}

/**
 * 'Importer une facture électronique' (DOCUMENTS.md § 6, reception): a supplier's Factur-X / ZUGFeRD
 * PDF, a CII or a UBL XML dropped here, or picked (tapped on a phone, Enter or Space from the
 * keyboard), becomes a draft supplier invoice. One file at a time; while it is read the zone is busy;
 * then the draft is named, or the server's reason is shown.
 */
export function SupplierInvoiceImport() {
  const importInvoice = useImportSupplierInvoice();
  const isDesktop = useIsDesktop();
  const [outcome, setOutcome] = useState<
    { kind: 'success'; imported: SupplierInvoiceImport } | { kind: 'error'; error: unknown }
  >();
  const busy = importInvoice.isPending;

  const start = (file: File) => {
    setOutcome(undefined);
    importInvoice.mutate(file, {
      onSuccess: (imported) => setOutcome({ kind: 'success', imported }),
      onError: (error) => setOutcome({ kind: 'error', error }),
    });
  };

  // rc-upload opens the picker on Enter only; a button opens on Space too.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (
      event.key === ' ' &&
      target.getAttribute('role') === 'button' &&
      target.closest('.ant-upload') !== null
    ) {
      event.preventDefault();
      target.click();
    }
  };

  const failure = outcome?.kind === 'error' ? failureOf(outcome.error) : undefined;

  return (
    <div className={styles.importZone} onKeyDown={onKeyDown} aria-busy={busy}>
      <Upload.Dragger
        name="file"
        accept={ACCEPT}
        multiple={false}
        maxCount={1}
        fileList={[]}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          start(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          {busy ? <LoadingOutlined aria-hidden /> : <FileDoneOutlined aria-hidden />}
        </p>
        <p className="ant-upload-text">
          {busy ? 'Import de la facture en cours…' : 'Importer une facture électronique'}
        </p>
        <p className="ant-upload-hint">
          {busy
            ? 'Lecture du fichier et création de la facture brouillon'
            : isDesktop
              ? 'Déposez le fichier ici ou cliquez pour le choisir'
              : 'Touchez pour choisir le fichier'}
          <br />
          Factur-X / ZUGFeRD (PDF), XML CII ou UBL · une facture à la fois, 4 Mo maximum
        </p>
      </Upload.Dragger>
      {outcome?.kind === 'success' && (
        <Alert
          className={styles.importOutcome}
          type="success"
          showIcon
          role="status"
          closable={{ 'aria-label': 'Fermer le message', onClose: () => setOutcome(undefined) }}
          title={importedMessage(outcome.imported.supplierInvoice)}
          description={importedDetails(outcome.imported)}
        />
      )}
      {failure !== undefined && (
        <Alert
          className={styles.importOutcome}
          type="error"
          showIcon
          closable={{ 'aria-label': 'Fermer le message', onClose: () => setOutcome(undefined) }}
          title="Import impossible"
          description={
            <>
              <p className={styles.importMessage}>{failure.message}</p>
              {failure.details.length > 0 && (
                <ul className={styles.importDetails}>
                  {failure.details.map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </ul>
              )}
              {failure.reference !== undefined && (
                <p className={styles.importMessage}>Référence : {failure.reference}</p>
              )}
            </>
          }
        />
      )}
    </div>
  );
}
