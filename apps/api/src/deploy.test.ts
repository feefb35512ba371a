import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from './config/config.ts';

/**
 * deploy/: the container image and the Kubernetes manifests, read the way kubectl and docker would
 * read them, and checked against the app they run (issue 12).
 */
const root = resolve(import.meta.dirname, '../../..');
const k8sDir = join(root, 'deploy/k8s');

type Doc = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> }; [key: string]: unknown };
// biome-ignore lint/suspicious/noExplicitAny: manifests are untyped YAML; each test checks the shape it reads.
type Any = any;

const files = readdirSync(k8sDir).filter((f) => f.endsWith('.yaml'));
const docs: Array<Doc & { file: string }> = files.flatMap((file) =>
  parseAllDocuments(readFileSync(join(k8sDir, file), 'utf8')).map((d) => {
    expect(d.errors, file).toEqual([]);
    return { ...(d.toJS() as Doc), file };
  }),
);
const one = (kind: string): Any => {
  const found = docs.filter((d) => d.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0];
};
const named = (kind: string, name: string): Any => {
  const found = docs.filter((d) => d.kind === kind && d.metadata.name === name);
  expect(found, `${kind} ${name}`).toHaveLength(1);
  return found[0];
};

describe('Kubernetes manifests', () => {
  it('every file parses, and every object has apiVersion, kind and a name', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const d of docs) {
      expect(d.apiVersion, d.file).toMatch(/^[a-z0-9./-]+$/);
      expect(d.kind, d.file).toMatch(/^[A-Z][A-Za-z]+$/);
      if (d.kind !== 'Kustomization') expect(d.metadata?.name, d.file).toMatch(/^[a-z0-9-]+$/);
    }
    const kustomization = one('Kustomization');
    for (const resource of kustomization.resources) expect(existsSync(join(k8sDir, resource)), resource).toBe(true);
  });

  it('the Deployment is ready on /readyz, alive on /healthz, drains before the grace period ends', () => {
    const deployment = one('Deployment');
    expect(deployment.apiVersion).toBe('apps/v1');
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    const http = container.ports.find((p: Any) => p.name === 'http');
    expect(http.containerPort).toBe(3000);
    expect(container.env.find((e: Any) => e.name === 'PORT').value).toBe(String(http.containerPort));
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    // The server exits within 10 s of SIGTERM (SECURITY.md 20), after preStop's wait.
    const preStop = Number(container.lifecycle.preStop.exec.command[1]);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(preStop + 10);
    expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    // The selector picks the template's pods.
    for (const [k, v] of Object.entries(deployment.spec.selector.matchLabels)) expect(deployment.spec.template.metadata.labels[k]).toBe(v);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
  });

  it('the Service reaches the Deployment’s pods on their http port', () => {
    const service = one('Service');
    const deployment = one('Deployment');
    for (const [k, v] of Object.entries(service.spec.selector)) expect(deployment.spec.template.metadata.labels[k], k).toBe(v);
    expect(service.spec.ports[0].targetPort).toBe('http');
  });

  it('the HorizontalPodAutoscaler scales that Deployment and keeps at least two instances', () => {
    const hpa = one('HorizontalPodAutoscaler');
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: one('Deployment').metadata.name });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    const pdb = one('PodDisruptionBudget');
    expect(pdb.spec.selector.matchLabels).toEqual(one('Deployment').spec.selector.matchLabels);
  });

  it('the migration Job runs the migrator with the same image and settings, once', () => {
    const job = one('Job');
    const deployment = one('Deployment');
    const [container] = job.spec.template.spec.containers;
    expect(container.command).toEqual(['node', 'apps/api/src/db/migrate-cli.ts']);
    expect(existsSync(join(root, container.command[1]))).toBe(true);
    expect(container.image).toBe(deployment.spec.template.spec.containers[0].image);
    expect(container.envFrom).toEqual(deployment.spec.template.spec.containers[0].envFrom);
    expect(['Never', 'OnFailure']).toContain(job.spec.template.spec.restartPolicy);
    // The Job's pods must not be taken for the Service's.
    expect(job.spec.template.metadata.labels['app.kubernetes.io/component']).not.toBe('web');
  });

  it('the migration Job alone holds the owner’s address; the site’s pods never see it (decision 0022)', () => {
    const job = one('Job');
    const [container] = job.spec.template.spec.containers;
    const ref = container.env.find((e: Any) => e.name === 'MIGRATION_DATABASE_URL').valueFrom.secretKeyRef;
    const secret = named('Secret', ref.name);
    expect(secret.stringData[ref.key]).toMatch(/^postgres:\/\//);
    const site = one('Deployment').spec.template.spec.containers[0];
    expect(site.envFrom.map((r: Any) => r.secretRef?.name).filter(Boolean)).not.toContain(ref.name);
    expect(JSON.stringify(site)).not.toContain('MIGRATION_DATABASE_URL');
    for (const refs of site.envFrom)
      if (refs.secretRef) expect(named('Secret', refs.secretRef.name).stringData.MIGRATION_DATABASE_URL).toBeUndefined();
    // Applied with the rest (kubectl apply -k), so a rollout cannot forget it.
    expect(one('Kustomization').resources).toContain(job.file);
    // Two roles: the owner migrates, the site is someone else, and the server takes both.
    const env = {
      ...one('ConfigMap').data,
      ...named('Secret', site.envFrom[1].secretRef.name).stringData,
      [ref.key]: secret.stringData[ref.key],
    };
    const loaded = loadConfig(env);
    expect(loaded.migrationDatabaseUrl).toBe(secret.stringData[ref.key]);
    expect(new URL(loaded.migrationDatabaseUrl as string).username).not.toBe(new URL(loaded.databaseUrl as string).username);
  });

  it('the ConfigMap and the example Secret make a configuration the server starts with: S3 for uploads, Redis for the bus, real 본인확인 and SMS', () => {
    const config = one('ConfigMap');
    const secret = named('Secret', 'beesang-secrets');
    const refs = one('Deployment').spec.template.spec.containers[0].envFrom;
    expect(refs).toEqual([{ configMapRef: { name: config.metadata.name } }, { secretRef: { name: secret.metadata.name } }]);
    const env = { ...config.data, ...secret.stringData, PORT: '3000' };
    expect(env.UPLOADS_LOCAL_OK).toBeUndefined();
    const loaded = loadConfig(env);
    expect(loaded.s3?.bucket).toBe(config.data.S3_BUCKET);
    expect(loaded.redisUrl).toMatch(/^rediss?:\/\//);
    expect(loaded.databaseUrl).toMatch(/^postgres:\/\//);
    expect(loaded.devSmsOutbox).toBe(false);
    // Real 본인확인 and SMS: a deployment refuses the simulated ones unless told otherwise.
    expect(loaded.identity.provider).toBe('portone');
    expect(loaded.sms.provider).toBe('solapi');
    expect(env.ALLOW_SIMULATED_PROVIDERS).toBeUndefined();
    // Secrets stay out of the ConfigMap.
    for (const key of [
      'DATABASE_URL',
      'MIGRATION_DATABASE_URL',
      'REDIS_URL',
      'AUTH_SECRET',
      'S3_SECRET_ACCESS_KEY',
      'PORTONE_API_SECRET',
      'SOLAPI_API_KEY',
      'SOLAPI_API_SECRET',
    ])
      expect(config.data[key], key).toBeUndefined();
  });
});

describe('Dockerfile', () => {
  const text = readFileSync(join(root, 'deploy/Dockerfile'), 'utf8');
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  it('builds on Node 24, copies only files that exist, runs the server as a non-root user on the Deployment’s port', () => {
    const froms = lines.filter((l) => l.startsWith('FROM '));
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms) expect(from).toMatch(/^FROM node:24[-\w.]*( AS \w+)?$/);
    for (const copy of lines.filter((l) => l.startsWith('COPY ') && !l.includes('--from'))) {
      const sources = copy.split(/\s+/).slice(1, -1);
      for (const source of sources) if (source !== '.') expect(existsSync(join(root, source)), source).toBe(true);
    }
    expect(lines).toContain('USER node');
    const exposed = Number(lines.find((l) => l.startsWith('EXPOSE '))?.split(' ')[1]);
    expect(exposed).toBe(one('Deployment').spec.template.spec.containers[0].ports[0].containerPort);
    const cmd = JSON.parse(lines.find((l) => l.startsWith('CMD '))?.slice(4) ?? '[]') as string[];
    expect(cmd).toEqual(['node', 'apps/api/src/server.ts']);
    expect(existsSync(join(root, cmd[1] as string))).toBe(true);
    expect(text).toMatch(/RUN npm ci\b/);
    expect(text).toMatch(/RUN npm run build\b/);
  });

  it('keeps local state and secrets out of the build context', () => {
    const ignored = readFileSync(join(root, 'deploy/Dockerfile.dockerignore'), 'utf8').split('\n');
    for (const entry of ['.git', '**/node_modules', 'data', '.env']) expect(ignored).toContain(entry);
  });
});
