// Base of the one-click edit tools (delete feature, delete segment, unsnap; split uses the hint too): a click emits
// the engine intent for what is under the cursor; while hovering, the engine's reason why that intent would be
// refused (its operation's disabled()) shows beside the cursor.
import type { Position } from 'engine/types';
import { Tool, type Intent, type PointerEvt, type Sketch, type ToolHost } from './types';

/** The red hint label for an intent the engine would refuse, or null. */
export function hoverHint(host: ToolHost, intent: Intent, at: Position): Sketch | null {
  const reason = host.disabled?.(intent) ?? null;
  return reason ? { lines: [], points: [], label: { at, text: reason, colour: 'red' } } : null;
}

export abstract class ClickTool extends Tool {
  private hint: Sketch | null = null;
  /** The intent a click at e would emit, or null when nothing is there. */
  abstract intentAt(e: PointerEvt): Intent | null;
  click(e: PointerEvt): boolean {
    const i = this.intentAt(e);
    if (i) this.host.emit(i);
    return true;
  }
  move(e: PointerEvt): void {
    const i = this.intentAt(e);
    this.hint = i ? hoverHint(this.host, i, e.p) : null;
  }
  cancel(): void { this.hint = null; }
  sketch(): Sketch | null { return this.hint; }
}
