// The feature's page is the screen; its title and subtitle come from its entry in ../screens.ts.
export { QuotesPage as Screen } from '../../features/quotes/components/quotes-page';
