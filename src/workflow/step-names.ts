// Display names of workflow steps: the server's state names are keys (project_area, access_net, …), shown through
// 'workflow.step_names.<key>'; a key without a translation is shown in words ('route_x' → 'Route x'), never raw.
import type { TFunction } from 'i18next';

export function stepLabel(t: TFunction, name: string | null | undefined, step?: number): string {
  if (!name) return step === undefined ? '' : t('workflow.step_of', { step });
  const words = name.replace(/[_-]+/g, ' ').trim();
  return t(`workflow.step_names.${name}`, { defaultValue: words.charAt(0).toUpperCase() + words.slice(1) });
}
