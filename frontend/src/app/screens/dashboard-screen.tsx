import { PendingScreen } from '../../components/pending-screen';
import { screenOf } from '../screens';

/** The screen at / (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/');
  return <PendingScreen title={title} subtitle={subtitle} />;
}
