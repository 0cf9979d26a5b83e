import {
  CopyOutlined,
  LeftOutlined,
  LockOutlined,
  MinusOutlined,
  PlusOutlined,
  RightOutlined,
} from '@ant-design/icons';
import type { Worker } from '@btp/shared/entities/worker';
import { addDays, weekDays, weekStartOf } from '@btp/shared/timesheet';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Select } from 'antd';
import { useMemo, useState } from 'react';

import {
  invalidateHours,
  sendHoursChange,
  useTimeEntries,
  useWeekLocks,
} from '../../../api/job-costing/time-entries';
import { useProjectsList } from '../../../api/projects/list-projects';
import { LoadingState } from '../../../components/query-list';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import {
  clampHours,
  dayTotals,
  hoursText,
  longDay,
  previousDay,
  QUARTER,
  sheetChanges,
  sheetEntries,
  sheetHours,
  shortDay,
} from './pointage-rules';
import styles from './pointage.module.css';

/** The chantier chosen last on this device (« le chantier du jour est retenu »). */
export const PROJECT_STORAGE_KEY = 'btp.pointage.projectId';

function storedProject(): string | undefined {
  try {
    return window.localStorage.getItem(PROJECT_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function rememberProject(projectId: string): void {
  try {
    window.localStorage.setItem(PROJECT_STORAGE_KEY, projectId);
  } catch {
    // Private browsing: the choice lasts the visit.
  }
}

interface HoursStepperProps {
  worker: Worker;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
}

const quickHours = [0, 400, 700, 800];

/** One worker's hours of the day: − and + by the quarter hour, and the usual days in one tap. */
function HoursStepper({ worker, value, disabled, onChange }: HoursStepperProps) {
  const label = worker.name;
  return (
    <li className={styles.workerRow}>
      <div className={styles.workerName}>
        <strong>{worker.name}</strong>
        {worker.trade && <span className={styles.secondary}>{worker.trade}</span>}
      </div>
      <div className={styles.stepper} role="group" aria-label={`Heures de ${label}`}>
        <Button
          size="large"
          icon={<MinusOutlined aria-hidden />}
          aria-label={`Retirer un quart d'heure à ${label}`}
          disabled={disabled || value === 0}
          onClick={() => onChange(clampHours(value - QUARTER))}
        />
        <output className={styles.hours} aria-live="polite" aria-label={`Heures de ${label}`}>
          {hoursText(value)}
        </output>
        <Button
          size="large"
          icon={<PlusOutlined aria-hidden />}
          aria-label={`Ajouter un quart d'heure à ${label}`}
          disabled={disabled || value >= 2_400}
          onClick={() => onChange(clampHours(value + QUARTER))}
        />
      </div>
      <div className={styles.quick}>
        {quickHours.map((quick) => (
          <Button
            key={quick}
            size="large"
            type={quick === value ? 'primary' : 'default'}
            disabled={disabled}
            aria-label={`${hoursText(quick)} pour ${label}`}
            onClick={() => onChange(quick)}
          >
            {hoursText(quick)}
          </Button>
        ))}
      </div>
    </li>
  );
}

interface DaySheetProps {
  /** The workers this user enters hours for (`sheetWorkers`). */
  workers: Worker[];
  admin: boolean;
  today: string;
}

/**
 * « Saisie »: a chantier (remembered on the device), a day of the week strip, one row per worker
 * with the hours of the day; « Copier la veille » fills the rows from the last day entered;
 * « Enregistrer » sends what changed. A validated week is read-only except for an administrator.
 */
export function DaySheet({ workers, admin, today }: DaySheetProps) {
  const projects = useProjectsList();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [projectId, setProjectId] = useState<string | undefined>(storedProject);
  const [date, setDate] = useState(today);
  const [edited, setEdited] = useState<Map<string, number> | null>(null);
  const [saving, setSaving] = useState(false);
  const weekStart = weekStartOf(date);
  const chosen = projects.data?.find((project) => project.id === projectId);
  const entries = useTimeEntries(
    chosen ? { projectId: chosen.id, from: addDays(weekStart, -7), to: addDays(weekStart, 6) } : undefined,
  );
  const locks = useWeekLocks(weekStart, weekStart);
  const locked = (locks.data ?? []).some((lock) => lock.weekStart === weekStart);
  const readOnly = locked && !admin;

  const sheet = useMemo(
    () => (chosen ? sheetEntries(entries.data ?? [], chosen.id, date) : new Map()),
    [entries.data, chosen, date],
  );
  const stored = useMemo(() => sheetHours(sheet), [sheet]);
  const values = edited ?? stored;
  const totals = chosen ? dayTotals(entries.data ?? [], chosen.id, weekStart) : [];
  const changes = chosen ? sheetChanges(sheet, values, chosen.id, date) : [];

  const goTo = (day: string) => {
    setDate(day);
    setEdited(null);
  };

  const change = (workerId: string, value: number) => {
    const next = new Map(values);
    next.set(workerId, value);
    setEdited(next);
  };

  const copyPrevious = () => {
    if (!chosen) return;
    const previous = previousDay(entries.data ?? [], chosen.id, date);
    if (!previous) {
      toast({
        title: 'Rien à copier',
        description: 'Aucune heure pointée sur ce chantier les 7 jours précédents.',
      });
      return;
    }
    const next = new Map(values);
    for (const worker of workers) next.set(worker.id, previous.hours.get(worker.id) ?? 0);
    setEdited(next);
    toast({
      title: 'Heures copiées',
      description: `Heures du ${longDay(previous.date)} : vérifiez puis enregistrez.`,
    });
  };

  const save = async () => {
    setSaving(true);
    const failures: string[] = [];
    // One at a time: the day's entries of a chantier move the same figures.
    for (const pending of changes) {
      try {
        await sendHoursChange(pending);
      } catch (error) {
        failures.push(serverMessage(error) ?? "Erreur lors de l'enregistrement des heures");
      }
    }
    await invalidateHours(queryClient);
    setEdited(null);
    setSaving(false);
    if (failures.length === 0) toast({ title: 'Succès', description: 'Heures enregistrées' });
    else toast({ variant: 'destructive', title: 'Erreur', description: failures.join(' ') });
  };

  const projectOptions = (projects.data ?? [])
    .filter((project) => project.status !== 'completed' || project.id === projectId)
    .map((project) => ({ value: project.id, label: project.name }));

  return (
    <div className={styles.sheet}>
      <label className={styles.field}>
        <span>Chantier</span>
        <Select
          size="large"
          showSearch
          optionFilterProp="label"
          placeholder="Choisissez le chantier"
          value={chosen?.id}
          options={projectOptions}
          loading={projects.isPending}
          onChange={(value: string) => {
            setProjectId(value);
            rememberProject(value);
            setEdited(null);
          }}
          aria-label="Chantier"
        />
      </label>
      <nav className={styles.week} aria-label="Jours de la semaine">
        <Button
          size="large"
          icon={<LeftOutlined aria-hidden />}
          aria-label="Semaine précédente"
          onClick={() => goTo(addDays(date, -7))}
        />
        <ol className={styles.days}>
          {weekDays(weekStart).map((day, index) => (
            <li key={day}>
              <Button
                className={styles.day}
                type={day === date ? 'primary' : 'default'}
                aria-current={day === date ? 'date' : undefined}
                aria-label={`${longDay(day)}${totals[index] ? ` : ${hoursText(totals[index])}` : ''}`}
                onClick={() => goTo(day)}
              >
                <span>{shortDay(day, index)}</span>
                <span className={styles.dayHours}>{totals[index] ? hoursText(totals[index]) : '–'}</span>
              </Button>
            </li>
          ))}
        </ol>
        <Button
          size="large"
          icon={<RightOutlined aria-hidden />}
          aria-label="Semaine suivante"
          onClick={() => goTo(addDays(date, 7))}
        />
      </nav>
      <h2 className={styles.dayTitle}>{longDay(date)}</h2>
      {locked && (
        <Alert
          type={admin ? 'warning' : 'info'}
          showIcon
          icon={<LockOutlined aria-hidden />}
          message={
            admin
              ? 'Semaine validée : vos corrections restent possibles (administrateur).'
              : 'Semaine validée : ses heures ne peuvent plus être modifiées.'
          }
        />
      )}
      {!chosen ? (
        <p className={styles.hint}>Choisissez un chantier pour pointer les heures de l'équipe.</p>
      ) : entries.isPending ? (
        <LoadingState />
      ) : workers.length === 0 ? (
        <p className={styles.hint}>Aucun salarié actif : ajoutez l'équipe dans l'onglet Équipe.</p>
      ) : (
        <>
          <Button size="large" icon={<CopyOutlined aria-hidden />} disabled={readOnly} onClick={copyPrevious}>
            Copier la veille
          </Button>
          <ul className={styles.workers} aria-label="Heures de l'équipe">
            {workers.map((worker) => (
              <HoursStepper
                key={worker.id}
                worker={worker}
                value={values.get(worker.id) ?? 0}
                disabled={readOnly || saving}
                onChange={(value) => change(worker.id, value)}
              />
            ))}
          </ul>
          <div className={styles.saveBar}>
            <span>
              Total du jour :{' '}
              <strong>{hoursText([...values.values()].reduce((sum, value) => sum + value, 0))}</strong>
            </span>
            <Button
              type="primary"
              size="large"
              loading={saving}
              disabled={readOnly || changes.length === 0}
              onClick={() => void save()}
            >
              Enregistrer
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
