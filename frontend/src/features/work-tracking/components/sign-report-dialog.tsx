import { progressReportSignInput } from '@btp/shared/entities/progress-report';
import { Form, Input, Typography } from 'antd';

import type { ProgressReportsListItem } from '../../../api/progress-reports/list-progress-reports';
import { useSignProgressReport } from '../../../api/progress-reports/sign-progress-report';
import { useProjectsList } from '../../../api/projects/list-projects';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { useZodForm, validateWith } from '../../../lib/zod-form';
import { signedText, signingNotice } from './progress-report-rules';

interface SignFormValues {
  signerName: string;
}

interface SignReportDialogProps {
  report: ProgressReportsListItem;
  onClose: () => void;
  onSigned: (report: ProgressReportsListItem) => void;
}

/**
 * Spec sections 2 and 5: signing asks for the signer's name; when it is blank nothing is sent.
 * Signing also sets the report's project to the signed percentage: the dialog says so beforehand
 * (with the project's current progress when the projects are loaded), the toast afterwards.
 */
export function SignReportDialog({ report, onClose, onSigned }: SignReportDialogProps) {
  const { toast } = useToast();
  const sign = useSignProgressReport();
  const projects = useProjectsList();
  const current = projects.data?.find((project) => project.id === report.projectId)?.progress;
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    SignFormValues,
    { signerName: string }
  >(['signerName'], (values) => validateWith(progressReportSignInput, values));

  const submit = async ({ signerName }: { signerName: string }) => {
    try {
      const signed = await sign.mutateAsync({ id: report.id, signerName });
      onSigned(signed);
      toast({ title: 'Succès', description: signedText(signed.project) });
      onClose();
    } catch (error) {
      showServerErrors(error);
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? 'Erreur lors de la signature',
        error,
      });
    }
  };

  return (
    <ResponsiveModal
      open
      title="Signer l'état d'avancement"
      okText="Signer"
      cancelText="Annuler"
      okButtonProps={{ size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={sign.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        <Typography.Text strong>{report.title}</Typography.Text>
        {report.project && (
          <>
            <br />
            <Typography.Text type="secondary">{report.project.name}</Typography.Text>
          </>
        )}
      </Typography.Paragraph>
      {report.project && (
        <Typography.Paragraph>
          {signingNotice(report.project.name, report.progressPercentage, current)}
        </Typography.Paragraph>
      )}
      <Form<SignFormValues>
        form={form}
        layout="vertical"
        size="large"
        initialValues={{ signerName: '' }}
        onFinish={handleFinish((data) => void submit(data))}
        onValuesChange={handleValuesChange}
      >
        <Form.Item name="signerName" label="Nom du signataire" required style={{ marginBottom: 0 }}>
          <Input autoComplete="name" maxLength={2_000} autoFocus />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
