import { DocumentsPage } from '../../features/documents/components/documents-page';
import { screenOf } from '../screens';

/** The screen at /documents (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/documents');
  return <DocumentsPage title={title} subtitle={subtitle} />;
}
