// Live clash detection on the map (issue 14): the engine's ClashIndex over the session's model against the project's
// reference features (uploads, KLIC records by theme, BGT…), with the rules of the project's clashDetectionSettings
// plus the BGT obstruction rule; it follows every change's diff (only the objects the diff touches are re-tested
// through the reference rbush) and publishes a snapshot for the clash panel. Statuses set in the review are kept
// while a clash persists and are sent with the next project run.
import { ClashIndex, clashRulesFromSettings, withBgtRule, type Clash, type ClashStatus, type ReferenceFeature } from 'engine';
import type { ChangeEvent, EditSession } from '../edit-session';

export interface ClashSnapshot { version: number; clashes: readonly Clash[] }

export class ClashLive {
  private ix: ClashIndex;
  private snap: ClashSnapshot | null = null;
  private listeners = new Set<() => void>();
  private off: (() => void) | null = null;
  /** Statuses the reviewer set (clash id → status), sent with the next project run. */
  readonly reviewed = new Map<string, ClashStatus>();

  constructor(private session: EditSession, references: ReferenceFeature[], clashDetectionSettings: unknown) {
    const s = clashRulesFromSettings(clashDetectionSettings);
    const rules = s.networkEnabled ? withBgtRule(s.rules) : [];
    this.ix = new ClashIndex(session.model, references, rules, { network: session.index });
    this.refIds = new Set(references.map((r) => r.id));
    this.snap = { version: this.ix.version, clashes: this.ix.clashes() };
  }

  start(subscribe: (l: (e: ChangeEvent) => void) => () => void): void {
    this.off = subscribe((e) => { if (this.ix.apply(this.session.model, e.diff)) this.publish(); });
  }

  /** Tells the readers; the clash list itself is copied only when a reader asks for it (getSnapshot), so an edit costs
   *  nothing here while no clash panel is open — at 10⁶ edges a project can have 10⁵ clashes. */
  private publish(): void {
    for (const l of [...this.listeners]) l();
  }

  private refIds = new Set<string>();

  /** New reference features (an upload imported): those gone are removed, new ones added (only the network near them
   *  is re-tested). Features are told apart by id; a changed feature keeps its id and is re-read only on reopen. */
  setReferences(refs: readonly ReferenceFeature[]): void {
    const next = new Set(refs.map((r) => r.id));
    const gone = [...this.refIds].filter((id) => !next.has(id));
    const added = refs.filter((r) => !this.refIds.has(r.id));
    this.refIds = next;
    if (gone.length) this.ix.removeReferences(gone);
    if (added.length) this.ix.addReferences(added);
    if (gone.length || added.length) this.publish();
  }

  setStatus(id: string, status: ClashStatus): boolean {
    if (!this.ix.setStatus(id, status)) return false;
    this.reviewed.set(id, status);
    this.publish();
    return true;
  }

  readonly subscribe = (l: () => void): (() => void) => { this.listeners.add(l); return () => { this.listeners.delete(l); }; };
  readonly getSnapshot = (): ClashSnapshot => {
    if (this.snap?.version !== this.ix.version) this.snap = { version: this.ix.version, clashes: this.ix.clashes() };
    return this.snap;
  };
  destroy(): void { this.off?.(); this.off = null; this.listeners.clear(); }
}
