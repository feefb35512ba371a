import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findViolations, type SourceFile } from './boundaries.ts';

const root = join(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'build', '.react-router', 'data', '.git']);

function walk(dir: string, out: SourceFile[]): SourceFile[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) out.push({ path: relative(root, full), source: readFileSync(full, 'utf8') });
  }
  return out;
}

const files = ['packages', 'apps'].flatMap((d) => walk(join(root, d), []));
const problems = findViolations(files);
if (problems.length > 0) {
  console.error(`의존성 경계 위반 (dependency boundary violations): ${problems.length}\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`의존성 경계 확인 완료 (boundaries ok): ${files.length} files`);
