import {
  invoiceUpdateInput,
  type InvoiceWithRefs,
  type InvoiceUpdateData,
} from '@btp/shared/entities/invoice';
import { Alert, Col, Form, Input, Row, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';

import { useClientsList } from '../../../api/clients/list-clients';
import { matches, useRecordOptions } from '../../../components/record-options';
import { useCreateInvoice } from '../../../api/invoices/create-invoice';
import { useUpdateInvoice } from '../../../api/invoices/update-invoice';
import { useProjectsList } from '../../../api/projects/list-projects';
import { DateField } from '../../../components/date-field';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { ApiError, serverMessage } from '../../../lib/api';
import { useZodForm, validateWith } from '../../../lib/zod-form';
import { useCompanyVatSettings } from '../../../api/company/company-vat-settings';
import { euros, InvoiceFigures } from './invoice-figures';
import {
  emptyInvoiceLine,
  isDeductionLine,
  lineInput,
  lineMessagesOf,
  linesFromInvoice,
  liveInvoiceTotals,
  validateInvoiceLines,
  type InvoiceLineDraft,
  type InvoiceLineMessages,
} from './invoice-lines';
import { InvoiceLinesEditor } from './invoice-lines-editor';
import { situationText } from './invoice-rules';
import styles from './invoicing.module.css';

/** The "no project" choice; the shared schema reads it as absent. */
export const NO_PROJECT = 'none';

export interface InvoiceFormValues {
  clientId?: string;
  projectId: string;
  title: string;
  dueDate: Dayjs | null;
  description: string;
  reverseCharge: boolean;
}

const fields = ['clientId', 'projectId', 'title', 'dueDate', 'description', 'reverseCharge'] as const;

function initialValues(invoice: InvoiceWithRefs | undefined): InvoiceFormValues {
  return {
    clientId: invoice?.clientId,
    projectId: invoice?.projectId ?? NO_PROJECT,
    title: invoice?.title ?? '',
    dueDate: invoice?.dueDate ? dayjs(invoice.dueDate) : null,
    description: invoice?.description ?? '',
    reverseCharge: invoice?.reverseCharge ?? false,
  };
}

/**
 * The form's values and lines checked by the shared schema. An edit sends the whole record back
 * (PUT replaces it): the quote it was made from is kept, with the `version` read; a situation's
 * lines are left out (the server keeps them).
 */
export function validateInvoice(
  values: InvoiceFormValues,
  lines: readonly InvoiceLineDraft[],
  invoice?: InvoiceWithRefs,
) {
  return validateWith(invoiceUpdateInput, {
    clientId: values.clientId ?? '',
    projectId: values.projectId,
    title: values.title,
    dueDate: values.dueDate?.format('YYYY-MM-DD') ?? '',
    description: values.description,
    reverseCharge: values.reverseCharge,
    // A situation's lines are the server's: without them the update keeps them.
    ...(isSituation(invoice) ? {} : { lines: lines.map(lineInput) }),
    ...(invoice === undefined ? {} : { quoteId: invoice.quoteId, version: invoice.version }),
  });
}

/** A situation de travaux: its lines are computed from its quote ("Facturation du marché"). */
function isSituation(invoice: InvoiceWithRefs | undefined): boolean {
  return invoice?.kind === 'progress';
}

export const SITUATION_LINES_HINT =
  "Les lignes d'une situation se modifient depuis « Facturation du marché » du devis";

interface InvoiceDialogProps {
  /** The draft to edit; a new invoice when absent. */
  invoice?: InvoiceWithRefs;
  onClose: () => void;
  onSaved: (invoice: InvoiceWithRefs) => void;
}

/**
 * 'Nouvelle Facture' and 'Modifier' on a draft: client, project, title, due date, description,
 * autoliquidation and the lines, with each line's total HT, the VAT per rate, the totals HT, TVA and
 * TTC following what is typed, to the cent the server will store (`invoiceTotals`).
 */
export function InvoiceDialog({ invoice, onClose, onSaved }: InvoiceDialogProps) {
  const { toast } = useToast();
  const clients = useClientsList();
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const vat = useCompanyVatSettings();
  const editing = invoice !== undefined;
  const situation = isSituation(invoice);
  const [lines, setLines] = useState<InvoiceLineDraft[]>(() =>
    invoice === undefined ? [emptyInvoiceLine(vat.defaultVatRate)] : linesFromInvoice(invoice.lines),
  );
  // The profile may arrive after the dialog opened: a new invoice's lines still at the fallback rate
  // take the company's default (state adjusted while rendering, React's pattern for a changed input).
  const [rateShown, setRateShown] = useState(vat.defaultVatRate);
  if (rateShown !== vat.defaultVatRate) {
    setRateShown(vat.defaultVatRate);
    if (!editing) {
      setLines((current) =>
        current.map((line) => (line.vatRate === rateShown ? { ...line, vatRate: vat.defaultVatRate } : line)),
      );
    }
  }
  const [linesChecked, setLinesChecked] = useState(false);
  const [serverLineMessages, setServerLineMessages] = useState<InvoiceLineMessages[]>([]);
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    InvoiceFormValues,
    InvoiceUpdateData
  >(fields, (values) => validateInvoice(values, lines, invoice));
  const clientId = Form.useWatch('clientId', form) ?? invoice?.clientId;
  // Only the chosen client's projects (the API refuses a project of another client); one past the
  // first 1,000 is found by the server's search as the person types.
  const projectSearch = useRecordOptions(
    useProjectsList,
    (project) => ({ value: project.id, label: project.name }),
    Form.useWatch('projectId', form) as string | undefined,
    (project) => clientId !== undefined && project.clientId === clientId,
  );
  // A client past the first 1,000 is found by the server's search as the person types.
  const clientSearch = useRecordOptions(
    useClientsList,
    (client) => ({ value: client.id, label: client.name }),
    clientId,
  );
  const reverseCharge =
    (Form.useWatch('reverseCharge', form) as boolean | undefined) ?? invoice?.reverseCharge ?? false;
  const noVat = reverseCharge || vat.franchise;
  const deductions = (invoice?.lines ?? []).filter(isDeductionLine);
  const lineValidation = situation ? { messages: [], listMessage: undefined } : validateInvoiceLines(lines);
  const totals = liveInvoiceTotals(lines, noVat, deductions);
  const situationLabel = invoice === undefined ? undefined : situationText(invoice);

  const changeLines = (next: InvoiceLineDraft[]) => {
    setLines(next);
    setServerLineMessages([]);
  };

  const save = async (data: InvoiceUpdateData) => {
    try {
      const { version, ...body } = data;
      if (invoice === undefined) {
        onSaved(await create.mutateAsync(body));
        toast({ title: 'Succès', description: 'Facture créée avec succès' });
      } else {
        onSaved(await update.mutateAsync({ id: invoice.id, data: { ...body, version } }));
        toast({ title: 'Succès', description: 'Facture mise à jour avec succès' });
      }
      onClose();
    } catch (error) {
      showServerErrors(error);
      if (error instanceof ApiError) setServerLineMessages(lineMessagesOf(error.details));
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description:
          serverMessage(error) ??
          (editing
            ? 'Erreur lors de la mise à jour de la facture'
            : 'Erreur lors de la création de la facture'),
        error,
      });
    }
  };

  const clientOptions = clientSearch.options;
  if (invoice?.client && !clientOptions.some((option) => option.value === invoice.clientId)) {
    clientOptions.push({ value: invoice.clientId, label: invoice.client.name });
  }
  const noProject = { value: NO_PROJECT, label: 'Aucun projet' };
  const projectOptions = [
    ...(matches(noProject.label, projectSearch.typed) ? [noProject] : []),
    ...projectSearch.options,
  ];
  const shownLineMessages = lines.map((_, index) => ({
    ...(serverLineMessages[index] ?? {}),
    ...(linesChecked ? lineValidation.messages[index] : {}),
  }));

  return (
    <ResponsiveModal
      open
      title={situation ? 'Modifier la situation' : editing ? 'Modifier la facture' : 'Nouvelle Facture'}
      width={1040}
      okText={editing ? 'Enregistrer' : 'Créer la facture'}
      cancelText="Annuler"
      okButtonProps={{ size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      <Form<InvoiceFormValues>
        form={form}
        layout="vertical"
        size="large"
        initialValues={initialValues(invoice)}
        onFinish={(values) => {
          setLinesChecked(true);
          handleFinish((data) => void save(data))(values);
        }}
        onValuesChange={(changed: Partial<InvoiceFormValues>, values) => {
          // Another client: the project chosen belonged to the previous one.
          if ('clientId' in changed) {
            form.setFieldValue('projectId', NO_PROJECT);
            handleValuesChange(changed, { ...values, projectId: NO_PROJECT });
          } else {
            handleValuesChange(changed, values);
          }
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="clientId" label="Client" required>
              <Select
                disabled={situation}
                showSearch={clientSearch.searchProps}
                onOpenChange={clientSearch.onOpenChange}
                onSelect={clientSearch.onSelect}
                placeholder="Choisissez un client"
                loading={clientSearch.loading}
                options={clientOptions}
                notFoundContent={clients.isPending ? 'Chargement...' : 'Aucun client'}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="projectId" label="Projet">
              <Select
                disabled={situation}
                showSearch={projectSearch.searchProps}
                onOpenChange={projectSearch.onOpenChange}
                onSelect={projectSearch.onSelect}
                loading={projectSearch.loading}
                options={projectOptions}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="title" label="Titre" required>
              <Input maxLength={2_000} placeholder="Ex. : Situation n°1" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="dueDate"
              label="Échéance"
              extra="Sans date : la date d'envoi plus le délai de paiement de l'entreprise."
            >
              <DateField placeholder="Non définie" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label="Description">
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={10_000} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="reverseCharge"
              label="Autoliquidation"
              valuePropName="checked"
              extra="Sous-traitance dans le bâtiment : la TVA est due par le client, toutes les lignes à 0 %."
            >
              <Switch disabled={situation} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {invoice !== undefined && situation ? (
        <section aria-label="Lignes de la situation" className={styles.deductions}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            Lignes de la situation
          </Typography.Title>
          {situationLabel !== undefined && (
            <Typography.Paragraph type="secondary">{situationLabel}</Typography.Paragraph>
          )}
          <Alert type="info" showIcon title={SITUATION_LINES_HINT} style={{ marginBottom: 12 }} />
          <ul className={styles.readLines}>
            {invoice.lines.map((line, index) => (
              // Server-made lines have no id; their order is the server's.
              <li key={index} className={styles.readLine}>
                <span className={styles.readLineTitle}>{line.description}</span>
                <strong className={styles.readLineTotal}>{euros(line.total)} HT</strong>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <>
          <InvoiceLinesEditor
            lines={lines}
            onChange={changeLines}
            messages={shownLineMessages}
            listMessage={linesChecked ? lineValidation.listMessage : undefined}
            lineTotals={totals.lineTotals}
            noVat={noVat}
            defaultVatRate={vat.defaultVatRate}
          />
          {deductions.length > 0 && (
            <section aria-label="Déductions" className={styles.deductions}>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                Déductions
              </Typography.Title>
              <ul className={styles.readLines}>
                {deductions.map((line, index) => (
                  // Server-made lines have no id; their order is the server's.
                  <li key={index} className={styles.readLine}>
                    <span className={styles.readLineTitle}>{line.description}</span>
                    <strong className={styles.readLineTotal}>{euros(line.total)} HT</strong>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      <InvoiceFigures
        figures={invoice !== undefined && situation ? invoice : totals}
        label="Totaux de la facture"
        reverseCharge={reverseCharge}
        franchise={vat.franchise}
      />
    </ResponsiveModal>
  );
}
