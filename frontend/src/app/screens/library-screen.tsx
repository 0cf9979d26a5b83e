// antd's CSS for the screens past /login, extracted at build time (antd-static-css.ts).
import 'virtual:antd-css/app.css';
// The feature's page is the screen; its title and subtitle come from its entry in ../screens.ts.
export { LibraryPage as Screen } from '../../features/library/components/library-page';
