import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { handleFunction, logRequestProblem, requestUrl } from './functions.ts';
import { securityHeaders } from '../../build/headers.ts';
import { createStaticHandler } from './static.ts';

/** `publicDir`: the site's public/, whose pictures and PDFs added after the build are served too (npm start). */
export interface ServeOptions { distDir: string; port: number; host: string; publicDir?: string }

/** A whole answer written straight to the socket, for requests Node could not even parse. */
function rawAnswer(status: number, reason: string, message: string): string {
  const headers = {
    ...securityHeaders,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(message)),
    'Cache-Control': 'no-store',
    Connection: 'close',
  };
  return [`HTTP/1.1 ${status} ${reason}`, ...Object.entries(headers).map(([key, value]) => `${key}: ${value}`), '', message].join('\r\n');
}

/** The production server: prerendered pages and files from dist/, plus the backend functions on the same origin. */
export function startServer({ distDir, port, host, publicDir }: ServeOptions): Promise<Server> {
  const serveStatic = createStaticHandler(distDir, { publicDir });
  const server = createServer((req, res) => {
    if (!requestUrl(req)) {
      logRequestProblem(req, 'refused: the request target or Host header is not a valid address');
      res.writeHead(400, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
      res.end('Bad request.');
      return;
    }
    handleFunction(req, res, host)
      .then((handled) => { if (!handled) serveStatic(req, res); })
      .catch((error: unknown) => {
        logRequestProblem(req, 'failed', error);
        if (!res.headersSent) res.writeHead(500, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end('Internal server error');
      });
  });
  // Requests Node's parser refuses (a malformed line or header, headers too large, too slow): the usual headers and
  // one line in the log instead of Node's bare answer.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason] =
      error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout']
          : [400, 'Bad Request'];
    console.error(`${new Date().toISOString()} refused a request that is not valid HTTP (${error.code ?? 'unknown'}): ${status}`);
    socket.end(rawAnswer(status, reason, `${reason}.`));
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
