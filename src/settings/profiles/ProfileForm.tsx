// Modal form of a settings profile: its name, and (when saving settings as a new profile) its profile type among
// those the current tab can fill. Confirms with {name, type}.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModalControls } from '../../shell/modal-service';

export interface ProfileFormValue { name: string; type: string }

interface Props { name?: string; types?: readonly string[]; submitLabel: string; controls: ModalControls<ProfileFormValue> }

export function ProfileForm({ name: initial = '', types, submitLabel, controls }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [type, setType] = useState(types?.[0] ?? '');
  const valid = name.trim().length > 0 && name.trim().length <= 200;
  return (
    <form data-testid="profile-form" onSubmit={(e) => { e.preventDefault(); if (valid) controls.confirm({ name: name.trim(), type }); }}>
      <label>{t('settings.profiles.name')}
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} autoFocus />
      </label>
      {types && types.length > 0 && (
        <label>{t('settings.profiles.type')}
          <select value={type} onChange={(e) => setType(e.target.value)}>
            {types.map((x) => <option key={x} value={x}>{t(`settings.profile_type.${x}`, { defaultValue: x })}</option>)}
          </select>
        </label>
      )}
      <div className="form-buttons">
        <button type="button" onClick={controls.cancel}>{t('shell.cancel')}</button>
        <button type="submit" className="primary" disabled={!valid}>{submitLabel}</button>
      </div>
    </form>
  );
}
