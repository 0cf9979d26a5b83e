import { FinancesPage } from '../../features/finances/components/finances-page';
import { screenOf } from '../screens';

/** The screen at /finances (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/finances');
  return <FinancesPage title={title} subtitle={subtitle} />;
}
