/**
 * Dependency boundaries of ARCHITECTURE.md. `findViolations` is pure so that a test can show it
 * fails on each forbidden import; `check-boundaries.ts` runs it over the repository.
 */
export interface SourceFile {
  path: string;
  source: string;
}

const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsOf(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(IMPORT)) out.push((m[1] ?? m[2]) as string);
  return out;
}

function resolveRelative(from: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  const parts = from.split('/').slice(0, -1);
  for (const seg of spec.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

export function findViolations(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const p = file.path;
    for (const spec of importsOf(file.source)) {
      const target = resolveRelative(p, spec);
      const say = (rule: string) => problems.push(`${p}: imports '${spec}' — ${rule}`);
      if (p.startsWith('packages/contract/')) {
        if (target.startsWith('apps/') || spec.startsWith('@beesang/api') || spec.startsWith('@beesang/web'))
          say('contract must not import apps');
        const testOnly = /\.test\.ts$/.test(p) && (spec.startsWith('vitest') || spec === 'fast-check');
        if (!spec.startsWith('.') && !['zod'].includes(spec) && !spec.startsWith('node:') && !testOnly) say('contract depends on zod only');
      }
      if (p.startsWith('apps/web/') && (target.startsWith('apps/api') || spec.startsWith('@beesang/api'))) say('web must not import api');
      if (p.startsWith('apps/api/') && (target.startsWith('apps/web') || spec.startsWith('@beesang/web'))) say('api must not import web');
      const feature = /^apps\/web\/app\/features\/([^/]+)\//.exec(p)?.[1];
      const targetFeature = /^apps\/web\/app\/features\/([^/]+)/.exec(target)?.[1];
      if (feature && targetFeature && feature !== targetFeature) say('a feature must not import another feature');
      if (
        /^apps\/api\/src\/modules\/.+\.service\.ts$/.test(p) &&
        (spec === 'fastify' || spec.startsWith('@fastify/') || spec.startsWith('fastify-'))
      ) {
        say('services know nothing of Fastify');
      }
      const isTest = /\.test\.tsx?$/.test(p) || p.includes('/test/');
      if (spec === 'kysely' || spec.startsWith('kysely/')) {
        const allowed = p.endsWith('.repository.ts') || p.startsWith('apps/api/src/db/') || isTest;
        if (!allowed) say('only repositories (and db/) touch Kysely');
      }
      const module = /^apps\/api\/src\/modules\/([^/]+)\//.exec(p)?.[1];
      const targetModule = /^apps\/api\/src\/modules\/([^/]+)\/.*\.repository(\.ts)?$/.exec(target)?.[1];
      if (module && targetModule && module !== targetModule && !isTest)
        say("a module calls another module's service, never its repository");
    }
  }
  return problems;
}
