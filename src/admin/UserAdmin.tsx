// Admin user management (policy admin.view): the users list with search, and an edit form per user (name, email,
// role without root unless the editor is root, language, active, optional new password) and permission overrides.
// Deleted users are listed too (marked), with Recover; the others with Delete (DeleteRecoverUser).
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { useAllUsersQuery, useCreateUserMutation, useEditUserMutation } from '../api/endpoints/user';
import type { User, UserInput } from '../api/endpoints/types';
import { selectUser } from '../auth/session-slice';
import { booleanText } from '../i18n/format';
import { roleDisplayName } from './roles';
import { UserForm } from './UserForm';
import { DeleteRecoverUser } from './DeleteRecoverUser';
import { notifyInfo } from '../shell/notification-store';

export function UserAdmin() {
  const { t } = useTranslation();
  const { userId } = useParams();
  const navigate = useNavigate();
  const me = useSelector(selectUser);
  const users = useAllUsersQuery({ includeDeleted: true });
  const [edit] = useEditUserMutation();
  const [create] = useCreateUserMutation();
  const [search, setSearch] = useState('');
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (users.data ?? []).filter((u) => !q || u.name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [users.data, search]);
  const selected: User | 'new' | undefined = userId === 'new' ? 'new' : rows.find((u) => String(u.id) === userId && !u.deleted);

  async function save(input: UserInput) {
    if (input.id) await edit({ ...input, id: input.id }).unwrap();
    else await create(input).unwrap();
    notifyInfo('admin.saved', { translationParams: { name: input.name } });
    navigate('/admin');
  }
  async function toggleActive(u: User) {
    await edit({ id: u.id, email: u.email, name: u.name, role: u.role, active: !u.active }).unwrap();
  }

  return (
    <main className="user-admin" data-testid="user-admin">
      <header className="page-header">
        <h1>{t('admin.users')}</h1>
        <button type="button" className="primary" onClick={() => navigate('/admin/user/new')}>{t('admin.new_user')}</button>
      </header>
      <input type="search" aria-label={t('admin.search')} placeholder={t('admin.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
      <table>
        <thead><tr><th>{t('auth.fields.name')}</th><th>{t('auth.login.email')}</th><th>{t('admin.role')}</th><th>{t('admin.active')}</th><th /></tr></thead>
        <tbody>
          {rows.map((u) => (
            <tr key={u.id} data-testid="user-row" data-deleted={u.deleted ? 'true' : undefined}>
              <td>{u.name}{u.deleted && <> <span className="badge">{t('admin.deleted_marker')}</span></>}</td><td>{u.email}</td><td>{roleDisplayName(u.role)}</td><td>{booleanText(u.active)}</td>
              <td>
                {!u.deleted && <button type="button" onClick={() => navigate(`/admin/user/${u.id}`)}>{t('admin.edit')}</button>}
                {u.id !== me?.id && !u.deleted && (
                  <button type="button" onClick={() => toggleActive(u)}>{t(u.active ? 'admin.deactivate' : 'admin.activate')}</button>
                )}
                <DeleteRecoverUser user={u} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {selected && (
        <UserForm key={selected === 'new' ? 'new' : selected.id} user={selected === 'new' ? undefined : selected}
          includeRoot={me?.role === 'root'} isSelf={selected !== 'new' && selected.id === me?.id}
          onSave={save} onCancel={() => navigate('/admin')} />
      )}
    </main>
  );
}
