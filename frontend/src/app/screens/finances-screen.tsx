import { PendingScreen } from '../../components/pending-screen';
import { screenOf } from '../screens';

/** The screen at /finances (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/finances');
  return <PendingScreen title={title} subtitle={subtitle} />;
}
