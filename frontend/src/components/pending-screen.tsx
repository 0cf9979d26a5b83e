import { Typography } from 'antd';

/**
 * Stands in for a screen of spec section 2 whose issue is not done yet; the route keeps its path,
 * its guard and its lazy loading, only the module it loads changes.
 */
export function PendingScreen({ title }: { title: string }) {
  return (
    <main style={{ padding: 16 }}>
      <Typography.Title level={1}>{title}</Typography.Title>
      <Typography.Paragraph>Cet écran arrive bientôt.</Typography.Paragraph>
    </main>
  );
}
