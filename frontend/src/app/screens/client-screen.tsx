// antd's CSS for the screens past /login, extracted at build time (antd-static-css.ts).
import 'virtual:antd-css/app.css';
// A client's page (/clients/:id); its default title and subtitle come from its entry in ../screens.ts.
export { ClientPage as Screen } from '../../features/clients/components/client-page';
