import { SuppliersPage } from '../../features/suppliers/components/suppliers-page';
import { screenOf } from '../screens';

/** The screen at /suppliers (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/suppliers');
  return <SuppliersPage title={title} subtitle={subtitle} />;
}
