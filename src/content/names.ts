/**
 * The fields that name an entry, in the order a person would look for a name: its name or title before the short
 * word the file keys it by. The editor's navigator, its list of changes and the checker's messages all name an entry
 * by the first of these it has.
 */
export const NAME_FIELDS = ['name', 'title', 'heading', 'label', 'question', 'alt', 'id', 'slug', 'path'] as const;

/** The field that names `entry` (the first of NAME_FIELDS holding some text), if any. */
export function nameField(entry: unknown): string | undefined {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return undefined;
  const fields = entry as Record<string, unknown>;
  return NAME_FIELDS.find((field) => typeof fields[field] === 'string' && (fields[field] as string).trim());
}
