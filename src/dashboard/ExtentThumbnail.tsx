// A small map-extent thumbnail of a project (dashboard row): the cells of a coarse grid over the project's network
// extent that hold network objects, drawn as inline SVG from the list answer's summary (no request per row). The grid
// keeps the extent's aspect ratio inside the box.
import { useTranslation } from 'react-i18next';
import { GRID_COLUMNS, GRID_ROWS, type ProjectSummary } from 'common/project-summary';
const W = 64;
const H = 40;

export function ExtentThumbnail({ name, summary }: { name: string; summary: ProjectSummary | null | undefined }) {
  const { t } = useTranslation();
  const label = summary?.extent ? t('dashboard.thumbnail', { name }) : t('dashboard.no_network');
  const e = summary?.extent;
  // Fit the extent's aspect ratio into the box; the grid spans the fitted rectangle.
  const ratio = e ? Math.max(e[2] - e[0], 1e-9) / Math.max(e[3] - e[1], 1e-9) : W / H;
  const w = ratio >= W / H ? W - 4 : (H - 4) * ratio;
  const h = ratio >= W / H ? (W - 4) / ratio : H - 4;
  const x0 = (W - w) / 2;
  const y0 = (H - h) / 2;
  const cw = w / GRID_COLUMNS;
  const ch = h / GRID_ROWS;
  return (
    <svg className="extent-thumbnail" width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} data-testid="extent-thumbnail"
      data-cells={summary?.cells.length ?? 0}>
      <title>{label}</title>
      <rect x="0.5" y="0.5" width={W - 1} height={H - 1} rx="3" fill="#eef3f7" stroke="#b8c4ce" />
      {e && <rect x={x0} y={y0} width={w} height={h} fill="none" stroke="#7f98ad" strokeDasharray="2 1.5" strokeWidth="0.8" />}
      {e && summary?.cells.map((c) => (
        <rect key={c} x={x0 + (c % GRID_COLUMNS) * cw} y={y0 + Math.floor(c / GRID_COLUMNS) * ch} width={Math.max(cw, 1)} height={Math.max(ch, 1)} fill="#1f6fb2" />
      ))}
    </svg>
  );
}
