import {
  DEFAULT_MARGIN_PERCENTAGE,
  DEFAULT_OVERHEAD_PERCENTAGE,
  quoteCreateInput,
  type QuoteCreateData,
  type QuoteCreateInput,
} from '@btp/shared/entities/quote';
import { quoteFieldNames } from '@btp/shared/entities/quote-field-names';
import { quoteStatusLabels, type QuoteStatus } from '@btp/shared/enums';
import { isQuoteEditable, quoteStatusChoices } from '@btp/shared/quote-status';
import { SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Col, Form, Input, Row, Select, Switch } from 'antd';
import { useState } from 'react';

import { useCompanyVatSettings } from '../../../api/company/company-vat-settings';
import { useCompany } from '../../../api/company/get-company';
import { useCreateQuote } from '../../../api/quotes/create-quote';
import type { QuoteDetail } from '../../../api/quotes/get-quote';
import { useUpdateQuote } from '../../../api/quotes/update-quote';
import { ClientField, NO_PROJECT, ProjectField } from '../../../components/client-project-fields';
import { DateField } from '../../../components/date-field';
import { DecimalInput } from '../../../components/decimal-input';
import { DescriptionField } from '../../../components/record-form';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { useZodForm, validateWith } from '../../../lib/zod-form';
import { decimalForInput, liveTotals, linesFromItems, validateLines, type RowDraft } from './quote-lines';
import { QuoteLinesEditor } from './quote-lines-editor';
import { RefreshPricesDialog } from './refresh-prices-dialog';
import styles from './quotes.module.css';

const fields = quoteFieldNames;

const CREATE_ERROR = 'Une erreur est survenue lors de la création du devis.';
const UPDATE_ERROR = 'Une erreur est survenue lors de la mise à jour du devis.';

type FormValues = Omit<QuoteCreateInput, 'clientId'> & { clientId?: string; projectId?: string };

function validate(values: FormValues) {
  return validateWith(quoteCreateInput, values);
}

function initialValues(quote: QuoteDetail | undefined): FormValues {
  if (quote === undefined) {
    return {
      title: '',
      clientId: undefined,
      projectId: NO_PROJECT,
      description: '',
      validUntil: '',
      overheadPercentage: DEFAULT_OVERHEAD_PERCENTAGE,
      marginPercentage: DEFAULT_MARGIN_PERCENTAGE,
      status: 'draft',
      reverseCharge: false,
      retentionRate: null,
      retentionBankGuarantee: false,
    };
  }
  return {
    title: quote.title,
    clientId: quote.clientId,
    projectId: quote.projectId ?? NO_PROJECT,
    description: quote.description ?? '',
    validUntil: quote.validUntil ?? '',
    overheadPercentage: quote.overheadPercentage,
    marginPercentage: quote.marginPercentage,
    status: quote.status,
    reverseCharge: quote.reverseCharge,
    retentionRate: quote.retentionRate ?? null,
    retentionBankGuarantee: quote.retentionBankGuarantee ?? false,
  };
}

interface QuoteDialogProps {
  /** The quote to edit, with its lines (`GET /api/quotes/{id}`); none for 'Nouveau Devis'. */
  quote?: QuoteDetail | undefined;
  onClose: () => void;
}

