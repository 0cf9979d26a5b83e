import { PendingScreen } from '../../components/pending-screen';
import { screenOf } from '../screens';

/** The screen at /purchases (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/purchases');
  return <PendingScreen title={title} subtitle={subtitle} />;
}
