// antd's CSS for the screens past /login, extracted at build time (antd-static-css.ts).
import 'virtual:antd-css/app.css';
import { registerInput, type RegisterData, type RegisterInput } from '@btp/shared/entities/auth';
import { isBlank } from '@btp/shared/fields';
import { Form, Input, Result, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';

import { AccountForm, personAccountFieldNames } from '../../../components/account-form';
import { ButtonLink } from '../../../components/button-link';
import { CenteredCardPage } from '../../../components/centered-card-page';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { useZodForm, validateWith, type FieldMessages } from '../../../lib/zod-form';
import { useMe } from '../api/get-me';
import { useRegister } from '../api/register';
import styles from './mode-tabs.module.css';
import { touchLink } from './touch-link';

type Mode = 'new' | 'existing';

const fields = [...personAccountFieldNames, 'companyName', 'companyId'] as const;

/** The company field each mode keeps; the other one is dropped before sending (spec section 5). */
const companyField = { new: 'companyName', existing: 'companyId' } as const;
const companyRequired: Record<Mode, string> = {
  new: "Le nom de l'entreprise est requis",
  existing: "L'identifiant de l'entreprise est requis",
};

function validate(mode: Mode, values: RegisterInput) {
  const { companyName, companyId, ...person } = values;
  const payload: RegisterInput = mode === 'new' ? { ...person, companyName } : { ...person, companyId };
  const field = companyField[mode];
  const extra: FieldMessages = isBlank(payload[field]) ? { [field]: companyRequired[mode] } : {};
  return validateWith(registerInput, payload, extra);
}

/**
 * Spec section 2 "Register": a new company (its first user becomes its administrator and is signed
 * in) or an existing one (the account waits for an administrator's approval).
 */
export function RegisterPage() {
  const me = useMe();
  const { toast } = useToast();
  const registration = useRegister();
  const [mode, setMode] = useState<Mode>('new');
  const [pendingApproval, setPendingApproval] = useState(false);
  const { form, handleFinish, handleValuesChange, recheck, showServerErrors } = useZodForm<
    RegisterInput,
    RegisterData
  >(fields, (values) => validate(mode, values));

  if (me.data) return <Navigate to="/" replace />;

  if (pendingApproval) {
    return (
      <CenteredCardPage title="Inscription">
        <Result
          status="success"
          title="Compte créé avec succès"
          subTitle="Votre compte est en attente de validation par un administrateur. Vous pourrez vous connecter dès qu'il aura été activé."
          extra={
            <ButtonLink to="/login" type="primary" size="large">
              Retour à la connexion
            </ButtonLink>
          }
          style={{ padding: 0 }}
        />
      </CenteredCardPage>
    );
  }

  const submit = async (data: RegisterData) => {
    try {
      const result = await registration.mutateAsync(data);
      if (result.pendingApproval) {
        setPendingApproval(true);
        toast({
          title: 'Compte créé avec succès',
          description: 'Votre compte est en attente de validation par un administrateur.',
        });
      } else {
        toast({ title: 'Compte créé avec succès', description: `Bienvenue, ${result.user.firstName} !` });
      }
    } catch (error) {
      showServerErrors(error);
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? 'Erreur lors de la création du compte',
        error,
      });
    }
  };

  return (
    <CenteredCardPage title="Inscription" description="Créez votre compte BTP Gestion." width={560}>
      <Tabs
        activeKey={mode}
        onChange={(key) => {
          const next = key as Mode;
          setMode(next);
          recheck((values) => validate(next, values));
        }}
        items={[
          { key: 'new', label: 'Nouvelle entreprise' },
          { key: 'existing', label: 'Entreprise existante' },
        ]}
        className={styles.tabs}
        style={{ marginTop: -8 }}
      />
      <AccountForm<RegisterInput>
        form={form}
        onFinish={handleFinish((data) => void submit(data))}
        onValuesChange={handleValuesChange}
        busy={registration.isPending}
        submitLabel={registration.isPending ? 'Création...' : 'Créer le compte'}
      >
        {/* Both stay registered, so that switching modes can show the other one's message at once. */}
        <Form.Item name="companyName" label="Nom de l'entreprise" hidden={mode !== 'new'}>
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item
          name="companyId"
          label="Identifiant de l'entreprise"
          extra="Demandez-le à l'administrateur de votre entreprise."
          hidden={mode !== 'existing'}
        >
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
      </AccountForm>
      <Typography.Paragraph style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
        Déjà un compte ?{' '}
        <Link to="/login" style={touchLink}>
          Se connecter
        </Link>
      </Typography.Paragraph>
    </CenteredCardPage>
  );
}
