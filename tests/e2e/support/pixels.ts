// Reads what a canvas really shows: takes a Playwright screenshot of an element and decodes the PNG inside the page
// (no image library needed), returning pixel statistics for assertions such as "the WebGL canvas drew".
import type { Locator, Page } from 'playwright-core';

export interface PixelStats { distinctColours: number; matching: number }

/** Counts distinct colours and the pixels matching `match` (r,g,b ranges) in an element's screenshot. */
export async function pixelStats(page: Page, el: Locator, match?: { r: [number, number]; g: [number, number]; b: [number, number] }): Promise<PixelStats> {
  const png = (await el.screenshot()).toString('base64');
  return page.evaluate(async ({ png, match }) => {
    const img = new Image();
    img.src = `data:image/png;base64,${png}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, c.width, c.height).data;
    const colours = new Set<number>();
    let matching = 0;
    for (let i = 0; i < px.length; i += 4) {
      colours.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
      if (match && px[i] >= match.r[0] && px[i] <= match.r[1] && px[i + 1] >= match.g[0] && px[i + 1] <= match.g[1] && px[i + 2] >= match.b[0] && px[i + 2] <= match.b[1]) matching++;
    }
    return { distinctColours: colours.size, matching };
  }, { png, match });
}
