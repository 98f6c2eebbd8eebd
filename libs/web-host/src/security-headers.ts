/**
 * The headers every answer of a web app carries. The CSP allows scripts, styles and fonts from
 * the app's own origin only (the build has no inline script or style) and calls to the API's
 * origin; pages cannot be framed, and nothing of the address leaves with a link.
 */
export function securityHeaders(apiBaseUrl: string): Record<string, string> {
  const api = new URL(apiBaseUrl).origin;
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${api}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'X-Frame-Options': 'DENY',
  };
}
