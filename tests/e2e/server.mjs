// A plain static file server for the release build: serves a folder under a sub-path (as a
// GitHub Pages project site would), with no fallback to index.html for unknown paths.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves `root` at `http://127.0.0.1:<port><base>`; resolves to { url, close }. `cacheControl`
 * is the header every file is sent with (a host such as GitHub Pages lets browsers keep files
 * for ten minutes: `max-age=600`).
 */
export function serve(root, base = '/parlour/', port = 0, { cacheControl = 'no-cache' } = {}) {
  const top = resolve(root);
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    if (!path.startsWith(base)) {
      response.writeHead(404).end('not found');
      return;
    }
    let file = normalize(join(top, path.slice(base.length)));
    if (!file.startsWith(top)) {
      response.writeHead(403).end('forbidden');
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': cacheControl,
      });
      response.end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  });
  return new Promise((done) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: actual } = server.address();
      done({ url: `http://127.0.0.1:${actual}${base}`, close: () => server.close() });
    });
  });
}

// Run directly: node server.mjs DIST [BASE] [PORT]
if (import.meta.url === `file://${process.argv[1]}`) {
  const [root = '../../dist', base = '/parlour/', port = '8090'] = process.argv.slice(2);
  serve(root, base, Number(port)).then(({ url }) => console.log(`serving ${root} at ${url}`));
}
