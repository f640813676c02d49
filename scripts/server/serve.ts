import { createServer, type Server } from 'node:http';
import { handleFunction } from './functions.ts';
import { createStaticHandler } from './static.ts';

export interface ServeOptions { distDir: string; port: number; host: string }

/** The production server: prerendered pages and files from dist/, plus the backend functions on the same origin. */
export function startServer({ distDir, port, host }: ServeOptions): Promise<Server> {
  const serveStatic = createStaticHandler(distDir);
  const server = createServer((req, res) => {
    handleFunction(req, res)
      .then((handled) => { if (!handled) serveStatic(req, res); })
      .catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('Internal server error');
      });
  });
  // Longer than clients keep idle sockets (undici: 4 s, browsers up to 60 s) so that a reused connection is never
  // closed by the server at the moment a request is sent on it ("other side closed").
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
