// Contract between the workflow's leave guard and the editors (the map registers its edit session here): a source
// says whether it has unsaved changes and can save them. Leaving the workflow asks only when some source has changes.
export interface UnsavedChangesSource {
  hasChanges(): boolean;
  save(): Promise<void>;
}

const sources = new Set<UnsavedChangesSource>();

/** Registers a source; returns the function that unregisters it (call it on unmount). */
export function registerUnsavedChangesSource(source: UnsavedChangesSource): () => void {
  sources.add(source);
  return () => { sources.delete(source); };
}

export function hasUnsavedChanges(): boolean {
  for (const s of sources) if (s.hasChanges()) return true;
  return false;
}

/** Saves every source with changes, one after the other; rejects on the first failure. */
export async function saveUnsavedChanges(): Promise<void> {
  for (const s of [...sources]) if (s.hasChanges()) await s.save();
}
