import type { LoginData, LoginInput } from '@btp/shared/entities/auth';
import { Button, Input } from 'antd';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';

import { CenteredCardPage } from '../../../components/centered-card-page';
import { PasswordInput } from '../../../components/password-input';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { revealSignedOutContent } from '../../../lib/session-pending';
import { endPrehydration, replayTypedValues } from '../../../lib/typed-before-hydration';
import { useMe } from '../api/get-me';
import { useLogin } from '../api/login';
import { validateLogin } from './login-rules';
import { messageId, PlainFormItem } from './plain-form-item';
import { returnPath } from './return-path';
import { touchLink } from './touch-link';

const identifierId = 'login-identifier';
const passwordId = 'login-password';

/**
 * Spec section 2 "Login": identifier and password, a link to registration. The first screen most
 * people load, so it is kept light: a plain form validated by the shared schema's rules without zod
 * (login-rules.ts), antd's inputs and button without antd's Form (see `npm run bench:web`).
 */
export function LoginPage() {
  const me = useMe();
  const location = useLocation();
  const { toast } = useToast();
  const login = useLogin();
  const [values, setValues] = useState<LoginInput>({ identifier: '', password: '' });
  // Messages appear on the first submit, then follow what the person types.
  const [submitted, setSubmitted] = useState(false);
  const messages = submitted ? validateLogin(values).messages : {};
  const signedOut = !me.isPending && !me.data;
  const form = useRef<HTMLFormElement>(null);
  // Typed into (or submitted from) the pre-rendered form before the page was hydrated: back into the
  // form's state, and submitted again.
  useEffect(() => {
    replayTypedValues();
    endPrehydration(form.current);
  }, []);
  // A pre-rendered sign-in card waits hidden until the session check finds nobody signed in.
  useEffect(() => {
    if (signedOut) revealSignedOutContent();
  }, [signedOut]);

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
        error,
      });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const validation = validateLogin(values);
    if (validation.data !== undefined) void signIn(validation.data);
  };

  const fieldProps = (name: keyof LoginInput, id: string) => {
    const message = messages[name];
    return {
      id,
      name,
      size: 'large' as const,
      value: values[name] ?? '',
      onChange: (event: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [name]: event.target.value })),
      status: message === undefined ? undefined : ('error' as const),
      'aria-invalid': message !== undefined,
      'aria-describedby': message === undefined ? undefined : messageId(id),
    };
  };

  return (
    <CenteredCardPage
      title="Connexion"
      description="Connectez-vous pour accéder à votre espace."
      signedOutOnly
    >
      {/* `post`: submitted before the page is hydrated, the password is never put in the address. */}
      <form ref={form} noValidate method="post" onSubmit={submit}>
        <PlainFormItem htmlFor={identifierId} label="Identifiant" message={messages.identifier}>
          <Input
            {...fieldProps('identifier', identifierId)}
            autoComplete="username"
            placeholder="Nom d'utilisateur ou e-mail"
          />
        </PlainFormItem>
        <PlainFormItem htmlFor={passwordId} label="Mot de passe" message={messages.password}>
          <PasswordInput {...fieldProps('password', passwordId)} autoComplete="current-password" />
        </PlainFormItem>
        <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
          {login.isPending ? 'Connexion...' : 'Se connecter'}
        </Button>
      </form>
      <p style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
        Pas encore de compte ?{' '}
        <Link to="/register" style={touchLink}>
          Créer un compte
        </Link>
      </p>
    </CenteredCardPage>
  );
}
