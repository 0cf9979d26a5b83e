import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Tabs } from 'antd';
import { useParams } from 'react-router';

import { useWorkers } from '../../../api/job-costing/workers';
import { useProjectsList } from '../../../api/projects/list-projects';
import { ButtonLink } from '../../../components/button-link';
import { PageBody, PageHeader, type PageTitles } from '../../../components/page-header';
import { LoadingState } from '../../../components/query-list';
import { useMe } from '../../auth/api/get-me';
import { todayInFrance } from '../../pointage/components/pointage-rules';
import { WeekSheet } from '../../pointage/components/week-sheet';
import { projectStatusBadge } from '../../projects/components/project-display';
import { ProfitabilityPanel } from './profitability-panel';

/**
 * A chantier's page (/projects/:id): its Rentabilité (the margin and the costs against the budget)
 * and its weekly timesheet. Reached from the project's card on Projets and from Finances.
 */
export function ProjectPage({ title, subtitle }: PageTitles) {
  const { id = '' } = useParams();
  const projects = useProjectsList();
  const workers = useWorkers();
  const me = useMe();
  const project = projects.data?.find((candidate) => candidate.id === id);
  const admin = me.data?.role === 'company_admin';
  let body;
  if (projects.isError) body = <Alert type="error" showIcon title="Erreur lors du chargement du chantier" />;
  else if (projects.data === undefined) body = <LoadingState />;
  else if (!project) body = <Alert type="warning" showIcon title="Chantier introuvable." />;
  else
    body = (
      <Tabs
        items={[
          {
            key: 'profitability',
            label: 'Rentabilité',
            children: <ProfitabilityPanel projectId={project.id} />,
          },
          {
            key: 'hours',
            label: 'Heures',
            children: (
              <WeekSheet
                workers={workers.data ?? []}
                admin={admin}
                today={todayInFrance()}
                projectId={project.id}
              />
            ),
          },
        ]}
      />
    );
  return (
    <>
      <PageHeader
        title={project?.name ?? title}
        subtitle={
          project
            ? `${project.client?.name ?? 'Client supprimé'} · ${projectStatusBadge(project.status).label}`
            : subtitle
        }
        action={
          <ButtonLink to="/projects" size="large" icon={<ArrowLeftOutlined aria-hidden />}>
            Projets
          </ButtonLink>
        }
      />
      <PageBody>{body}</PageBody>
    </>
  );
}
