import { setupInput, type SetupData, type SetupInput } from '@btp/shared/entities/auth';
import { Form, Input, Typography } from 'antd';

import { AccountForm, personAccountFieldNames } from '../../../components/account-form';
import { CenteredCardPage } from '../../../components/centered-card-page';
import { useToast } from '../../../components/toast';
import { ApiError, serverMessage } from '../../../lib/api';
import type { SessionUser } from '../../../lib/session-user';
import { useZodForm, validateWith, type FieldMessages } from '../../../lib/zod-form';
import { useRunSetup } from '../api/run-setup';

type SetupFormValues = SetupInput & { confirmPassword?: string };

const fields = ['setupToken', ...personAccountFieldNames] as const;

function validate(values: SetupFormValues) {
  const extra: FieldMessages =
    (values.confirmPassword ?? '') === (values.password ?? '')
      ? {}
      : { confirmPassword: 'Les mots de passe ne correspondent pas' };
  return validateWith(setupInput, values, extra);
}

interface SetupPageProps {
  /** The first super administrator exists and is signed in: record them as the current user. */
  onInstalled: (user: SessionUser) => void;
}

/**
 * First run (DESIGN.md section 3): creates the first super administrator with the setup token that
 * the server prints at start.
 */
export function SetupPage({ onInstalled }: SetupPageProps) {
  const { toast } = useToast();
  const setup = useRunSetup(onInstalled);
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<SetupFormValues, SetupData>(
    fields,
    validate,
  );

  const install = async (data: SetupData) => {
    try {
      const user = await setup.mutateAsync(data);
      toast({ title: 'Installation terminée', description: `Bienvenue, ${user.firstName} !` });
    } catch (error) {
      if (!showServerErrors(error) && error instanceof ApiError && error.code === 'setup_token') {
        form.setFields([
          { name: 'setupToken', errors: [error.serverMessage ?? "Jeton d'installation invalide"] },
        ]);
      }
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? "Erreur lors de l'installation",
        error,
      });
    }
  };

  return (
    <CenteredCardPage
      title="Installation de BTP Gestion"
      description="L'application n'est pas encore installée."
      width={560}
    >
      <Typography.Paragraph>
        Créez le premier super administrateur avec le jeton d&apos;installation affiché au démarrage du
        serveur.
      </Typography.Paragraph>
      <AccountForm<SetupFormValues>
        form={form}
        onFinish={handleFinish((data) => void install(data))}
        onValuesChange={handleValuesChange}
        busy={setup.isPending}
        submitLabel={setup.isPending ? 'Installation...' : 'Installer BTP Gestion'}
      >
        <Form.Item name="setupToken" label="Jeton d'installation">
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
      </AccountForm>
    </CenteredCardPage>
  );
}
