/** React 19 puts hoistable tags (image preloads, <title>, <meta>) at the start of its HTML: they belong in <head>. */
export function splitHoisted(html: string): { hoisted: string; body: string } {
  const hoisted = /^(?:<(?:link|meta)\b[^>]*>|<title>[^<]*<\/title>)+/.exec(html)?.[0] ?? '';
  return { hoisted, body: html.slice(hoisted.length) };
}
