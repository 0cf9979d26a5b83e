// The feature's page is the screen; its title and subtitle come from its entry in ../screens.ts.
export { WorkTrackingPage as Screen } from '../../features/work-tracking/components/work-tracking-page';
