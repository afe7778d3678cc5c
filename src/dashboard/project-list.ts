// Dashboard list rules: search (name, type, id) and sort (name, type, last changed; ascending or descending).
import type { Project, ProjectType } from '../api/endpoints/types';

export type SortKey = 'name' | 'type' | 'updated';
export interface ListOptions { search: string; sort: SortKey; descending: boolean }

export function typeName(p: Project, types: ProjectType[] | undefined): string {
  return p.projectType?.name ?? types?.find((t) => t.id === p.projectTypeId)?.name ?? String(p.projectTypeId);
}

export function filterAndSort(projects: Project[], types: ProjectType[] | undefined, o: ListOptions): Project[] {
  const q = o.search.trim().toLowerCase();
  const rows = q
    ? projects.filter((p) => p.name.toLowerCase().includes(q) || typeName(p, types).toLowerCase().includes(q) || String(p.id) === q)
    : [...projects];
  const value = (p: Project): string | number => {
    if (o.sort === 'name') return p.name.toLowerCase();
    if (o.sort === 'type') return typeName(p, types).toLowerCase();
    return new Date(p.updatedAt ?? p.createdAt ?? 0).getTime();
  };
  rows.sort((a, b) => {
    const va = value(a), vb = value(b);
    const c = va < vb ? -1 : va > vb ? 1 : a.id - b.id;
    return o.descending ? -c : c;
  });
  return rows;
}

/** Top-level project types, and the sub-types of one (by parentId or nested subTypes). */
export function mainTypes(types: ProjectType[]): ProjectType[] {
  return types.filter((t) => t.parentId === null || t.parentId === undefined);
}
export function subTypesOf(types: ProjectType[], typeId: number | null): ProjectType[] {
  if (typeId === null) return [];
  const t = types.find((x) => x.id === typeId);
  return t?.subTypes ?? types.filter((x) => x.parentId === typeId);
}
