/**
 * Writes .vscode/site.schema.json: the schema as text editors read it, with this site's ids (src/content/editorSchema.ts).
 * Run by `npm install`; `npm run check`, the build and the preview keep it current.
 */
import { writeEditorSchema } from '../src/content/editorSchema.ts';
import { DEFAULT_SITE_FILE } from '../src/content/siteFiles.ts';

writeEditorSchema(DEFAULT_SITE_FILE);
