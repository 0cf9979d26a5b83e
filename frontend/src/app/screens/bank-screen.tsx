// antd's CSS for the screens past /login, extracted at build time (antd-static-css.ts).
import 'virtual:antd-css/app.css';
// The feature's page is the screen; its title and subtitle come from its entry in ../screens.ts.
export { BankPage as Screen } from '../../features/bank/components/bank-page';
