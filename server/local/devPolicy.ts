import react from '@vitejs/plugin-react';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Plugin } from 'vite';
import { configuredSupabaseUrl, securityHeadersFor } from '../../build/headers.ts';

export interface DevPolicyOptions {
  /** Origins that show these pages in a frame (the editor, for its preview); nobody, as on the site, when not given. */
  framedBy?: string[];
  /** Inline scripts that other plugins write into the pages, allowed by their exact text. */
  inlineScripts?: string[];
}

/** The one inline script Vite's development pages hold: the React plugin's fast-refresh preamble. */
const REACT_PREAMBLE = react.preambleCode.replace('__BASE__', '/');
/** A Host header fit to be written into the policy (Vite refuses other hosts afterwards; here it must not add words). */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

/**
 * The site's own security headers on a development server's pages (`npm run dev`, the editor's preview), so that
 * what the policy would block on the website is seen while editing, with only what Vite's development client needs
 * added: its inline script by its hash (never a nonce for scripts: Vite writes a nonce into every <script> of the page,
 * one that came from the content too); a nonce for the <style> elements it adds per module, new for every start; and
 * its live-reload socket.
 */
export function devSitePolicy(options: DevPolicyOptions = {}): Plugin {
  const styleNonce = randomBytes(18).toString('base64');
  let supabaseUrl: string | undefined;
  // Made once per address the server is reached by (127.0.0.1 or localhost), not on each of a page's many requests.
  const made = new Map<string, Record<string, string>>();
  const headers = (req: IncomingMessage): Record<string, string> => {
    const host = String(req.headers.host ?? '');
    const known = made.get(host);
    if (known) return known;
    const framedBy = options.framedBy ?? [];
    const dev = { inlineScripts: [REACT_PREAMBLE, ...(options.inlineScripts ?? [])], styleNonce, connect: PLAIN_HOST.test(host) ? [`ws://${host}`] : [], frameAncestors: framedBy };
    const all = securityHeadersFor({ supabaseUrl, dev });
    // A framed preview: the frame's own rules decide (browsers ignore X-Frame-Options beside frame-ancestors), and
    // the editor beside it shows the preview's pictures. Chromium refuses "same-site" between two ports of 127.0.0.1
    // (ERR_BLOCKED_BY_RESPONSE.NotSameSite: every picture's thumbnail was broken); which pages may ask at all is
    // decided before (the editor's allowedRequest: never another site).
    const chosen = framedBy.length ? { ...all, 'X-Frame-Options': 'SAMEORIGIN', 'Cross-Origin-Resource-Policy': 'cross-origin' } : all;
    if (PLAIN_HOST.test(host) && made.size < 8) made.set(host, chosen);
    return chosen;
  };
  return {
    name: 'dev-site-policy',
    apply: 'serve',
    config: () => ({ html: { cspNonce: styleNonce } }),
    configResolved(config) {
      supabaseUrl = configuredSupabaseUrl(config.env);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        for (const [name, value] of Object.entries(headers(req))) res.setHeader(name, value);
        next();
      });
    },
  };
}
