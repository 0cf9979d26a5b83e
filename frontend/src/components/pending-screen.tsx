import { Card, Typography } from 'antd';

import { PageBody, PageHeader } from './page-header';

interface PendingScreenProps {
  title: string;
  subtitle?: string;
}

/**
 * Stands in for a screen of spec section 2 whose issue is not done yet; the route keeps its path,
 * its guard, its layout and its lazy loading, only the module it loads changes.
 */
export function PendingScreen({ title, subtitle }: PendingScreenProps) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <PageBody>
        <Card>
          <Typography.Paragraph style={{ margin: 0 }}>Cet écran arrive bientôt.</Typography.Paragraph>
        </Card>
      </PageBody>
    </>
  );
}
