// The feature's page is the screen; its title and subtitle come from its entry in ../screens.ts.
export { DocumentsPage as Screen } from '../../features/documents/components/documents-page';
