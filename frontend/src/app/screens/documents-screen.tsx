import { PendingScreen } from '../../components/pending-screen';
import { screenOf } from '../screens';

/** The screen at /documents (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/documents');
  return <PendingScreen title={title} subtitle={subtitle} />;
}
