// Statistics CSV exports (issue 16): a project's rows by object type and the organisation's projects, with stable
// header keys and quoted fields where a name holds a comma or quote.
import { describe, expect, it } from 'vitest';
import { organisationCsv, projectCsv } from '../../../src/statistics/statistics-csv';
import type { ProjectStatistics } from '../../../common/statistics/types';

const project: ProjectStatistics = {
  projectId: 7, name: 'Zeist, "north"', projectTypeId: 10, family: 'fttx', step: 2, stepName: 'trenches', steps: 6, progress: 0.5,
  objects: { node: 3, edge: 2, path: 1 },
  byType: [{ objectTypeId: 106, name: 'trench', geometryKind: 'edge', count: 2, length: 37.25, capex: 3166.25 }],
  capex: { total: 3166.25, lines: [] },
  validation: { validators: 2, passed: 1, results: 4, resultsPassed: 3, rate: 0.5, ranAt: null },
  updatedAt: '2026-11-25T00:00:00.000Z',
};

describe('statistics CSV', () => {
  it('a project: one row per object type', () => {
    expect(projectCsv(project)).toBe('projectId,project,objectTypeId,objectType,count,length_m,capex\n7,"Zeist, ""north""",106,trench,2,37.25,3166.25\n');
  });
  it('the organisation: one row per project with its totals', () => {
    const text = organisationCsv({ organisationId: 1, projects: [project], totals: {} as never });
    const [header, row] = text.trim().split('\n');
    expect(header).toBe('projectId,project,projectTypeId,step,stepName,progress,nodes,edges,paths,length_m,capex,validators,validatorsPassed,passRate');
    expect(row).toBe('7,"Zeist, ""north""",10,2,trenches,0.5,3,2,1,37.25,3166.25,2,1,0.5');
  });
});
