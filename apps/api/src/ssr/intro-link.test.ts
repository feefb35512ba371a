import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webBuildExists } from '../plugins/ssr.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** INTRO_URL reaches the rendered header through the root loader (decision 0020). Needs `npm run build`. */
const webBuildDir = resolve(import.meta.dirname, '../../../web/build');
let t: TestApp;

beforeAll(async () => {
  if (!webBuildExists(webBuildDir)) throw new Error(`The web app is not built (${webBuildDir}); run \`npm run build\` first.`);
  t = await createTestApp({ companies: 2, web: true, config: { webBuildDir, introUrl: 'https://about.beesang.example/' } });
});
afterAll(async () => {
  await t?.close();
});

it("the first HTML's 서비스 소개 opens INTRO_URL in a new tab, without our window", async () => {
  const res = await t.app.inject({ method: 'GET', url: '/' });
  expect(res.statusCode).toBe(200);
  const header = /<header[\s\S]*?<\/header>/.exec(res.body)?.[0] ?? '';
  const link = /<a [^>]*href="https:\/\/about\.beesang\.example\/"[^>]*>/.exec(header)?.[0] ?? '';
  expect(link).toContain('target="_blank"');
  expect(link).toContain('rel="noopener"');
  expect(header).not.toContain('href="/intro"');
});
