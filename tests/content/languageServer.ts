import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { limit } from '../../bench/machineSpeed.ts';

const root = resolve(import.meta.dirname, '..', '..');

export interface Diagnostic { range: { start: { line: number; character: number } }; message: string; severity?: number }
interface Message { id?: number; method?: string; params?: unknown; result?: unknown; error?: { message: string } }

/** yaml-language-server (the engine of VS Code's YAML extension) driven over stdio, as an editor drives it. */
export class LanguageServer {
  private process: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private next = 1;
  private pending = new Map<number, (message: Message) => void>();
  private diagnostics = new Map<string, { version: number; list: Diagnostic[] }>();
  private waiting: (() => void)[] = [];
  private versions = new Map<string, number>();

  constructor() {
    this.process = spawn(process.execPath, [join(root, 'node_modules/yaml-language-server/bin/yaml-language-server'), '--stdio'], { cwd: root });
    this.process.stdout.on('data', (chunk: Buffer) => this.read(chunk));
  }

  private read(chunk: Buffer) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, end).toString())?.[1]);
      if (this.buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(end + 4, end + 4 + length).toString()) as Message;
      this.buffer = this.buffer.subarray(end + 4 + length);
      this.handle(message);
    }
  }

  private handle(message: Message) {
    if (message.id !== undefined && !message.method) {
      this.pending.get(message.id)?.(message);
      this.pending.delete(message.id);
    } else if (message.method === 'textDocument/publishDiagnostics') {
      const { uri, diagnostics, version } = message.params as { uri: string; diagnostics: Diagnostic[]; version?: number };
      this.diagnostics.set(uri, { version: version ?? this.versions.get(uri) ?? 0, list: diagnostics });
      this.waiting.splice(0).forEach((wake) => wake());
    } else if (message.id !== undefined && message.method) {
      // Requests from the server (configuration, registrations): answer as an editor with no extra settings would.
      const result = message.method === 'workspace/configuration' ? ((message.params as { items: unknown[] }).items.map(() => this.settings)) : null;
      this.send({ id: message.id, result });
    }
  }

  private settings: unknown = { validate: true, hover: true, completion: true, schemaStore: { enable: false } };

  private send(message: object) {
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    this.process.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }

  request<T>(method: string, params: unknown): Promise<T> {
    const id = this.next++;
    return new Promise((done, fail) => {
      this.pending.set(id, (message) => (message.error ? fail(new Error(message.error.message)) : done(message.result as T)));
      this.send({ id, method, params });
    });
  }

  notify(method: string, params: unknown) {
    this.send({ method, params });
  }

  async start() {
    await this.request('initialize', {
      processId: process.pid, rootUri: pathToFileURL(root).href,
      capabilities: { textDocument: { completion: { completionItem: { snippetSupport: true } }, hover: { contentFormat: ['markdown', 'plaintext'] } }, workspace: { configuration: true } },
    });
    this.notify('initialized', {});
    this.notify('workspace/didChangeConfiguration', { settings: { yaml: this.settings } });
  }

  /** Opens (or changes) a document and returns the diagnostics the server publishes for that version. */
  async diagnose(file: string, text: string, timeout = limit(60_000)): Promise<Diagnostic[]> {
    const uri = pathToFileURL(file).href;
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    this.diagnostics.delete(uri);
    if (version === 1) this.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version, text } });
    else this.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    const started = Date.now();
    while (!this.diagnostics.has(uri)) {
      if (Date.now() - started > timeout) throw new Error(`no diagnostics for ${file}`);
      await new Promise<void>((wake) => { this.waiting.push(wake); setTimeout(wake, 500); });
    }
    return this.diagnostics.get(uri)?.list ?? [];
  }

  completion(file: string, line: number, character: number) {
    return this.request<{ items: { label: string; documentation?: unknown }[] } | { label: string }[]>('textDocument/completion', {
      textDocument: { uri: pathToFileURL(file).href }, position: { line, character },
    });
  }

  hover(file: string, line: number, character: number) {
    return this.request<{ contents: { value: string } | string } | null>('textDocument/hover', { textDocument: { uri: pathToFileURL(file).href }, position: { line, character } });
  }

  async stop() {
    await this.request('shutdown', null).catch(() => undefined);
    this.notify('exit', null);
    this.process.kill();
  }
}
