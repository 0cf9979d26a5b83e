// The feature's page is the screen; its title and subtitle come from its entry in ../screens.ts.
export { PurchasesPage as Screen } from '../../features/purchases/components/purchases-page';
