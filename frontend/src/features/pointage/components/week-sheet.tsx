import { LeftOutlined, LockOutlined, RightOutlined, UnlockOutlined } from '@ant-design/icons';
import type { Worker } from '@btp/shared/entities/worker';
import { addDays, weekDays, weeklyTimesheet, weekStartOf } from '@btp/shared/timesheet';
import { Button, Segmented, Select, Tag } from 'antd';
import { useState } from 'react';

import { useLockWeek, useTimeEntries, useWeekLocks } from '../../../api/job-costing/time-entries';
import { useProjectsList } from '../../../api/projects/list-projects';
import { useToastedAction } from '../../../components/action-toasts';
import { LoadingState } from '../../../components/query-list';
import { useIsDesktop } from '../../../lib/use-media-query';
import { hoursText, longDay, shortDay } from './pointage-rules';
import styles from './pointage.module.css';

interface WeekSheetProps {
  workers: Worker[];
  admin: boolean;
  today: string;
  /** The chantier the sheet opens on (its own tab on the chantier's page). */
  projectId?: string;
}

/**
 * « Semaine »: the weekly timesheet of a chantier (a row per worker) or of a worker (a row per
 * chantier), seven days and the totals; an administrator validates the week (or reopens it).
 */
export function WeekSheet({ workers, admin, today, projectId: fixedProject }: WeekSheetProps) {
  const projects = useProjectsList();
  const desktop = useIsDesktop();
  const [weekStart, setWeekStart] = useState(weekStartOf(today));
  const [view, setView] = useState<'project' | 'worker'>('project');
  const [projectId, setProjectId] = useState<string | undefined>(fixedProject);
  const [workerId, setWorkerId] = useState<string | undefined>(workers[0]?.id);
  const byProject = view === 'project';
  const filter = byProject
    ? projectId
      ? { projectId, from: weekStart, to: addDays(weekStart, 6) }
      : undefined
    : workerId
      ? { workerId, from: weekStart, to: addDays(weekStart, 6) }
      : undefined;
  const entries = useTimeEntries(filter);
  const locks = useWeekLocks(weekStart, weekStart);
  const locked = (locks.data ?? []).some((lock) => lock.weekStart === weekStart);
  const lock = useLockWeek();
  const toggleLock = useToastedAction(() => lock.mutateAsync({ weekStart, locked: !locked }), {
    success: locked ? 'Semaine rouverte' : 'Semaine validée',
    failure: 'Erreur lors de la validation de la semaine',
  });

  const sheet = weeklyTimesheet(entries.data ?? [], weekStart, (entry) =>
    byProject ? entry.workerId : entry.projectId,
  );
  const nameOf = (key: string) =>
    byProject
      ? (workers.find((worker) => worker.id === key)?.name ??
        entries.data?.find((entry) => entry.workerId === key)?.worker?.name ??
        'Salarié supprimé')
      : (projects.data?.find((project) => project.id === key)?.name ??
        entries.data?.find((entry) => entry.projectId === key)?.project?.name ??
        'Chantier supprimé');
  const days = weekDays(weekStart);
  const caption = `Semaine du ${longDay(weekStart)}`;

  return (
    <div className={styles.sheet}>
      <div className={styles.toolbar}>
        {fixedProject === undefined && (
          <Segmented
            size="large"
            value={view}
            onChange={(value) => setView(value as 'project' | 'worker')}
            options={[
              { value: 'project', label: 'Par chantier' },
              { value: 'worker', label: 'Par salarié' },
            ]}
          />
        )}
        {fixedProject === undefined && byProject && (
          <Select
            size="large"
            showSearch
            optionFilterProp="label"
            placeholder="Choisissez le chantier"
            aria-label="Chantier"
            className={styles.picker}
            value={projectId}
            onChange={setProjectId}
            options={(projects.data ?? []).map((project) => ({ value: project.id, label: project.name }))}
          />
        )}
        {!byProject && (
          <Select
            size="large"
            showSearch
            optionFilterProp="label"
            placeholder="Choisissez le salarié"
            aria-label="Salarié"
            className={styles.picker}
            value={workerId}
            onChange={setWorkerId}
            options={workers.map((worker) => ({ value: worker.id, label: worker.name }))}
          />
        )}
      </div>
      <nav className={styles.weekNav} aria-label="Semaine">
        <Button
          size="large"
          icon={<LeftOutlined aria-hidden />}
          aria-label="Semaine précédente"
          onClick={() => setWeekStart(addDays(weekStart, -7))}
        />
        <h2 className={styles.dayTitle}>
          {caption} {locked && <Tag icon={<LockOutlined aria-hidden />}>Validée</Tag>}
        </h2>
        <Button
          size="large"
          icon={<RightOutlined aria-hidden />}
          aria-label="Semaine suivante"
          onClick={() => setWeekStart(addDays(weekStart, 7))}
        />
      </nav>
      {admin && (
        <Button
          size="large"
          icon={locked ? <UnlockOutlined aria-hidden /> : <LockOutlined aria-hidden />}
          loading={lock.isPending}
          onClick={() => void toggleLock()}
        >
          {locked ? 'Rouvrir la semaine' : 'Valider la semaine'}
        </Button>
      )}
      {filter === undefined ? (
        <p className={styles.hint}>{byProject ? 'Choisissez un chantier.' : 'Choisissez un salarié.'}</p>
      ) : entries.isPending ? (
        <LoadingState />
      ) : sheet.rows.length === 0 ? (
        <p className={styles.hint}>Aucune heure pointée cette semaine.</p>
      ) : desktop ? (
        <table className={styles.timesheet}>
          <caption className={styles.visuallyHidden}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{byProject ? 'Salarié' : 'Chantier'}</th>
              {days.map((day, index) => (
                <th scope="col" key={day}>
                  {shortDay(day, index)}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {sheet.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{nameOf(row.key)}</th>
                {row.days.map((value, index) => (
                  <td key={days[index]}>{value ? hoursText(value) : '–'}</td>
                ))}
                <td>
                  <strong>{hoursText(row.total)}</strong>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {sheet.dayTotals.map((value, index) => (
                <td key={days[index]}>{value ? hoursText(value) : '–'}</td>
              ))}
              <td>
                <strong>{hoursText(sheet.total)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      ) : (
        <ul className={styles.weekCards} aria-label={caption}>
          {sheet.rows.map((row) => (
            <li key={row.key} className={styles.weekCard}>
              <div className={styles.weekCardHead}>
                <strong>{nameOf(row.key)}</strong>
                <span>{hoursText(row.total)}</span>
              </div>
              <dl className={styles.weekCardDays}>
                {row.days.map((value, index) => (
                  <div key={days[index]}>
                    <dt>{shortDay(days[index] ?? '', index)}</dt>
                    <dd>{value ? hoursText(value) : '–'}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
          <li className={styles.weekTotal}>
            Total de la semaine : <strong>{hoursText(sheet.total)}</strong>
          </li>
        </ul>
      )}
    </div>
  );
}
