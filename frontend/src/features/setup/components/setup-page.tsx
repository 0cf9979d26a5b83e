import { Card, Typography } from 'antd';

/** Spec section 2: "Placeholder text only"; the installation form comes with the setup issue. */
export function SetupPage() {
  return (
    <main
      style={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
      }}
    >
      <Card style={{ width: '100%', maxWidth: 520 }}>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          Installation de BTP Gestion
        </Typography.Title>
        <Typography.Paragraph>L&apos;application n&apos;est pas encore installée.</Typography.Paragraph>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          Le premier super administrateur sera créé avec le jeton d&apos;installation affiché au démarrage du
          serveur.
        </Typography.Paragraph>
      </Card>
    </main>
  );
}
