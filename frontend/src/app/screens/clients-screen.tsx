import { ClientsPage } from '../../features/clients/components/clients-page';
import { screenOf } from '../screens';

/** The screen at /clients (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/clients');
  return <ClientsPage title={title} subtitle={subtitle} />;
}
