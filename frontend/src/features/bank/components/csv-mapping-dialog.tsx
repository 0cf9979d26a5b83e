import type { CsvMapping } from '@btp/shared/accounting/bank';
import { Alert, Form, Radio, Select } from 'antd';
import { useState } from 'react';

import { ResponsiveModal } from '../../../components/responsive-modal';

/**
 * The cells of a CSV's first line, read in the browser before the upload: UTF-8, else Windows-1252
 * (what the server reads too), split on the separator it uses most (`;`, `,` or tab).
 */
export async function readCsvHeaders(file: Blob): Promise<string[]> {
  // FileReader rather than Blob.arrayBuffer(): the same in every browser the SPA supports (and jsdom).
  const buffer = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('Lecture du fichier impossible'));
    reader.readAsArrayBuffer(file.slice(0, 8192));
  });
  const bytes = new Uint8Array(buffer);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  const first = (text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '').trim();
  const separator =
    [';', ',', '\t']
      .map((candidate) => [candidate, first.split(candidate).length] as const)
      .sort((a, b) => b[1] - a[1])[0]?.[0] ?? ';';
  return first
    .split(separator)
    .map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'))
    .filter((cell) => cell !== '');
}

type Field = 'date' | 'label' | 'amount' | 'debit' | 'credit' | 'reference';

/** « Colonnes du relevé »: which column is the date, the label, the amount (or debit and credit), the reference. */
export function CsvMappingDialog({
  headers,
  saving,
  onCancel,
  onSubmit,
}: {
  headers: string[];
  saving: boolean;
  onCancel: () => void;
  onSubmit: (mapping: CsvMapping) => void;
}) {
  const [signed, setSigned] = useState(true);
  const [values, setValues] = useState<Partial<Record<Field, string>>>({});
  const [missing, setMissing] = useState(false);
  const options = headers.map((header) => ({ value: header, label: header }));
  const select = (field: Field, label: string, optional = false) => (
    <Form.Item label={label} htmlFor={`csv-${field}`} required={!optional}>
      <Select
        id={`csv-${field}`}
        allowClear={optional}
        value={values[field]}
        options={options}
        onChange={(value?: string) => setValues((current) => ({ ...current, [field]: value }))}
      />
    </Form.Item>
  );
  const submit = () => {
    const complete = values.date && values.label && (signed ? values.amount : values.debit && values.credit);
    if (!complete) {
      setMissing(true);
      return;
    }
    onSubmit({
      date: values.date as string,
      label: values.label as string,
      ...(signed ? { amount: values.amount } : { debit: values.debit, credit: values.credit }),
      ...(values.reference ? { reference: values.reference } : {}),
    } as CsvMapping);
  };
  return (
    <ResponsiveModal
      open
      title="Colonnes du relevé CSV"
      okText="Importer"
      cancelText="Annuler"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onCancel}
    >
      <p>
        Les colonnes de ce fichier ne sont pas reconnues : indiquez lesquelles utiliser. Elles seront retenues
        pour les prochains relevés.
      </p>
      {missing && (
        <Alert
          type="error"
          showIcon
          title="Indiquez la date, le libellé et le montant (ou le débit et le crédit)."
        />
      )}
      <Form layout="vertical">
        {select('date', 'Date')}
        {select('label', 'Libellé')}
        <Form.Item label="Montants">
          <Radio.Group
            value={signed}
            onChange={(event) => setSigned(event.target.value as boolean)}
            options={[
              { value: true, label: 'Une colonne de montant signé' },
              { value: false, label: 'Une colonne débit et une colonne crédit' },
            ]}
          />
        </Form.Item>
        {signed ? (
          select('amount', 'Montant')
        ) : (
          <>
            {select('debit', 'Débit')}
            {select('credit', 'Crédit')}
          </>
        )}
        {select('reference', 'Référence (facultatif)', true)}
      </Form>
    </ResponsiveModal>
  );
}
