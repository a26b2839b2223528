// Serves dist/ on 127.0.0.1 (port from the first argument or PORT, default 8080). Only this
// machine can reach it. Used by `tools/run.sh` and by the end-to-end tests, which serve it under a
// sub-path (`/exerscope/`), as GitHub Pages serves a project's site: nothing outside it is found.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.png': 'image/png',
};

export function serve(dist, port = 0, base = '/') {
  const root = path.resolve(dist);
  const server = http.createServer((request, response) => {
    let file = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    if (file.endsWith('/')) file += 'index.html';
    const inside = file.startsWith(base);
    const full = path.join(root, file.slice(base.length));
    if (!inside || !full.startsWith(root) || !fs.existsSync(full) || fs.statSync(full).isDirectory()) {
      response.writeHead(404);
      response.end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': MIME[path.extname(full)] ?? 'application/octet-stream' });
    fs.createReadStream(full).pipe(response);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const port = Number(process.argv[2] ?? process.env.PORT ?? 8080);
  const server = await serve(path.join(here, '..', 'dist'), port);
  console.log(`exerscope: http://127.0.0.1:${server.address().port}/ (Ctrl-C stops)`);
}
