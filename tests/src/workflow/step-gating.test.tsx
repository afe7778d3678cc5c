// @vitest-environment jsdom
// Step gating (spec 2 §5, issue 13): the next workflow step opens only when every Required validation result has
// passed. A failed Required result, a pending run or a validator without result closes 'next' and every later step,
// with the reason shown; a failed Recommended result does not; earlier steps stay open.
import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../../src/app/store';
import { StepNavigation } from '../../../src/workflow/StepNavigation';
import { ValidationService, type Result } from '../../../src/validation/validation-service';
import { registerValidationService } from '../../../src/validation/current-validation';
import { mockFetch } from '../support/fetch-mock';
import { setupI18n } from '../support/i18n';

beforeAll(async () => { await setupI18n('en'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const STATES = [{ id: 1, name: 'Design', step: 0 }, { id: 2, name: 'Review', step: 1 }, { id: 3, name: 'Build', step: 2 }];

function setup(step = 0) {
  mockFetch({ 'GET /api/state/project_type/5': { body: STATES } });
  const onStep = vi.fn();
  render(<Provider store={makeStore()}><StepNavigation projectTypeId={5} step={step} onStep={onStep} /></Provider>);
  return onStep;
}

const next = () => screen.getByTestId('next-step') as HTMLButtonElement;
const stepButton = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('step gating by validation', () => {
  it('without a validation service the steps are open', async () => {
    setup();
    await waitFor(() => expect(next().disabled).toBe(false));
    expect(screen.queryByTestId('step-gate')).toBeNull();
  });

  it('a failed Required result closes next and later steps; passing opens them again', async () => {
    let live: Result[] = [{ message: 'DP-1 has 50 connections, over its capacity 46', stateId: null, severity: 'Required', passed: false }];
    const service = new ValidationService({ runGroup: async () => ({}) });
    service.register({ kind: 'sync', name: 'network', run: () => live });
    await service.run('edit');
    const off = registerValidationService(service);
    const onStep = setup(1);
    await waitFor(() => expect(stepButton('Design').disabled).toBe(false));
    expect(next().disabled).toBe(true);
    expect(stepButton('Build').disabled).toBe(true);
    expect(screen.getByTestId('step-gate').textContent).toBe('Required validations have not passed: solve them to open the next step.');
    live = [{ message: 'DP-1 is under its minimum usage', stateId: null, severity: 'Recommended', passed: false }];
    act(() => service.refresh('network'));
    expect(next().disabled).toBe(false);
    expect(stepButton('Build').disabled).toBe(false);
    next().click();
    expect(onStep).toHaveBeenCalledWith(2);
    off();
  });

  it('closed while validation is pending', async () => {
    let release!: (r: Result[]) => void;
    const service = new ValidationService({ runGroup: async () => ({}) });
    service.register({ kind: 'async', name: 'remote', run: () => new Promise<Result[]>((r) => { release = r; }) });
    const off = registerValidationService(service);
    setup();
    let run!: Promise<unknown>;
    act(() => { run = service.run('step'); });
    await waitFor(() => expect(screen.getByTestId('step-gate').textContent).toBe('Validation is running…'));
    expect(next().disabled).toBe(true);
    await act(async () => { release([]); await run; });
    expect(next().disabled).toBe(false);
    off();
  });
});
