// "Stored features of a project changed" (an upload imported, a clash run stored): the screen that wrote them says
// which catalogue layers; the map's feature layers read those layers again and the live clash detection re-reads its
// reference features — without a page reload.
type Listener = (projectId: number, layers: readonly string[]) => void;
const listeners = new Set<Listener>();

export function notifyStoredFeaturesChanged(projectId: number, layers: readonly string[]): void {
  for (const l of [...listeners]) l(projectId, layers);
}

export function onStoredFeaturesChanged(l: Listener): () => void {
  listeners.add(l);
  return () => { listeners.delete(l); };
}