/** 'Nouveau Devis' and 'Modifier': the quote's fields and its lines, in one dialog. */
export function QuoteDialog({ quote, onClose }: QuoteDialogProps) {
  const { toast } = useToast();
  const vat = useCompanyVatSettings();
  const defaultRetentionRate = useCompany().data?.defaultRetentionRate;
  const create = useCreateQuote();
  const update = useUpdateQuote();
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    FormValues,
    QuoteCreateData
  >(fields, validate);
  // The quote as last saved here (« Actualiser les prix » saves a new version of it).
  const [current, setCurrent] = useState(quote);
  const [savedLines, setSavedLines] = useState<RowDraft[]>(() =>
    linesFromItems(quote?.items ?? [], vat.defaultVatRate, quote?.sections),
  );
  const [lines, setLines] = useState<RowDraft[]>(savedLines);
  const [refreshing, setRefreshing] = useState(false);
  const [linesChecked, setLinesChecked] = useState(false);
  const overheadPercentage = (Form.useWatch('overheadPercentage', form) as string | null | undefined) ?? '';
  const marginPercentage = (Form.useWatch('marginPercentage', form) as string | null | undefined) ?? '';
  const reverseCharge =
    (Form.useWatch('reverseCharge', form) as boolean | undefined) ?? quote?.reverseCharge ?? false;
  const bankGuarantee =
    (Form.useWatch('retentionBankGuarantee', form) as boolean | undefined) ??
    quote?.retentionBankGuarantee ??
    false;

  const status: QuoteStatus = quote?.status ?? 'draft';
  const editable = isQuoteEditable(status);
  const statusChoices = quoteStatusChoices(status);
  const statusEditable = !editable && statusChoices.length > 1;
  const final = !editable && !statusEditable;
  const chosenStatus = (Form.useWatch('status', form) as QuoteStatus | undefined) ?? status;
  // A quote sent is shown read-only ('Voir'): only its status may still change (the customer's
  // answer), and 'Enregistrer' appears once another status is chosen.
  const saveShown = editable || (statusEditable && chosenStatus !== status);
  const busy = create.isPending || update.isPending;
  const lineValidation = validateLines(lines);
  const totals = liveTotals(lines, overheadPercentage, marginPercentage, reverseCharge || vat.franchise);

  const failed = (error: unknown, fallback: string) => {
    showServerErrors(error);
    toast({ variant: 'destructive', title: 'Erreur', description: serverMessage(error) ?? fallback, error });
  };

  // The fields and the lines go in one call, which the server writes in one transaction: a quote
  // is never left without its lines, or with stale ones.
  const save = async (data: QuoteCreateData) => {
    if (quote === undefined) {
      if (lineValidation.items === undefined) return;
      try {
        await create.mutateAsync({ ...data, items: lineValidation.items });
      } catch (error) {
        failed(error, CREATE_ERROR);
        return;
      }
      toast({ title: 'Succès', description: 'Le devis a été créé avec succès.' });
      onClose();
      return;
    }

    try {
      if (editable) {
        if (lineValidation.items === undefined) return;
        await update.mutateAsync({
          id: quote.id,
          data: { ...data, items: lineValidation.items, version: current?.version ?? quote.version },
        });
      } else {
        // A sent quote keeps its content: only the status changes (the customer's answer).
        await update.mutateAsync({
          id: quote.id,
          data: {
            title: quote.title,
            clientId: quote.clientId,
            projectId: quote.projectId,
            description: quote.description,
            validUntil: quote.validUntil,
            overheadPercentage: quote.overheadPercentage,
            marginPercentage: quote.marginPercentage,
            status: data.status,
            reverseCharge: quote.reverseCharge,
            retentionRate: quote.retentionRate,
            retentionBankGuarantee: quote.retentionBankGuarantee,
            version: quote.version,
          },
        });
      }
      toast({ title: 'Succès', description: 'Le devis a été mis à jour.' });
      onClose();
    } catch (error) {
      failed(error, UPDATE_ERROR);
    }
  };

  const title =
    quote === undefined
      ? 'Nouveau Devis'
      : editable
        ? `Modifier le devis ${quote.number}`
        : `Devis ${quote.number}`;
  const okText = quote === undefined ? (busy ? 'Création...' : 'Créer le devis') : 'Enregistrer';

  return (
    <ResponsiveModal
      open
      title={title}
      width={1040}
      okText={okText}
      cancelText={saveShown ? 'Annuler' : 'Fermer'}
      okButtonProps={{ size: 'large', htmlType: 'submit', form: 'quote-form', hidden: !saveShown }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={busy}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {statusEditable && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Ce devis a été envoyé au client : son contenu ne peut plus être modifié, seul son statut peut passer à « Rejeté » ou « Expiré ». Son acceptation s'enregistre avec « Bon pour accord »."
        />
      )}
      {final && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Ce devis est « ${quoteStatusLabels[status]} » : il ne peut plus être modifié.`}
        />
      )}
      <Form<FormValues>
        id="quote-form"
        form={form}
        layout="vertical"
        size="large"
        initialValues={initialValues(quote)}
        onFinish={(values) => {
          setLinesChecked(true);
          handleFinish((data) => void save(data))(values);
        }}
        onValuesChange={handleValuesChange}
        disabled={!editable}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="title" label="Titre" required>
              <Input />
            </Form.Item>
          </Col>
          <ClientField
            current={quote === undefined ? undefined : { id: quote.clientId, client: quote.client }}
          />
          <ProjectField />
          <Col xs={24} md={12}>
            <Form.Item name="validUntil" label="Valide jusqu'au">
              <DateField iso />
            </Form.Item>
          </Col>
          <DescriptionField />
          <PercentField name="overheadPercentage" label="Frais généraux (%)" />
          <PercentField name="marginPercentage" label="Marge (%)" />
          <Col xs={24} md={6}>
            <Form.Item name="status" label="Statut">
              <Select
                disabled={!statusEditable}
                options={statusChoices.map((value) => ({ value, label: quoteStatusLabels[value] }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="reverseCharge"
              label="Autoliquidation"
              valuePropName="checked"
              extra="Sous-traitance : TVA due par le client, lignes à 0 %"
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <RetentionFields
          defaultRate={defaultRetentionRate}
          bankGuarantee={bankGuarantee}
          disabled={!editable}
        />
      </Form>
      <QuoteLinesEditor
        lines={lines}
        onChange={setLines}
        messages={linesChecked ? lineValidation.messages : []}
        totals={totals}
        overheadPercentage={overheadPercentage}
        marginPercentage={marginPercentage}
        reverseCharge={reverseCharge}
        franchise={vat.franchise}
        defaultVatRate={vat.defaultVatRate}
        disabled={!editable}
        actions={
          quote !== undefined && editable ? (
            <Button size="large" icon={<SyncOutlined />} onClick={() => setRefreshing(true)}>
              Actualiser les prix
            </Button>
          ) : undefined
        }
      />
      {refreshing && quote !== undefined && (
        <RefreshPricesDialog
          quote={{ id: quote.id, number: quote.number, version: current?.version ?? quote.version }}
          unsaved={lines !== savedLines}
          onApplied={(refreshed) => {
            const next = linesFromItems(refreshed.items ?? [], vat.defaultVatRate, refreshed.sections);
            setCurrent(refreshed);
            setSavedLines(next);
            setLines(next);
          }}
          onClose={() => setRefreshing(false)}
        />
      )}
    </ResponsiveModal>
  );
}

/**
 * Retenue de garantie held on the quote's situations (loi 71-584, DOCUMENTS.md § 4): a rate from 0 to
 * 5 %, the company's default when left empty, none when a caution bancaire replaces it.
 */
function RetentionFields({
  defaultRate,
  bankGuarantee,
  disabled,
}: {
  defaultRate: string | undefined;
  bankGuarantee: boolean;
  /** A quote sent: its retention is part of the contract. */
  disabled: boolean;
}) {
  const shownDefault = defaultRate === undefined ? undefined : `${decimalForInput(defaultRate)} %`;
  return (
    <fieldset className={styles.retention}>
      <legend className={styles.retentionLegend}>Retenue de garantie</legend>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="retentionRate"
            label="Taux de retenue de garantie (%)"
            extra={
              bankGuarantee
                ? 'Aucune retenue : une caution bancaire la remplace.'
                : `De 0 à 5 %. Vide : le taux par défaut de l'entreprise${shownDefault === undefined ? '' : ` (${shownDefault})`}.`
            }
          >
            <DecimalInput
              min="0"
              step="0.01"
              disabled={disabled || bankGuarantee}
              placeholder={shownDefault === undefined ? undefined : `Par défaut : ${shownDefault}`}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="retentionBankGuarantee" valuePropName="checked" className={styles.guarantee}>
            <Checkbox>Caution bancaire (pas de retenue)</Checkbox>
          </Form.Item>
        </Col>
      </Row>
    </fieldset>
  );
}

/** A percentage of the quote (overhead, margin), 0 to 100 with two decimals, typed with a comma. */
function PercentField({ name, label }: { name: 'overheadPercentage' | 'marginPercentage'; label: string }) {
  return (
    <Col xs={12} md={6}>
      <Form.Item name={name} label={label}>
        <DecimalInput min="0" max="100" step="0.01" />
      </Form.Item>
    </Col>
  );
}
