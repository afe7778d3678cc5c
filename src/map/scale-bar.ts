// Metric scale bar (spec 1 §2, §9): the smallest round length (1, 2, 5 × 10ⁿ m) whose bar is at least 100 px wide.
import { SCALE_BAR_MIN_WIDTH } from './constants';

export function scaleBar(metresPerPixel: number, minWidth = SCALE_BAR_MIN_WIDTH): { widthPx: number; label: string; metres: number } {
  const minMetres = metresPerPixel * minWidth;
  let exp = Math.floor(Math.log10(minMetres));
  let metres = 0;
  for (;;) {
    const p = 10 ** exp;
    const pick = [1, 2, 5].map((m) => m * p).find((m) => m >= minMetres - 1e-9);
    if (pick) { metres = pick; break; }
    exp++;
  }
  const label = metres >= 1000 ? `${metres / 1000} km` : metres >= 1 ? `${metres} m` : `${Math.round(metres * 100)} cm`;
  return { widthPx: metres / metresPerPixel, label, metres };
}
