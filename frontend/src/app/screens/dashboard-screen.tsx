import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { NewProjectButton } from '../../features/projects/components/project-dialog';

/**
 * The screen at / (spec section 2). Features do not import each other: the dashboard's 'Nouveau
 * Projet' header action is the projects feature's button with its creation dialog.
 */
export function Screen() {
  return <DashboardPage newProjectAction={<NewProjectButton />} />;
}
