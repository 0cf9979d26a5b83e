import { ProjectsPage } from '../../features/projects/components/projects-page';
import { screenOf } from '../screens';

/** The screen at /projects (spec section 2). */
export function Screen() {
  const { title, subtitle } = screenOf('/projects');
  return <ProjectsPage title={title} subtitle={subtitle} />;
}
