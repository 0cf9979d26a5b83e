// antd's CSS for the screens past /login, extracted at build time (antd-static-css.ts).
import 'virtual:antd-css/app.css';
import { CompanyProfileBanner } from '../../components/company-profile-banner';
import { InvoicingPage } from '../../features/invoicing/components/invoicing-page';
import type { ScreenTitles } from '../screens';

/** The feature's page, with the banner saying what the company's profile lacks before issuing. */
export function Screen(titles: ScreenTitles) {
  return <InvoicingPage {...titles} notice={<CompanyProfileBanner />} />;
}
