// The organisation's layer offer in admin-settings (issue 16): every catalogue layer with an "offered" switch, for the
// chosen organisation (root may pick any); changes are saved together (PUT /api/admin/settings/layer-offer) and
// audited on the server. Layers switched off are not offered to that organisation's users.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminOrganisationsQuery, useLayerOfferQuery, useSaveLayerOfferMutation } from '../api/endpoints/management';
import { notifyInfo } from '../shell/notification-store';

export function LayerOfferEditor() {
  const { t } = useTranslation();
  const organisations = useAdminOrganisationsQuery();
  const [organisationId, setOrganisationId] = useState<number | undefined>(undefined);
  const offer = useLayerOfferQuery(organisationId);
  const [save, saving] = useSaveLayerOfferMutation();
  const [changes, setChanges] = useState<Record<string, boolean>>({});
  const [filter, setFilter] = useState('');
  useEffect(() => { setChanges({}); }, [offer.data]);
  const layers = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const all = offer.data?.layers ?? [];
    return q ? all.filter((l) => l.name.toLowerCase().includes(q) || t(`layers.names.${l.name}`, { defaultValue: l.name }).toLowerCase().includes(q)) : all;
  }, [offer.data, filter, t]);
  const current = offer.data?.organisationId;
  async function submit() {
    const list = Object.entries(changes).map(([name, offered]) => ({ name, offered }));
    if (!list.length || current === undefined) return;
    await save({ organisationId: current, layers: list }).unwrap();
    notifyInfo('admin_settings.layer_offer_saved');
  }
  return (
    <section className="layer-offer" data-testid="layer-offer">
      <h2>{t('admin_settings.layer_offer')}</h2>
      <p>{t('admin_settings.layer_offer_intro')}</p>
      <div className="toolbar">
        <label>{t('admin_settings.organisation')}
          <select value={current ?? ''} onChange={(e) => setOrganisationId(Number(e.target.value))}>
            {(organisations.data ?? []).map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
          </select>
        </label>
        <input type="search" aria-label={t('admin_settings.filter_layers')} placeholder={t('admin_settings.filter_layers')} value={filter} onChange={(e) => setFilter(e.target.value)} />
        <button type="button" className="primary" onClick={submit} disabled={!Object.keys(changes).length || saving.isLoading}>{t('admin_settings.save')}</button>
      </div>
      <table>
        <thead><tr><th>{t('admin_settings.layer')}</th><th>{t('admin_settings.category')}</th><th>{t('admin_settings.offered')}</th></tr></thead>
        <tbody>
          {layers.map((l) => (
            <tr key={l.name} data-layer={l.name}>
              <td>{t(`layers.names.${l.name}`, { defaultValue: l.name })}</td>
              <td>{t(`layers.categories.${l.category}`, { defaultValue: l.category })}</td>
              <td><input type="checkbox" aria-label={t('admin_settings.offered')} checked={changes[l.name] ?? l.offered}
                onChange={(e) => setChanges({ ...changes, [l.name]: e.target.checked })} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
