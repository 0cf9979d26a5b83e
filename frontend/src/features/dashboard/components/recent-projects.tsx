import { Card } from 'antd';

import { useProjectsList } from '../../../api/projects/list-projects';
import { ButtonLink } from '../../../components/button-link';
import styles from './dashboard.module.css';
import { ProjectStatusTag } from './project-status-tag';
import { EmptyText, WidgetState } from './widget-state';

/** Spec section 9: the dashboard lists 3 projects. */
export const RECENT_PROJECTS = 3;

/** 'Projets Récents': the first 3 projects of the list (most recent first). */
export function RecentProjects() {
  const projects = useProjectsList();
  const shown = (projects.data ?? []).slice(0, RECENT_PROJECTS);

  return (
    <Card title="Projets Récents" className={styles.widget} role="region" aria-label="Projets Récents">
      <WidgetState query={projects} errorText="Erreur lors du chargement des projets">
        {shown.length === 0 ? (
          <EmptyText>Aucun projet récent</EmptyText>
        ) : (
          <ul className={styles.list}>
            {shown.map((project) => (
              <li key={project.id} className={styles.item}>
                <div className={styles.itemText}>
                  <span className={styles.itemTitle}>{project.name}</span>
                  <span className={styles.itemSecondary}>{project.client?.name ?? 'Client inconnu'}</span>
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
    </Card>
  );
}
