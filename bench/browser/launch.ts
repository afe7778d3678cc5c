// How the browser benches start Chromium (issue 15): BENCH_GL picks the software rasteriser. `swiftshader` (default):
// headless with SwiftShader, as the browser tests run. `llvmpipe`: a headed Chromium on an X display (scripts/bench.mjs
// starts the suite under Debian's xvfb-run when no DISPLAY is set) with ANGLE on Mesa's llvmpipe — ≈ 3–8× faster frames
// here (shared/notes/toolchain.md), so "drawn" times carry less rasteriser and more of the app. Neither is a GPU: the
// results say which was used (`rendererOf`).
import type { LaunchOptions, Page } from 'playwright-core';
// @ts-expect-error plain ESM script without types
import { ensureChromium } from '../../scripts/chromium.mjs';

/** The rasteriser asked for (BENCH_GL). */
export const BENCH_GL: 'swiftshader' | 'llvmpipe' = process.env.BENCH_GL === 'llvmpipe' ? 'llvmpipe' : 'swiftshader';

const COMMON = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--disable-dev-shm-usage', '--enable-precise-memory-info', '--js-flags=--expose-gc'];

/** Chromium's launch options for a browser bench. */
export function benchLaunch(): LaunchOptions {
  if (BENCH_GL === 'llvmpipe') {
    if (!process.env.DISPLAY) throw new Error('BENCH_GL=llvmpipe needs an X display: run the bench through npm run bench:<suite> (it starts xvfb-run)');
    return { executablePath: ensureChromium(), headless: false, args: [...COMMON, '--use-angle=gl', '--ignore-gpu-blocklist'] };
  }
  return { executablePath: ensureChromium(), headless: true, args: [...COMMON, '--enable-unsafe-swiftshader', '--use-angle=swiftshader'] };
}

/** The WebGL renderer the page got (ANGLE's description), for the results. */
export async function rendererOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return 'no WebGL2';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
  });
}
