/** Headers sent with every answer of `npm start`, and written to dist/_headers for static hosts. */
export const securityHeaders: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

export function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (urlPath.endsWith('.html') || !/\.[a-z0-9]+$/i.test(urlPath)) return 'no-cache';
  return 'public, max-age=86400';
}
