import {
  articleCreateInput,
  type Article,
  type ArticleCreateData,
  type ArticleCreateInput,
} from '@btp/shared/entities/library';
import { Checkbox, Col, Form, Input, Row, Select } from 'antd';

import { useCreateArticle, useUpdateArticle } from '../../../api/library/article-writes';
import { useActionToasts } from '../../../components/action-toasts';
import { DecimalInput } from '../../../components/decimal-input';
import { useZodForm, validateWith } from '../../../lib/zod-form';
import { FamilyInput, resourceTypeOptions, SupplierSelect, vatRateOptions } from './library-fields';
import { RecordModal } from './record-modal';

const fields = [
  'designation',
  'reference',
  'resourceType',
  'unit',
  'unitCost',
  'supplierId',
  'family',
  'vatRate',
  'status',
] as const;

type FormValues = Omit<ArticleCreateInput, 'status'> & { retired?: boolean; status?: string };

function initialValues(article: Partial<Article> | undefined): FormValues {
  return {
    designation: article?.designation ?? '',
    reference: article?.reference ?? '',
    resourceType: article?.resourceType ?? 'materials',
    unit: article?.unit ?? '',
    unitCost: article?.unitCost ?? '',
    supplierId: article?.supplierId,
    family: article?.family ?? '',
    vatRate: article?.vatRate,
    retired: article?.status === 'retired',
  };
}

function validate(values: FormValues) {
  const { retired, ...rest } = values;
  return validateWith(articleCreateInput, { ...rest, status: retired === true ? 'retired' : 'active' });
}

interface ArticleDialogProps {
  /** The article edited; absent: a new one. */
  article?: Article | undefined;
  /** A new article starting from these values (« Dupliquer »). */
  copyOf?: Partial<Article> | undefined;
  onClose: () => void;
}

/** 'Nouvel article' / 'Modifier l'article': one thing bought, with its cost (LIBRARY.md "Words"). */
export function ArticleDialog({ article, copyOf, onClose }: ArticleDialogProps) {
  const create = useCreateArticle();
  const update = useUpdateArticle();
  const notify = useActionToasts();
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    FormValues,
    ArticleCreateData
  >(fields, validate);
  const busy = create.isPending || update.isPending;

  const save = async (data: ArticleCreateData) => {
    try {
      if (article) {
        await notify(
          () => update.mutateAsync({ id: article.id, data: { ...data, version: article.version } }),
          {
            success: 'Article mis à jour',
            failure: "Erreur lors de la mise à jour de l'article",
          },
        );
      } else {
        await notify(() => create.mutateAsync(data), {
          success: 'Article créé',
          failure: "Erreur lors de la création de l'article",
        });
      }
      onClose();
    } catch (error) {
      showServerErrors(error);
    }
  };

  return (
    <RecordModal
      title={article ? "Modifier l'article" : 'Nouvel article'}
      width={720}
      okText={article ? 'Enregistrer' : "Créer l'article"}
      form="article-form"
      busy={busy}
      onClose={onClose}
    >
      <Form<FormValues>
        id="article-form"
        form={form}
        layout="vertical"
        size="large"
        initialValues={initialValues(article ?? copyOf)}
        onFinish={handleFinish((data) => void save(data))}
        onValuesChange={handleValuesChange}
      >
        <Row gutter={16}>
          <Col xs={24}>
            <Form.Item name="designation" label="Désignation" required>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="resourceType" label="Type de ressource" required>
              <Select options={resourceTypeOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="reference" label="Référence">
              <Input />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="unit" label="Unité" required>
              <Input placeholder="m², h, u" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="unitCost" label="Coût unitaire HT (€)" required>
              <DecimalInput min="0" step="0.01" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="supplierId" label="Fournisseur">
              <SupplierSelect />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="family"
              label="Famille"
              extra="Les niveaux séparés par ›, par exemple « Gros œuvre › Béton »"
            >
              <FamilyInput />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="vatRate" label="TVA par défaut">
              <Select options={vatRateOptions} allowClear placeholder="Celle de l'entreprise" />
            </Form.Item>
          </Col>
          {article !== undefined && (
            <Col xs={24}>
              <Form.Item name="retired" valuePropName="checked">
                <Checkbox>Hors catalogue (le fournisseur ne le propose plus)</Checkbox>
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
    </RecordModal>
  );
}
