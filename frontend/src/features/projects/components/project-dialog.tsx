import { PlusOutlined } from '@ant-design/icons';
import { Button, Spin, type ButtonProps } from 'antd';
import { lazy, Suspense, useState } from 'react';

import { useCreateProject } from '../../../api/projects/create-project';
import type { ProjectsListItem } from '../../../api/projects/list-projects';
import { useUpdateProject } from '../../../api/projects/update-project';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';

// The form's date pickers, selects and number inputs load with the dialog's first opening, not with
// the screens that only show its button (Projets, Tableau de bord).
const ProjectForm = lazy(() => import('./project-form').then((module) => ({ default: module.ProjectForm })));

export interface ProjectDialogProps {
  /** The project edited; the dialog creates one ('Nouveau Projet') when absent. */
  project?: ProjectsListItem | undefined;
  /** Called after a successful save, and when the person closes the dialog. */
  onClose: () => void;
}

/**
 * The 'Nouveau Projet' dialog of spec section 2, or the same form editing a project with the
 * `version` read. Render it while it is open, unmount it to close it.
 */
export function ProjectDialog({ project, onClose }: ProjectDialogProps) {
  const { toast } = useToast();
  const create = useCreateProject();
  const update = useUpdateProject();
  const editing = project !== undefined;

  return (
    <ResponsiveModal
      open
      title={editing ? 'Modifier le projet' : 'Nouveau Projet'}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={720}
    >
      <Suspense
        fallback={
          <div style={{ textAlign: 'center', padding: 32 }}>
            <Spin />
            <div>Chargement...</div>
          </div>
        }
      >
        <ProjectForm
          project={project}
          submitLabel={editing ? 'Enregistrer' : 'Créer le projet'}
          busyLabel={editing ? 'Enregistrement...' : 'Création...'}
          busy={create.isPending || update.isPending}
          extraAction={
            <Button onClick={onClose} style={{ flex: '1 1 auto', maxWidth: 320 }}>
              Annuler
            </Button>
          }
          onSubmit={async (data) => {
            try {
              if (editing) {
                await update.mutateAsync({ id: project.id, project: { ...data, version: project.version } });
                toast({ title: 'Succès', description: 'Projet mis à jour avec succès' });
              } else {
                await create.mutateAsync(data);
                toast({ title: 'Succès', description: 'Projet créé avec succès' });
              }
              onClose();
            } catch (error) {
              const fallback = editing
                ? 'Erreur lors de la mise à jour du projet'
                : 'Erreur lors de la création du projet';
              toast({
                variant: 'destructive',
                title: 'Erreur',
                description: serverMessage(error) ?? fallback,
              });
              throw error;
            }
          }}
        />
      </Suspense>
    </ResponsiveModal>
  );
}

/** The 'Nouveau Projet' button with its dialog, for a page header's action (Projets, Tableau de bord). */
export function NewProjectButton(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="primary"
        size="large"
        icon={<PlusOutlined aria-hidden />}
        {...props}
        onClick={() => setOpen(true)}
      >
        Nouveau Projet
      </Button>
      {open && <ProjectDialog onClose={() => setOpen(false)} />}
    </>
  );
}
