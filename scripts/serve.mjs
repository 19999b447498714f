#!/usr/bin/env node
// A small static server for the built app (dist/), with no dependencies: a plain static host, as a
// course's web server would be (`npm start` uses vite preview). The browser tests serve the build
// with both, so the offline store is tried behind two kinds of host. The port comes from PORT (0
// picks any free one) or is 4173; if that port is taken, a free one is used instead. Prints the
// URL on one line.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SECURITY_HEADERS } from './csp.mjs';

const ROOT = resolve(fileURLToPath(new URL('../dist', import.meta.url)));
const DEFAULT_PORT = 4173;
const HOST = process.env.HOST || '127.0.0.1';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Resolves a request path inside ROOT, or null if it would leave it. */
function fileFor(urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  if (path.endsWith('/')) path += 'index.html';
  const full = normalize(join(ROOT, path));
  return full === ROOT || full.startsWith(ROOT + sep) ? full : null;
}

async function handle(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', ...SECURITY_HEADERS }).end();
    return;
  }
  const file = fileFor(req.url || '/');
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info || !info.isFile()) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS }).end('Not found\n');
    return;
  }
  const hashed = file.includes(`${sep}assets${sep}`);
  res.writeHead(200, {
    'Content-Type': MIME[extname(file).toLowerCase()] || 'application/octet-stream',
    'Content-Length': info.size,
    // As a host that may compress says: the response depends on a header the service worker's own
    // requests (on install) do not send as the page's do.
    Vary: 'Accept-Encoding',
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...SECURITY_HEADERS,
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

/** Listens on `port`, or on any free port if it is taken. Resolves to the bound port. */
function listen(server, port) {
  return new Promise((resolvePort, reject) => {
    const onError = (error) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE' && port !== 0) {
        process.stderr.write(`Port ${port} is in use; picking a free one.\n`);
        resolvePort(listen(server, 0));
      } else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolvePort(server.address().port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, HOST);
  });
}

async function main() {
  const index = await stat(join(ROOT, 'index.html')).catch(() => null);
  if (!index) {
    process.stderr.write('dist/index.html not found: run `vite build` first (npm start does both).\n');
    process.exit(1);
  }
  const requested = process.env.PORT === undefined || process.env.PORT === '' ? DEFAULT_PORT : Number(process.env.PORT);
  if (!Number.isInteger(requested) || requested < 0 || requested > 65535) {
    process.stderr.write(`PORT must be a whole number from 0 to 65535; got ${process.env.PORT}\n`);
    process.exit(2);
  }
  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`Server error: ${error.message}\n`);
    });
  });
  const port = await listen(server, requested);
  const shown = HOST === '0.0.0.0' || HOST === '127.0.0.1' ? 'localhost' : HOST;
  process.stdout.write(`Tape Lab is being served at http://${shown}:${port}/\n`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
