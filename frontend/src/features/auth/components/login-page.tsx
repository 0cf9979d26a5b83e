import { loginInput, type LoginData, type LoginInput } from '@btp/shared/entities/auth';
import { Button, Form, Input, Typography } from 'antd';
import { Link, Navigate, useLocation } from 'react-router';

import { CenteredCardPage } from '../../../components/centered-card-page';
import { PasswordInput } from '../../../components/password-input';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { useZodForm, validateWith } from '../../../lib/zod-form';
import { useMe } from '../api/get-me';
import { useLogin } from '../api/login';
import { returnPath } from './return-path';
import { touchLink } from './touch-link';

const fields = ['identifier', 'password'] as const;

/** Spec section 2 "Login": identifier and password, a link to registration. */
export function LoginPage() {
  const me = useMe();
  const location = useLocation();
  const { toast } = useToast();
  const login = useLogin();
  const { form, handleFinish, handleValuesChange } = useZodForm<LoginInput, LoginData>(fields, (values) =>
    validateWith(loginInput, values),
  );

  // Signed in (now, or already): on to the page the person asked for.
  if (me.data) return <Navigate to={returnPath(location.state)} replace />;

  const signIn = async (data: LoginData) => {
    try {
      const user = await login.mutateAsync(data);
      toast({ title: 'Connexion réussie', description: `Bienvenue, ${user.firstName} !` });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur de connexion',
        description: serverMessage(error) ?? "Une erreur s'est produite lors de la connexion",
      });
    }
  };

  return (
    <CenteredCardPage title="Connexion" description="Connectez-vous pour accéder à votre espace.">
      <Form<LoginInput>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={handleFinish((data) => void signIn(data))}
        onValuesChange={handleValuesChange}
      >
        <Form.Item name="identifier" label="Identifiant">
          <Input autoComplete="username" placeholder="Nom d'utilisateur ou e-mail" />
        </Form.Item>
        <Form.Item name="password" label="Mot de passe">
          <PasswordInput autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {login.isPending ? 'Connexion...' : 'Se connecter'}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
        Pas encore de compte ?{' '}
        <Link to="/register" style={touchLink}>
          Créer un compte
        </Link>
      </Typography.Paragraph>
    </CenteredCardPage>
  );
}
