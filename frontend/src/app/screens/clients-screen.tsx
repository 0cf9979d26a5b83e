// The feature's page is the screen; its title and subtitle come from its entry in ../screens.ts.
export { ClientsPage as Screen } from '../../features/clients/components/clients-page';
