/**
 * npm run edit: the staff editor on this computer. Forms made from schema/, the site itself as a live preview, the
 * checker on every change, and Review and Publish. The site file itself is the draft (server/local/fileStore.ts), and
 * Publish sends it to this checkout's remote as `npm start` does (LocalGitHost). Listens on 127.0.0.1 only; PORT overrides 5174 (the
 * preview uses the next port); SITE=path/to/site.yaml edits another practice's file.
 */
import { siteFileFromEnv } from '../src/content/siteFiles.ts';
import { startEditor } from '../server/local/editServer.ts';

const port = process.env.PORT ? Number(process.env.PORT) : 5174;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number such as 5174, not "${process.env.PORT}".`);
  process.exit(1);
}
const siteFile = siteFileFromEnv();

startEditor({ siteFile, port }).then((editor) => {
  console.log(`The editor is open at ${editor.url}  (editing ${siteFile})`);
  console.log(`Open that address in your browser. Press Ctrl+C here to stop the editor; your work is saved as you go.`);
  const stop = () => { editor.close().finally(() => process.exit(0)); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}, (error: unknown) => {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') console.error(`Port ${port} (or ${port + 1}, for the preview) is in use: is the editor already open? Close it, or start with another port: PORT=5180 npm run edit`);
  else console.error(`The editor could not start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  process.exit(1);
});
