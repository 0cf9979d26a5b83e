// antd's CSS for the screens past /login, extracted at build time (antd-static-css.ts).
import 'virtual:antd-css/app.css';
// A chantier's page (/projects/:id): Rentabilité and its timesheet; titles from ../screens.ts.
export { ProjectPage as Screen } from '../../features/profitability/components/project-page';
