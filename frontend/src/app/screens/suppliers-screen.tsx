// The feature's page is the screen; its title and subtitle come from its entry in ../screens.ts.
export { SuppliersPage as Screen } from '../../features/suppliers/components/suppliers-page';
