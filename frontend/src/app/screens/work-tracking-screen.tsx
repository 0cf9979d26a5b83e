import { PendingScreen } from '../../components/pending-screen';
import { screenOf } from '../screens';

/** The screen at /work-tracking (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/work-tracking');
  return <PendingScreen title={title} subtitle={subtitle} />;
}
