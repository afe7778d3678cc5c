// What the image layers need from the signed-in session outside React: the bearer token (for our own /api tiles and
// /api/proxy) and the street-level atlas address (GET /api/cyclomedia/atlas). Kept up to date by useLayerSettings.
let token: string | null = null;
let atlas: string | null = null;

export const imageContext = {
  token: (): string | null => token,
  atlas: (): string | null => atlas,
};

export function setImageContext(p: { token?: string | null; atlas?: string | null }): void {
  if (p.token !== undefined) token = p.token;
  if (p.atlas !== undefined) atlas = p.atlas;
}
