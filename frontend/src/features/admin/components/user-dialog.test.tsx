import { screen, waitFor, within } from '@testing-library/react';

import { describe, expect, it, vi } from 'vitest';

import { apiError, json, stubApi } from '../../../testing/api-stub';
import { adminUsers } from '../../../testing/fixtures';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import { adminUserSchema, type AdminUser } from '../api/get-admin-users';
import { changedUserFields, UserDialog } from './user-dialog';

const [, marie, lucas] = adminUsers.map((user) => adminUserSchema.parse(user));
if (marie === undefined || lucas === undefined) throw new Error('fixtures missing');

function open(user: AdminUser) {
  const onClose = vi.fn();
  renderWithProviders(<UserDialog user={user} onClose={onClose} />);
  return { onClose, dialog: screen.getByRole('dialog', { name: "Gérer l'utilisateur" }) };
}

async function chooseRole(dialog: HTMLElement, label: string) {
  const user = setupUser();
  await user.click(within(dialog).getByRole('combobox', { name: 'Rôle' }));
  await user.click(await screen.findByTitle(label));
}

describe('changedUserFields', () => {
  it('keeps only the fields that differ', () => {
    expect(changedUserFields(marie, { role: 'company_admin', isActive: true })).toEqual({});
    expect(changedUserFields(marie, { role: 'user', isActive: true })).toEqual({ role: 'user' });
    expect(changedUserFields(lucas, { role: 'user', isActive: true })).toEqual({ isActive: true });
    expect(changedUserFields(lucas, { role: 'super_admin', isActive: true })).toEqual({
      role: 'super_admin',
      isActive: true,
    });
  });
});

describe('user dialog', () => {
  it("offers the roles 'Utilisateur', 'Admin Entreprise' and 'Super Admin'", async () => {
    const user = setupUser();
    stubApi({});
    const { dialog } = open(marie);

    await user.click(within(dialog).getByRole('combobox', { name: 'Rôle' }));

    await screen.findAllByRole('option');
    // antd draws the visible choices apart from its accessible listbox.
    const choices = [...document.querySelectorAll('.ant-select-item-option')];
    expect(choices.map((choice) => choice.textContent)).toEqual([
      'Utilisateur',
      'Admin Entreprise',
      'Super Admin',
    ]);
  });

  it('closes without any call when nothing changed', async () => {
    const user = setupUser();
    const api = stubApi({});
    const { dialog, onClose } = open(marie);

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(onClose).toHaveBeenCalledOnce();
    expect(api.sent).toEqual([]);
  });

  it('closes without any call when a change was undone', async () => {
    const user = setupUser();
    const api = stubApi({});
    const { dialog, onClose } = open(marie);
    const active = within(dialog).getByRole('switch', { name: 'Compte actif' });

    await user.click(active);
    await user.click(active);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(onClose).toHaveBeenCalledOnce();
    expect(api.sent).toEqual([]);
  });

  it('sends only the role when only the role changed', async () => {
    const user = setupUser();
    const api = stubApi({ [`PUT /api/admin/users/${marie.id}`]: json({ ...marie, role: 'user' }) });
    const { dialog, onClose } = open(marie);

    await chooseRole(dialog, 'Utilisateur');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const [put] = api.calls(`PUT /api/admin/users/${marie.id}`);
    expect(put?.body).toEqual({ role: 'user' });
    expect(put?.headers.get('X-Requested-With')).toBe('fetch');
    expect(toasts().getByText('Utilisateur mis à jour avec succès')).toBeInTheDocument();
  });

  it('sends only the active flag when the account is activated', async () => {
    const user = setupUser();
    const api = stubApi({ [`PUT /api/admin/users/${lucas.id}`]: json({ ...lucas, isActive: true }) });
    const { dialog, onClose } = open(lucas);

    await user.click(within(dialog).getByRole('switch', { name: 'Compte actif' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.calls(`PUT /api/admin/users/${lucas.id}`).map((call) => call.body)).toEqual([
      { isActive: true },
    ]);
  });

  it('sends both fields when both changed', async () => {
    const user = setupUser();
    const api = stubApi({ [`PUT /api/admin/users/${lucas.id}`]: json(lucas) });
    const { dialog, onClose } = open(lucas);

    await chooseRole(dialog, 'Admin Entreprise');
    await user.click(within(dialog).getByRole('switch', { name: 'Compte actif' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.calls(`PUT /api/admin/users/${lucas.id}`).map((call) => call.body)).toEqual([
      { role: 'company_admin', isActive: true },
    ]);
  });

  it("stays open and says 'Erreur lors de la mise à jour' when the update fails without a message", async () => {
    const user = setupUser();
    stubApi({ [`PUT /api/admin/users/${marie.id}`]: () => new Response('', { status: 502 }) });
    const { dialog, onClose } = open(marie);

    await chooseRole(dialog, 'Super Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Erreur lors de la mise à jour')).toBeInTheDocument();
    expect(toasts().getByText('Erreur')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's message when the update is refused", async () => {
    const user = setupUser();
    stubApi({
      [`PUT /api/admin/users/${marie.id}`]: apiError(
        409,
        'conflict',
        "L'entreprise a atteint son nombre maximal d'utilisateurs.",
      ),
    });
    const { dialog } = open(marie);

    await chooseRole(dialog, 'Utilisateur');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(
      await toasts().findByText("L'entreprise a atteint son nombre maximal d'utilisateurs."),
    ).toBeInTheDocument();
  });
});
