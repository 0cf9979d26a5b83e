import { Tabs } from 'antd';
import { useState } from 'react';

import { useWorkers } from '../../../api/job-costing/workers';
import { PageBody, PageHeader } from '../../../components/page-header';
import { LoadingState } from '../../../components/query-list';
import { useMe } from '../../auth/api/get-me';
import { DaySheet } from './day-sheet';
import { sheetWorkers, todayInFrance } from './pointage-rules';
import { TeamList } from './team-list';
import { WeekSheet } from './week-sheet';

interface PointagePageProps {
  title: string;
  subtitle: string;
}

/**
 * Pointage (docs/profitability.md): « Saisie » the day's hours of the team on a chantier, made for
 * a phone; « Semaine » the weekly timesheets and their validation; « Équipe » the workers, which
 * the administrator manages. The team lives here rather than in Paramètres: it is what the
 * pointage is about, and every user reads it.
 */
export function PointagePage({ title, subtitle }: PointagePageProps) {
  const me = useMe();
  const workers = useWorkers();
  const [tab, setTab] = useState('day');
  const user = me.data ?? undefined;
  const admin = user?.role === 'company_admin';
  const today = todayInFrance();
  const team = sheetWorkers(workers.data ?? [], user?.id, admin);

  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <PageBody>
        {workers.isPending ? (
          <LoadingState />
        ) : (
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'day',
                label: 'Saisie',
                children: <DaySheet workers={team} admin={admin} today={today} />,
              },
              {
                key: 'week',
                label: 'Semaine',
                children: <WeekSheet workers={workers.data ?? []} admin={admin} today={today} />,
              },
              {
                key: 'team',
                label: 'Équipe',
                children: <TeamList workers={workers.data ?? []} admin={admin} />,
              },
            ]}
          />
        )}
      </PageBody>
    </>
  );
}
