/**
 * What the annotation keywords in the schema saw while validating: the engine's hooks into the data. Its own module,
 * with nothing of ajv or Node, because the editor's preview fills one in the browser too (src/site/preview/).
 */
export interface Collected {
  /** JSON pointers of markdown strings, rendered to HTML at compile time. */
  markdown: string[];
  hrefs: { pointer: string; value: string }[];
  /** `fields`: what the referring block renders (schema keyword entityFields); absent means the whole entry. */
  refs: { pointer: string; collection: string; value: string; fields?: string[] }[];
  assets: { pointer: string; value: string }[];
  /** Icon names chosen in the content; their path data ships with the page that names them. */
  icons: { pointer: string; value: string }[];
  /** Phone numbers (schema keyword phoneNumber), checked to be Australian numbers that a tel: link can dial. */
  phones: { pointer: string; value: string }[];
  /** Calendar days (schema keyword calendarDay) that pages show as words; written out at build time. */
  days: { pointer: string; value: string }[];
}

export function emptyCollected(): Collected {
  return { markdown: [], hrefs: [], refs: [], assets: [], icons: [], phones: [], days: [] };
}
