import { InvoicingPage } from '../../features/invoicing/components/invoicing-page';
import { screenOf } from '../screens';

/** The screen at /invoicing (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/invoicing');
  return <InvoicingPage title={title} subtitle={subtitle} />;
}
