import { PurchasesPage } from '../../features/purchases/components/purchases-page';
import { screenOf } from '../screens';

/** The screen at /purchases (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/purchases');
  return <PurchasesPage title={title} subtitle={subtitle} />;
}
