// @vitest-environment jsdom
// The unlock event (spec 1 §4, §7; spec 2 §4, §8): success → unlocked notification with a link back into the
// workflow (workflow/{projectId}/{type key}/{step} with the settings fragment); failure → 'still locked'.
import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest';
import { getNotificationState, resetNotifications } from '../../../src/shell/notification-store';
import { handleProjectUnlocked, rememberProjectTypeKeys, workflowPath } from '../../../src/shell/requests/project-lock';
import { setNavigator } from '../../../src/app/navigation';
import { setupI18n } from '../support/i18n';

beforeAll(async () => { await setupI18n('en'); });
beforeEach(() => resetNotifications());
afterEach(() => setNavigator(null));

describe('project unlocked event', () => {
  it('success: a sticky unlocked notification whose button opens the workflow', () => {
    const nav = vi.fn();
    setNavigator(nav);
    rememberProjectTypeKeys([{ id: 24, key: 'fttx' }]);
    handleProjectUnlocked({ operationId: 'op-1', status: 'succeeded', project: { id: 5, name: 'Utrecht', projectTypeId: 24, step: 2, settings: { a: 1 } } });
    const [n] = getNotificationState().visible;
    expect(n).toMatchObject({ type: 'Information', message: 'lock.operation_completed_project_unlocked', options: { stick: true, translationParams: { name: 'Utrecht' } } });
    expect(n.options.buttons?.[0].label).toBe('Open project');
    n.options.buttons![0].action();
    expect(nav).toHaveBeenCalledWith(`/workflow/5/fttx/2#${encodeURIComponent('{"a":1}')}`, undefined);
  });

  it("failure: 'still locked' without a link", () => {
    handleProjectUnlocked({ operationId: 'op-2', status: 'failed', project: { id: 5, name: 'Utrecht', projectTypeId: 24, step: 0 } });
    const [n] = getNotificationState().visible;
    expect(n).toMatchObject({ type: 'Error', message: 'lock.operation_error_project_still_locked' });
    expect(n.options.buttons).toBeUndefined();
  });

  it('workflow addresses have no fragment without settings', () => {
    expect(workflowPath({ id: 9, projectTypeId: 99, step: 0, settings: {} }, 'lv')).toBe('/workflow/9/lv/0');
  });
});
