// One legend swatch as SVG, drawn from the same style function output as the map (point: circle, line: stroke,
// polygon: filled square with outline).
import type { LegendSwatch as Swatch, Rgba } from 'layers';

const css = (c: Rgba) => `rgba(${c[0]},${c[1]},${c[2]},${Math.round((c[3] / 255) * 1000) / 1000})`;

export function LegendSwatch({ swatch, opacity = 1 }: { swatch: Swatch; opacity?: number }) {
  const size = 18;
  return (
    <svg width={size} height={size} viewBox="0 0 18 18" aria-hidden="true" data-color={swatch.color.join(',')} style={{ opacity, flex: 'none' }}>
      {swatch.geometry === 'point' && <circle cx={9} cy={9} r={Math.max(2, Math.min(8, swatch.width))} fill={css(swatch.color)} stroke="#333" strokeWidth={0.5} />}
      {swatch.geometry === 'line' && <line x1={2} y1={14} x2={16} y2={4} stroke={css(swatch.color)} strokeWidth={Math.max(1, Math.min(6, swatch.width))} strokeLinecap="round" />}
      {swatch.geometry === 'polygon' && (
        <rect x={2} y={2} width={14} height={14} fill={css(swatch.fillColor ?? swatch.color)} stroke={css(swatch.color)} strokeWidth={Math.max(1, Math.min(3, swatch.width))} />
      )}
    </svg>
  );
}
