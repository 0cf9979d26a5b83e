import { CalendarOutlined, EnvironmentOutlined, EuroOutlined, PlusOutlined } from '@ant-design/icons';
import { progressColour } from '@btp/shared/progress-tone';
import { Alert, App, Button, Card, Empty, Progress, Spin, Tag } from 'antd';
import { useState } from 'react';

import { useDeleteProject } from '../../../api/projects/delete-project';
import { useProjectsList, type ProjectsListItem } from '../../../api/projects/list-projects';
import { PageBody, PageHeader } from '../../../components/page-header';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { budgetText, projectDates, projectStatusBadge } from './project-display';
import { ProjectDialog } from './project-dialog';
import styles from './projects-page.module.css';

interface ProjectsPageProps {
  title: string;
  subtitle: string;
}

type DialogState = { project?: ProjectsListItem } | null;

/**
 * Spec section 2 "Projets": project cards in a grid and the 'Nouveau Projet' dialog; each card opens
 * its edit dialog or deletes the project after a confirmation.
 */
export function ProjectsPage({ title, subtitle }: ProjectsPageProps) {
  const projects = useProjectsList();
  const remove = useDeleteProject();
  const { toast } = useToast();
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<DialogState>(null);

  const confirmDelete = (project: ProjectsListItem) => {
    modal.confirm({
      title: 'Supprimer le projet',
      content: `Voulez-vous vraiment supprimer le projet « ${project.name} » ? Cette action est irréversible.`,
      okText: 'Supprimer',
      cancelText: 'Annuler',
      okButtonProps: { danger: true, size: 'large' },
      cancelButtonProps: { size: 'large' },
      onOk: async () => {
        try {
          await remove.mutateAsync(project.id);
          toast({ title: 'Succès', description: 'Projet supprimé avec succès' });
        } catch (error) {
          toast({
            variant: 'destructive',
            title: 'Erreur',
            description: serverMessage(error) ?? 'Erreur lors de la suppression du projet',
          });
        }
      },
    });
  };

  let content;
  if (projects.isPending) {
    content = (
      <div className={styles.centered}>
        <Spin />
        <div>Chargement...</div>
      </div>
    );
  } else if (projects.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title="Erreur lors du chargement des projets"
        description={serverMessage(projects.error)}
        action={
          <Button onClick={() => void projects.refetch()} loading={projects.isFetching}>
            Réessayer
          </Button>
        }
      />
    );
  } else if (projects.data.length === 0) {
    content = (
      <Card>
        <Empty description="Aucun projet">
          <Button
            type="primary"
            size="large"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setDialog({})}
          >
            Créer un projet
          </Button>
        </Empty>
      </Card>
    );
  } else {
    content = (
      <ul className={styles.grid} aria-label="Projets">
        {projects.data.map((project) => (
          <li key={project.id}>
            <ProjectCard
              project={project}
              onEdit={() => setDialog({ project })}
              onDelete={() => confirmDelete(project)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        action={
          <Button
            type="primary"
            size="large"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setDialog({})}
          >
            Nouveau Projet
          </Button>
        }
      />
      <PageBody>{content}</PageBody>
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
        <Button size="large" onClick={onEdit} aria-label={`Modifier ${project.name}`}>
          Modifier
        </Button>
        <Button size="large" danger onClick={onDelete} aria-label={`Supprimer ${project.name}`}>
          Supprimer
        </Button>
      </div>
    </Card>
  );
}
