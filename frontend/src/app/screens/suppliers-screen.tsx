import { PendingScreen } from '../../components/pending-screen';
import { screenOf } from '../screens';

/** The screen at /suppliers (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/suppliers');
  return <PendingScreen title={title} subtitle={subtitle} />;
}
