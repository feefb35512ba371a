import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findViolations, importsOf } from './boundaries.ts';

const root = join(import.meta.dirname, '..');
const file = (path: string, ...imports: string[]) => ({ path, source: imports.map((spec) => `import { x } from '${spec}';`).join('\n') });
const check = (path: string, ...imports: string[]) => findViolations([file(path, ...imports)]);

describe('importsOf', () => {
  it('reads static, type, re-export, side-effect, multi-line and dynamic imports', () => {
    const source = [
      "import a from 'a';",
      "import type { B } from './b.ts';",
      "import {\n  c,\n  d,\n} from '../c';",
      "export * from './e.ts';",
      "export { f } from 'f';",
      "import 'g';",
      "const h = await import('h');",
      'import * as i from "i";',
    ].join('\n');
    expect(importsOf(source)).toEqual(['a', './b.ts', '../c', './e.ts', 'f', 'g', 'h', 'i']);
  });
});

describe('findViolations flags each forbidden import', () => {
  it('contract → apps, and contract → anything but zod', () => {
    expect(check('packages/contract/src/format.ts', '../../../apps/api/src/app.ts')).toEqual([
      expect.stringContaining('contract must not import apps'),
    ]);
    expect(check('packages/contract/src/format.ts', '@beesang/web')).toContainEqual(
      expect.stringContaining('contract must not import apps'),
    );
    expect(check('packages/contract/src/format.ts', 'react')).toEqual([expect.stringContaining('contract depends on zod only')]);
  });

  it('web → api', () => {
    expect(check('apps/web/app/routes/home.tsx', '../../../api/src/app.ts')).toEqual([expect.stringContaining('web must not import api')]);
    expect(check('apps/web/app/root.tsx', '@beesang/api')).toEqual([expect.stringContaining('web must not import api')]);
  });

  it('api → web', () => {
    expect(check('apps/api/src/plugins/ssr.ts', '../../../web/app/root.tsx')).toEqual([expect.stringContaining('api must not import web')]);
    expect(check('apps/api/src/app.ts', '@beesang/web')).toEqual([expect.stringContaining('api must not import web')]);
  });

  it('feature → another feature', () => {
    const problems = check('apps/web/app/features/search/search-box.tsx', '../stocks/stock-rows');
    expect(problems).toEqual([expect.stringContaining('a feature must not import another feature')]);
    expect(problems[0]).toContain('apps/web/app/features/search/search-box.tsx');
    expect(check('apps/web/app/features/stocks/nested/deep.tsx', '../../content/content-list')).toHaveLength(1);
  });

  it('service → Fastify', () => {
    for (const spec of ['fastify', '@fastify/static', 'fastify-type-provider-zod']) {
      expect(check('apps/api/src/modules/stock/stock.service.ts', spec), spec).toEqual([
        expect.stringContaining('services know nothing of Fastify'),
      ]);
    }
  });

  it('Kysely outside repositories and db/', () => {
    for (const path of [
      'apps/api/src/modules/stock/stock.service.ts',
      'apps/api/src/modules/stock/stock.routes.ts',
      'apps/api/src/app.ts',
    ]) {
      expect(check(path, 'kysely'), path).toEqual([expect.stringContaining('only repositories (and db/) touch Kysely')]);
    }
    expect(check('apps/api/src/modules/stock/search-index.ts', 'kysely/helpers/postgres')).toHaveLength(1);
  });

  it("a module → another module's repository", () => {
    for (const spec of ['../stock/stock.repository.ts', '../stock/stock.repository']) {
      expect(check('apps/api/src/modules/seo/seo.routes.ts', spec), spec).toEqual([
        expect.stringContaining("a module calls another module's service, never its repository"),
      ]);
    }
  });

  it('reports every violation of every file', () => {
    const problems = findViolations([
      file('apps/api/src/modules/stock/stock.service.ts', 'fastify', 'kysely'),
      file('apps/web/app/features/search/search-box.tsx', '../stocks/stock-rows', '@beesang/api'),
    ]);
    expect(problems).toHaveLength(4);
  });
});

describe('findViolations passes clean files', () => {
  it('allows the imports the architecture intends', () => {
    const clean = [
      file('packages/contract/src/format.ts', './messages.ts', 'zod', 'node:util'),
      file('packages/contract/src/format.test.ts', 'vitest', './format.ts'),
      file('apps/web/app/features/search/search-box.tsx', './search-api', '../../components/ui/card', '@beesang/contract', 'react'),
      file('apps/web/app/routes/home.tsx', '../features/stocks/ranking-board', '../features/content/content-list'),
      file('apps/api/src/modules/stock/stock.service.ts', './stock.repository.ts', '@beesang/contract', '../../lib/clock.ts'),
      file('apps/api/src/modules/stock/stock.routes.ts', 'fastify-type-provider-zod', 'zod', './stock.service.ts'),
      file('apps/api/src/modules/stock/stock.repository.ts', 'kysely', '../../db/database.ts'),
      file('apps/api/src/db/migrate.ts', 'kysely/migration'),
      file('apps/api/src/modules/media/media.routes.ts', '../stock/stock.service.ts', 'fastify-type-provider-zod'),
      file('apps/api/src/modules/seo/seo.test.ts', '../stock/stock.repository.ts', 'kysely'),
      file('apps/api/src/test/factories.ts', 'kysely'),
      file('apps/api/src/app.ts', './modules/stock/stock.repository.ts', 'fastify', '@fastify/compress'),
    ];
    expect(findViolations(clean)).toEqual([]);
  });

  it("passes the API's and the contract's own sources", () => {
    const paths = [
      'apps/api/src/app.ts',
      'apps/api/src/modules/stock/stock.service.ts',
      'apps/api/src/modules/stock/stock.repository.ts',
      'apps/api/src/modules/stock/stock.routes.ts',
      'apps/api/src/modules/media/media.routes.ts',
      'apps/api/src/modules/seo/seo.routes.ts',
      'apps/api/src/db/migrate.ts',
      'packages/contract/src/index.ts',
      'packages/contract/src/stock-schemas.ts',
    ];
    const files = paths.map((path) => ({ path, source: readFileSync(join(root, path), 'utf8') }));
    expect(files.every((f) => importsOf(f.source).length > 0)).toBe(true);
    expect(findViolations(files)).toEqual([]);
  });
});
