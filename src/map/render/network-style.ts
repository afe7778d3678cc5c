// Styling of network objects by object type for the binary buffers: a colour and width per node or edge. Uses the
// object type's name; a configured resolver (e.g. the layer catalogue's style functions) may override the default.
import type { Props, Rgba } from 'layers/types';

/** Colour and width (line px / point radius px); `group` names the catalogue layer drawing it ('' or absent: none);
 *  `label`: the layer labels its objects — the text from its label field, or null for the feature's display name. */
export interface ObjectStyle { color: Rgba; width: number; group?: string; label?: string | null }
/** One style, or one per render group drawing the object (an empty list: drawn by none). */
export type StyleResolver = (kind: 'node' | 'edge', typeName: string | null, props?: () => Props) => ObjectStyle | readonly ObjectStyle[];

const PALETTE: Rgba[] = [
  [0, 90, 200, 255], [200, 60, 40, 255], [30, 140, 60, 255], [150, 70, 180, 255], [220, 140, 0, 255],
  [0, 150, 160, 255], [120, 80, 40, 255], [200, 40, 130, 255], [90, 90, 90, 255], [60, 60, 160, 255],
];
const NAMED: Record<string, Rgba> = {
  duct: [0, 90, 200, 255], cable: [200, 60, 40, 255], trench: [120, 80, 40, 255], trace: [90, 90, 90, 255],
  pipe: [0, 150, 160, 255], node: [220, 40, 40, 255], edge: [0, 90, 200, 255],
};

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return Math.abs(h);
}

/** Default: known type-name words get a fixed colour, other types a stable palette colour; untyped objects blue/red. */
export const defaultStyle = (kind: 'node' | 'edge', typeName: string | null): ObjectStyle => {
  const width = kind === 'node' ? 5 : 3;
  if (!typeName) return { color: kind === 'node' ? NAMED.node : NAMED.edge, width };
  const key = typeName.toLowerCase();
  for (const w in NAMED) if (key.includes(w)) return { color: NAMED[w], width };
  return { color: PALETTE[hash(key) % PALETTE.length], width };
};
