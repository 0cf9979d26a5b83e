import { QuotesPage } from '../../features/quotes/components/quotes-page';
import { screenOf } from '../screens';

/** The screen at /quotes (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/quotes');
  return <QuotesPage title={title} subtitle={subtitle} />;
}
