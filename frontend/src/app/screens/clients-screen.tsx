import { PendingScreen } from '../../components/pending-screen';
import { screenOf } from '../screens';

/** The screen at /clients (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/clients');
  return <PendingScreen title={title} subtitle={subtitle} />;
}
