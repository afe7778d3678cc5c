// The statistics' wire shapes (issue 16), shared by the server (server/statistics) and the app (src/statistics):
// per project — lengths and counts by object type, capex lines and total, network objects by kind, the stored
// validation pass rate, workflow step progress — and per organisation the projects plus their totals.

export interface TypeStatistics { objectTypeId: number; name: string; geometryKind: string; count: number; length: number; capex: number }
export interface CapexLineStatistics {
  id: string; name: string; objectTypeId: number; existing: boolean; cost: number; count: number; length: number; total: number;
}
export interface ValidationStatistics {
  /** Validators whose latest run is stored, and how many of them passed. */
  validators: number; passed: number;
  /** Their results (checked objects) and how many passed. */
  results: number; resultsPassed: number;
  /** passed / validators, null before any validation ran. */
  rate: number | null;
  ranAt: string | null;
}
export interface ObjectCounts { node: number; edge: number; path: number }

export interface ProjectStatistics {
  projectId: number; name: string; projectTypeId: number; family: string;
  step: number; stepName: string | null; steps: number;
  /** (step + 1) / steps, 0..1 (0 without workflow states). */
  progress: number;
  objects: ObjectCounts;
  byType: TypeStatistics[];
  capex: { total: number; lines: CapexLineStatistics[] };
  validation: ValidationStatistics;
  updatedAt: string;
}

export interface StepCount { step: number; name: string | null; projects: number }

export interface OrganisationStatistics {
  organisationId: number;
  projects: ProjectStatistics[];
  totals: {
    projects: number; objects: ObjectCounts; byType: TypeStatistics[]; capex: number; validation: ValidationStatistics;
    byStep: StepCount[];
    /** Mean progress of the projects (0..1). */
    progress: number;
  };
}
