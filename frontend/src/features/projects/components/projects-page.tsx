import { CalendarOutlined, EnvironmentOutlined, EuroOutlined } from '@ant-design/icons';
import { progressColour } from '@btp/shared/progress-tone';
import { Card, Progress, Tag } from 'antd';
import { useState } from 'react';

import { useDeleteProject } from '../../../api/projects/delete-project';
import { useProjectsPages, type ProjectsListItem } from '../../../api/projects/list-projects';
import { useConfirmDelete } from '../../../components/action-toasts';
import { PageBody, PageHeader, type PageTitles } from '../../../components/page-header';
import { ListToolbar, NoSearchResult, useListParams } from '../../../components/list-toolbar';
import { EmptyCard, QueryList } from '../../../components/query-list';
import { ButtonLink } from '../../../components/button-link';
import { CreateButton, EditDeleteButtons } from '../../../components/record-buttons';
import { budgetText, projectDates, projectStatusBadge } from './project-display';
import { ProjectDialog } from './project-dialog';
import styles from './projects-page.module.css';

type DialogState = { project?: ProjectsListItem } | null;

/**
 * Spec section 2 "Projets": project cards in a grid and the 'Nouveau Projet' dialog; each card opens
 * its edit dialog or deletes the project after a confirmation.
 */
export function ProjectsPage(titles: PageTitles) {
  const listParams = useListParams('projects');
  const projects = useProjectsPages(listParams);
  const [dialog, setDialog] = useState<DialogState>(null);

  const confirmDelete = useConfirmDelete<ProjectsListItem>(useDeleteProject(), {
    title: 'Supprimer le projet',
    content: (project) =>
      `Voulez-vous vraiment supprimer le projet « ${project.name} » ? Cette action est irréversible.`,
    success: 'Projet supprimé avec succès',
    failure: 'Erreur lors de la suppression du projet',
  });

  return (
    <>
      <PageHeader
        {...titles}
        action={<CreateButton onClick={() => setDialog({})}>Nouveau Projet</CreateButton>}
      />
      <PageBody>
        <ListToolbar entity="projects" label="les projets" />
        <QueryList
          query={projects}
          errorTitle="Erreur lors du chargement des projets"
          empty={
            listParams.q !== undefined ? (
              <NoSearchResult query={listParams.q} />
            ) : (
              <EmptyCard description="Aucun projet">
                <CreateButton onClick={() => setDialog({})}>Créer un projet</CreateButton>
              </EmptyCard>
            )
          }
          label="Projets"
          className={styles.grid}
        >
          {(project) => (
            <ProjectCard
              project={project}
              onEdit={() => setDialog({ project })}
              onDelete={() => confirmDelete(project)}
            />
          )}
        </QueryList>
      </PageBody>
      {dialog !== null && (
        <ProjectDialog
          key={dialog.project?.id ?? 'new'}
          project={dialog.project}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

interface ProjectCardProps {
  project: ProjectsListItem;
  onEdit: () => void;
  onDelete: () => void;
}

function ProjectCard({ project, onEdit, onDelete }: ProjectCardProps) {
  const badge = projectStatusBadge(project.status);
  const dates = projectDates(project.startDate, project.endDate);
  return (
    <Card className={styles.card} styles={{ body: { padding: 16 } }}>
      <div className={styles.cardHead}>
        <div className={styles.titles}>
          <h2 className={styles.name}>{project.name}</h2>
          <p className={styles.client}>{project.client?.name ?? 'Client supprimé'}</p>
        </div>
        <Tag color={badge.colour} style={{ marginInlineEnd: 0 }}>
          {badge.label}
        </Tag>
      </div>
      <div className={styles.progressLabel}>
        <span>Avancement</span>
        <span>{project.progress} %</span>
      </div>
      <Progress
        percent={project.progress}
        showInfo={false}
        strokeColor={progressColour(project.progress)}
        aria-label={`Avancement ${project.progress} %`}
      />
      <ul className={styles.facts}>
        {project.estimatedBudget !== undefined && (
          <li>
            <EuroOutlined aria-hidden />
            <span>Budget estimé : {budgetText(project.estimatedBudget)}</span>
          </li>
        )}
        {project.actualBudget !== undefined && (
          <li>
            <EuroOutlined aria-hidden />
            <span>Budget réel : {budgetText(project.actualBudget)}</span>
          </li>
        )}
        {dates !== undefined && (
          <li>
            <CalendarOutlined aria-hidden />
            <span>{dates}</span>
          </li>
        )}
        {project.location !== undefined && (
          <li>
            <EnvironmentOutlined aria-hidden />
            <span>{project.location}</span>
          </li>
        )}
      </ul>
      <div className={styles.actions}>
        <ButtonLink to={`/projects/${project.id}`} size="large" aria-label={`Rentabilité de ${project.name}`}>
          Rentabilité
        </ButtonLink>
        <EditDeleteButtons name={project.name} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </Card>
  );
}
