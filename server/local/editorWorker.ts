/**
 * The staff editor's backend on a thread of its own (`npm start`): checking a save, merging and publishing take tens
 * to hundreds of milliseconds of CPU, which on the server's own thread would hold up every page served meanwhile.
 * The thread holds the editor's whole backend (its handler, its database, the Git host); requests and answers
 * cross as plain bytes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CLOSED, closeLocalEditorDatabase, localEditorHandler } from './localEditor.ts';
import { fromWire, toWire, type WireRequest } from './wire.ts';

const port = parentPort;
if (!port) throw new Error('editorWorker.ts runs as a worker thread of npm start.');
const { origin } = workerData as { origin: string };
const handler = localEditorHandler({ origin: () => origin });
handler.catch((error: unknown) => console.error(`The staff editor is not available: ${error instanceof Error ? error.message : String(error)}`));

port.on('message', (message: { id: number; kind: 'request' | 'admit'; request: WireRequest }) => {
  void (async () => {
    if (message.id === CLOSED) {
      await closeLocalEditorDatabase().catch((error: unknown) => console.error(`The editor's database did not close cleanly: ${String(error)}`));
      port.postMessage({ id: CLOSED });
      return;
    }
    try {
      const editor = await handler;
      const answer = message.kind === 'admit' ? await editor.admit(fromWire(message.request)) : await editor(fromWire(message.request));
      const wire = answer && await toWire(answer);
      port.postMessage({ id: message.id, response: wire }, wire ? [wire.body] : []);
    } catch (error) {
      port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  })();
});
