// The feature's page is the screen; its title and subtitle come from its entry in ../screens.ts.
export { InvoicingPage as Screen } from '../../features/invoicing/components/invoicing-page';
