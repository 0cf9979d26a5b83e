import type { DashboardWidgets } from '@btp/shared/dashboard-widgets';

import { ButtonLink } from '../../../components/button-link';
import styles from './dashboard.module.css';
import { ProjectStatusTag } from './project-status-tag';
import { EmptyText, WidgetState } from './widget-state';
import { WidgetFrame } from './widget-frame';

/** 'Projets Récents': the 3 most recent projects, as the server lists them (spec section 9). */
export function RecentProjects({ projects }: { projects: DashboardWidgets['recentProjects'] | undefined }) {
  return (
    <WidgetFrame title="Projets Récents">
      <WidgetState data={projects}>
        {projects === undefined || projects.length === 0 ? (
          <EmptyText>Aucun projet récent</EmptyText>
        ) : (
          <ul className={styles.list}>
            {projects.map((project) => (
              <li key={project.id} className={styles.item}>
                <div className={styles.itemText}>
                  <span className={styles.itemTitle}>{project.name}</span>
                  <span className={styles.itemSecondary}>{project.clientName ?? 'Client inconnu'}</span>
                </div>
                <div className={styles.itemSide}>
                  <ProjectStatusTag status={project.status} />
                  <span className={styles.itemSecondary}>{project.progress}% terminé</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </WidgetState>
      <div className={styles.footer}>
        <ButtonLink to="/projects" size="large">
          Voir tous les projets
        </ButtonLink>
      </div>
    </WidgetFrame>
  );
}
