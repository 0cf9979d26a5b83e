import { PendingScreen } from '../../components/pending-screen';
import { screenOf } from '../screens';

/** The screen at /invoicing (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/invoicing');
  return <PendingScreen title={title} subtitle={subtitle} />;
}
