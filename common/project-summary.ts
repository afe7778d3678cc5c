// The project summary of the project list answers (server/projects/summary.ts builds it; the dashboard and the
// management dashboard show it): step name, size, extent and the occupancy grid of the map thumbnail, owner, last save.

/** Columns × rows of the occupancy grid; cells are numbered row-major from the top-left. */
export const GRID_COLUMNS = 16;
export const GRID_ROWS = 10;

export interface ProjectSummary {
  stepName: string | null;
  objectCount: number;
  /** [minx, miny, maxx, maxy] in map units, null without network. */
  extent: [number, number, number, number] | null;
  /** Indexes of the grid cells that hold at least one network object. */
  cells: number[];
  owner: { id: number; name: string } | null;
  lastSaved: { at: string; userId: number | null; userName: string | null } | null;
}
