// A client's page (/clients/:id); its default title and subtitle come from its entry in ../screens.ts.
export { ClientPage as Screen } from '../../features/clients/components/client-page';
