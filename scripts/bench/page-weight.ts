import { gzipSync } from 'node:zlib';

/** Bytes (gzip) of the JavaScript a page loads before any interaction: entry, route modules, preloads. */
export async function initialJsGzip(origin: string, path: string): Promise<{ files: number; bytes: number }> {
  const html = await (await fetch(origin + path)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/import\s*\(?\s*["']([^"']+\.js)["']/g)) urls.add(m[1] as string);
  let bytes = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, origin))).arrayBuffer());
    bytes += gzipSync(body, { level: 6 }).length;
  }
  return { files: urls.size, bytes };
}
