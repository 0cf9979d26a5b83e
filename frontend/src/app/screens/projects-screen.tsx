import { PendingScreen } from '../../components/pending-screen';
import { screenOf } from '../screens';

/** The screen at /projects (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/projects');
  return <PendingScreen title={title} subtitle={subtitle} />;
}
