// @vitest-environment jsdom
// The capex rule set editor (spec 2 §3, §7 /capex/rule_set): loads the stored terminal types, takes the network's
// existing terminal demands on request, checks with the validate call before setting; a refused rule set shows the
// server's problems and is not set; viewers get no edit controls.
import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../../../src/app/store';
import { CapexRuleSet } from '../../../../src/map/planning/CapexRuleSet';
import { mockFetch } from '../../support/fetch-mock';
import { setupI18n } from '../../support/i18n';

beforeAll(async () => { await setupI18n('en'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function setup(valid: boolean, readOnly = false) {
  const http = mockFetch({
    'GET /api/project/4/capex/rule_set': { body: { terminal_types: [{ terminal_type: 'lowRise', demand: 1 }] } },
    'GET /api/project/4/capex/rule_set/existing_terminal_demands': { body: [{ terminal_type: 'highRise', demand: 12 }, { terminal_type: 'lowRise', demand: 40 }] },
    'POST /api/project/4/capex/rule_set/validate': { body: valid ? { valid: true, problems: [] } : { valid: false, problems: ['terminal_types/0/demand must be a number ≥ 0'] } },
    'POST /api/project/4/capex/rule_set': (c) => ({ body: c.body }),
  });
  render(<Provider store={makeStore()}><CapexRuleSet projectId={4} readOnly={readOnly} /></Provider>);
  return http;
}

describe('capex rule set editor', () => {
  it("loads the stored rule set, takes the network's demands, validates and then sets it", async () => {
    const http = setup(true);
    await waitFor(() => expect((screen.getAllByLabelText('Terminal type')[0] as HTMLInputElement).value).toBe('lowRise'));
    await waitFor(() => expect((screen.getByRole('button', { name: "Take the network's demands" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: "Take the network's demands" }));
    expect(screen.getAllByLabelText('Terminal type').map((e) => (e as HTMLInputElement).value)).toEqual(['highRise', 'lowRise']);
    fireEvent.click(screen.getByTestId('capex-rule-set-save'));
    await screen.findByText('Rule set saved.');
    expect(http.callsTo('POST', '/api/project/4/capex/rule_set/validate')).toHaveLength(1);
    expect(http.callsTo('POST', '/api/project/4/capex/rule_set')[0].body).toEqual({ terminal_types: [{ terminal_type: 'highRise', demand: 12 }, { terminal_type: 'lowRise', demand: 40 }] });
  });

  it('a rule set the validate call refuses shows its problems and is not set', async () => {
    const http = setup(false);
    await waitFor(() => expect(screen.getAllByLabelText('Demand')).toHaveLength(1));
    fireEvent.change(screen.getAllByLabelText('Demand')[0], { target: { value: '' } });
    fireEvent.click(screen.getByTestId('capex-rule-set-save'));
    expect((await screen.findByRole('alert')).textContent).toContain('terminal_types/0/demand must be a number ≥ 0');
    expect(http.callsTo('POST', '/api/project/4/capex/rule_set')).toHaveLength(0);
  });

  it('viewers see the rule set without edit controls', async () => {
    setup(true, true);
    await waitFor(() => expect(screen.getAllByLabelText('Terminal type')).toHaveLength(1));
    expect(screen.queryByTestId('capex-rule-set-save')).toBeNull();
    expect((screen.getAllByLabelText('Demand')[0] as HTMLInputElement).readOnly).toBe(true);
  });
});
