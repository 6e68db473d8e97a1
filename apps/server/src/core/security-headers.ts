import type { FastifyInstance } from 'fastify';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  // The document preview shows a controlled PDF in the browser's own viewer, in an iframe on a
  // blob: URL the app made from the file's bytes (docs/decisions/0019-document-preview.md).
  // Nothing else may be framed: no other origin, and object/embed stay off (object-src 'none').
  "frame-src 'self' blob:",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // Ant Design writes its CSS-in-JS into style elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
];

/**
 * The security headers of every response (the set helmet sent, with the app's strict CSP),
 * computed once. HSTS and `upgrade-insecure-requests` only when the app is served over HTTPS
 * (`PUBLIC_URL`): on a plain-HTTP address they would make the browser ask for https and fail.
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const https = new URL(publicUrl).protocol === 'https:';
  const csp = https ? [...CONTENT_SECURITY_POLICY, 'upgrade-insecure-requests'] : CONTENT_SECURITY_POLICY;
  return {
    'content-security-policy': csp.join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Sets them first thing, so a route may still replace one (a stored file's own CSP). */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const headers = securityHeaders(publicUrl);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
