// The password is sent as the SHA-512 hex of the text (spec 2 §7), computed with Web Crypto.
export async function sha512Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-512', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Spec 2 §5: at least 8 characters, at least one digit and at least one letter. */
export const PASSWORD_MIN_LENGTH = 8;
export function passwordValid(p: string): boolean {
  return p.length >= PASSWORD_MIN_LENGTH && /\d/.test(p) && /\p{L}/u.test(p);
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
