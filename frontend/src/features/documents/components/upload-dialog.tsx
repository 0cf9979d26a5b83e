import { InboxOutlined } from '@ant-design/icons';
import { documentUploadUrlInput } from '@btp/shared/entities/document';
import { documentTypeLabels, documentTypes, type DocumentType } from '@btp/shared/enums';
import { formatFileSize } from '@btp/shared/file-display';
import { Form, Input, Progress, Select, Typography, Upload } from 'antd';
import { useState } from 'react';

import { useUploadDocument } from '../../../api/documents/upload-document';
import { useProjectsList } from '../../../api/projects/list-projects';
import { useRecordOptions } from '../../../components/record-options';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { validateWith, useZodForm } from '../../../lib/zod-form';
import { ACCEPT_ATTRIBUTE, fileProblem, MAX_SIZE_TEXT } from './upload-checks';

interface UploadValues {
  type: DocumentType;
  projectId?: string | undefined;
  description?: string | undefined;
  tags?: string[] | undefined;
}

const fields = ['type', 'projectId', 'description', 'tags'] as const;

/** The form's own fields, with the rules of the shared upload schema. */
const uploadFieldsSchema = documentUploadUrlInput.pick({
  type: true,
  projectId: true,
  description: true,
  tags: true,
});

const typeOptions = documentTypes.map((type) => ({ value: type, label: documentTypeLabels[type] }));

const SUCCESS = 'Document uploadé avec succès';
const FAILURE = "Erreur lors de l'upload du document";

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Uploads one file (spec section 2, Documents): the file, its type (default 'Autre'), an optional
 * project, a description and tags; the 50 MB limit is checked before sending, and a bar shows the
 * bytes sent.
 */
export function UploadDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const upload = useUploadDocument();
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    UploadValues,
    ReturnType<typeof uploadFieldsSchema.parse>
  >(fields, (values) => validateWith(uploadFieldsSchema, values));
  // A project past the first 1,000 is found by the server's search as the person types.
  const projectSearch = useRecordOptions(
    useProjectsList,
    (project) => ({ value: project.id, label: project.name }),
    Form.useWatch('projectId', form) as string | undefined,
  );
  const [file, setFile] = useState<File>();
  const [fileMessage, setFileMessage] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const [transfer, setTransfer] = useState<AbortController | null>(null);
  const uploading = progress !== null;

  const choose = (chosen: File | undefined) => {
    setFile(chosen);
    setFileMessage(chosen === undefined ? undefined : fileProblem(chosen));
  };

  const send = async (data: ReturnType<typeof uploadFieldsSchema.parse>) => {
    const problem = fileProblem(file);
    setFileMessage(problem);
    if (problem !== undefined || file === undefined) return;
    const controller = new AbortController();
    setTransfer(controller);
    setProgress(0);
    try {
      await upload.mutateAsync({
        input: {
          file,
          type: data.type,
          description: data.description ?? '',
          tags: data.tags,
          projectId: data.projectId,
        },
        options: { onProgress: setProgress, signal: controller.signal },
      });
      toast({ title: 'Succès', description: SUCCESS });
      onClose();
    } catch (error) {
      setProgress(null);
      if (isAbort(error)) return;
      showServerErrors(error);
      toast({ variant: 'destructive', title: 'Erreur', description: serverMessage(error) ?? FAILURE, error });
    } finally {
      setTransfer(null);
    }
  };

  const cancel = () => {
    transfer?.abort();
    onClose();
  };

  const percent = Math.round((progress ?? 0) * 100);

  return (
    <ResponsiveModal
      open
      title="Uploader un document"
      okText="Uploader"
      cancelText="Annuler"
      okButtonProps={{ size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={uploading}
      onOk={() => form.submit()}
      onCancel={cancel}
      maskClosable={!uploading}
      destroyOnHidden
    >
      <Form<UploadValues>
        id="document-upload-form"
        form={form}
        layout="vertical"
        size="large"
        initialValues={{ type: 'other', tags: [] }}
        onFinish={handleFinish((data) => void send(data))}
        onValuesChange={handleValuesChange}
        disabled={uploading}
      >
        <Form.Item
          label="Fichier"
          required
          htmlFor="document-upload-file"
          validateStatus={fileMessage === undefined ? undefined : 'error'}
          help={fileMessage}
        >
          <Upload.Dragger
            id="document-upload-file"
            accept={ACCEPT_ATTRIBUTE}
            multiple={false}
            maxCount={1}
            beforeUpload={(chosen) => {
              choose(chosen);
              return false;
            }}
            onRemove={() => choose(undefined)}
            fileList={
              file === undefined
                ? []
                : [{ uid: 'chosen', name: `${file.name} (${formatFileSize(file.size)})`, status: 'done' }]
            }
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Cliquez ou déposez un fichier ici</p>
            <p className="ant-upload-hint">
              PDF, Word, Excel ou image (.pdf, .doc, .docx, .xls, .xlsx, .jpg, .jpeg, .png, .gif)
              <br />
              <strong>{MAX_SIZE_TEXT}</strong>
            </p>
          </Upload.Dragger>
        </Form.Item>
        <Form.Item name="type" label="Type de document" htmlFor="document-upload-type" required>
          <Select id="document-upload-type" options={typeOptions} />
        </Form.Item>
        <Form.Item name="projectId" label="Projet" htmlFor="document-upload-project">
          <Select
            id="document-upload-project"
            allowClear
            showSearch={projectSearch.searchProps}
            onOpenChange={projectSearch.onOpenChange}
            onSelect={projectSearch.onSelect}
            placeholder="Aucun projet"
            loading={projectSearch.loading}
            options={projectSearch.options}
          />
        </Form.Item>
        <Form.Item name="description" label="Description" htmlFor="document-upload-description">
          <Input.TextArea id="document-upload-description" autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item
          name="tags"
          label="Étiquettes"
          htmlFor="document-upload-tags"
          extra="Validez chaque étiquette avec Entrée ou une virgule."
        >
          <Select
            id="document-upload-tags"
            mode="tags"
            tokenSeparators={[',']}
            open={false}
            suffixIcon={null}
            placeholder="Ex. : plans, rdc"
          />
        </Form.Item>
      </Form>
      {uploading && (
        <div role="status" aria-label="Progression de l'envoi">
          <Typography.Text>Envoi en cours... {percent} %</Typography.Text>
          <Progress percent={percent} status="active" aria-label="Progression de l'envoi" />
        </div>
      )}
    </ResponsiveModal>
  );
}
