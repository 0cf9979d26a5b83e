import type { ButtonProps } from 'antd';
import { lazy, useState } from 'react';

import { useCreateProject } from '../../../api/projects/create-project';
import type { ProjectsListItem } from '../../../api/projects/list-projects';
import { useUpdateProject } from '../../../api/projects/update-project';
import { useActionToasts } from '../../../components/action-toasts';
import { FormDialog } from '../../../components/form-dialog';
import { CreateButton } from '../../../components/record-buttons';

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
  const create = useCreateProject();
  const update = useUpdateProject();
  const notify = useActionToasts();

  return (
    <FormDialog title={project ? 'Modifier le projet' : 'Nouveau Projet'} width={720} onClose={onClose}>
      <ProjectForm
        project={project}
        submitLabel={project ? 'Enregistrer' : 'Créer le projet'}
        busyLabel={project ? 'Enregistrement...' : 'Création...'}
        busy={create.isPending || update.isPending}
        onCancel={onClose}
        onSubmit={async (data) => {
          if (project) {
            await notify(
              () => update.mutateAsync({ id: project.id, project: { ...data, version: project.version } }),
              {
                success: 'Projet mis à jour avec succès',
                failure: 'Erreur lors de la mise à jour du projet',
              },
            );
          } else {
            await notify(() => create.mutateAsync(data), {
              success: 'Projet créé avec succès',
              failure: 'Erreur lors de la création du projet',
            });
          }
          onClose();
        }}
      />
    </FormDialog>
  );
}

/** The 'Nouveau Projet' button with its dialog, for a page header's action (Projets, Tableau de bord). */
export function NewProjectButton(
  props: Omit<ButtonProps, 'onClick' | 'children' | 'type' | 'size' | 'icon'>,
) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <CreateButton {...props} onClick={() => setOpen(true)}>
        Nouveau Projet
      </CreateButton>
      {open && <ProjectDialog onClose={() => setOpen(false)} />}
    </>
  );
}
