// Landing page of an area whose content the spec does not describe (management, material management,
// statistics): its title and the statement that the area is reached through its policy.
import { useTranslation } from 'react-i18next';

export function AreaPage({ area }: { area: 'management' | 'material_management' | 'statistics' }) {
  const { t } = useTranslation();
  return (
    <main className="area-page" data-testid={`area-${area}`}>
      <h1>{t(`shell.nav.${area}`)}</h1>
      <p>{t(`shell.areas.${area}`)}</p>
    </main>
  );
}
