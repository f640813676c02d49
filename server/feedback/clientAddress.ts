/**
 * The visitor's address on Supabase, for the rate limit. Supabase's edge sits behind Cloudflare, which sets
 * CF-Connecting-IP to the address that opened the connection and replaces any value a client sent. X-Forwarded-For and
 * X-Real-IP are not trusted: a client can write either, and a limit keyed on them is a limit the client chooses.
 * Without the header (never on Supabase's own domain) there is no address, and no per-visitor limit for that request.
 */
export const EDGE_CLIENT_ADDRESS_HEADER = 'cf-connecting-ip';

export function edgeClientAddress(request: Request): string | null {
  return request.headers.get(EDGE_CLIENT_ADDRESS_HEADER)?.trim() || null;
}
