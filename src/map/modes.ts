// Interaction modes as a bit set (spec 3 §4): none, select, draw, measure, modify, split, delete feature, delete
// segment, unsnap, draw feature. Select comes back when no mode remains active; draw and modify may be active together.

export const Mode = {
  None: 0,
  Select: 1 << 0,
  Draw: 1 << 1,
  Measure: 1 << 2,
  Modify: 1 << 3,
  Split: 1 << 4,
  DeleteFeature: 1 << 5,
  DeleteSegment: 1 << 6,
  Unsnap: 1 << 7,
  DrawFeature: 1 << 8,
} as const;
export type ModeBits = number;
export type ModeName = keyof typeof Mode;

export const MODE_NAMES = Object.keys(Mode).filter((k) => k !== 'None') as Exclude<ModeName, 'None'>[];

/** Modes that change the network (need edit rights and an edit resolution). */
export const EDIT_MODES = Mode.Draw | Mode.Modify | Mode.Split | Mode.DeleteFeature | Mode.DeleteSegment | Mode.Unsnap | Mode.DrawFeature;

/** Pairs allowed to be active together; any other activation replaces the active modes. */
const COMPATIBLE: ReadonlyArray<number> = [Mode.Draw | Mode.Modify, Mode.DrawFeature | Mode.Modify];

export function has(bits: ModeBits, mode: number): boolean {
  return (bits & mode) === mode && mode !== 0;
}

/** Normalises: select returns when nothing else is active; select is dropped when another mode is active. */
export function normalize(bits: ModeBits): ModeBits {
  const rest = bits & ~Mode.Select;
  return rest === 0 ? Mode.Select : rest;
}

function compatible(a: number, b: number): boolean {
  return COMPATIBLE.some((pair) => (pair & a) === a && (pair & b) === b);
}

/** Activates a mode: keeps the active modes that may be active together with it, ends the others. */
export function activate(bits: ModeBits, mode: number): ModeBits {
  if (mode === Mode.None || mode === Mode.Select) return Mode.Select;
  let kept = 0;
  for (const name of MODE_NAMES) {
    const m = Mode[name];
    if (m !== Mode.Select && has(bits, m) && m !== mode && compatible(m, mode)) kept |= m;
  }
  return normalize(kept | mode);
}

export function deactivate(bits: ModeBits, mode: number): ModeBits {
  return normalize(bits & ~mode);
}

export function toggle(bits: ModeBits, mode: number): ModeBits {
  return has(bits, mode) ? deactivate(bits, mode) : activate(bits, mode);
}

/** When editing is not allowed (resolution, role, read-only) only select and measure stay. */
export function restrictToViewing(bits: ModeBits): ModeBits {
  return normalize(bits & ~EDIT_MODES);
}

export function names(bits: ModeBits): string[] {
  return MODE_NAMES.filter((n) => has(bits, Mode[n]));
}
