import { WorkTrackingPage } from '../../features/work-tracking/components/work-tracking-page';
import { screenOf } from '../screens';

/** The screen at /work-tracking (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/work-tracking');
  return <WorkTrackingPage title={title} subtitle={subtitle} />;
}
