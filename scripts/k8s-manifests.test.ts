import { readdirSync, readFileSync } from 'node:fs';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Service, ServiceAccount } from 'kubernetes-models/v1';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { configSchema, SECRET_VARIABLES } from '../apps/bff/src/config/config';

// deploy/k8s/ is checked here in milliseconds, without a cluster: every document against the
// Kubernetes API schemas (kubernetes-models), then the rules the BFF's image and shutdown need.

type Doc = { apiVersion?: string; kind?: string; metadata?: { name?: string } } & Record<string, unknown>;
interface Manifest {
  file: string;
  doc: Doc;
}

const dir = new URL('../deploy/k8s/', import.meta.url);
const yamlFiles = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
  .sort();

/** Parsed as YAML 1.1, as kubectl reads it: `yes` is a boolean and `0440` an octal number there too. */
function parse(file: string, text: string): Doc[] {
  return parseAllDocuments(text, { version: '1.1' }).map((d) => {
    if (d.errors.length) throw new Error(`${file}: ${d.errors.map((e) => e.message).join('; ')}`);
    return d.toJS() as Doc;
  });
}
const readText = (file: string) => readFileSync(new URL(file, dir), 'utf8');
const load = (): Manifest[] =>
  yamlFiles.flatMap((file) => parse(file, readText(file)).map((doc) => ({ file, doc })));

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ServiceAccount': ServiceAccount,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

/** What the API server's schema refuses (types, required fields, enums); unknown fields pass, as with kubectl. */
function schemaProblems(manifests: Manifest[]): string[] {
  return manifests.flatMap(({ file, doc }) => {
    const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
    if (!Model) return [`${file}: no schema for ${doc.apiVersion} ${doc.kind}`];
    try {
      new Model(doc as never).validate();
      return [];
    } catch (error) {
      return [`${file} ${doc.kind}/${doc.metadata?.name}: ${(error as Error).message}`];
    }
  });
}

const one = <T>(manifests: Manifest[], kind: string): T => {
  const found = manifests.filter((m) => m.doc.kind === kind);
  if (found.length !== 1) throw new Error(`expected one ${kind}, found ${found.length}`);
  return (found[0] as Manifest).doc as unknown as T;
};

/** The Deployment's single container and its pod, with the ConfigMap its environment comes from. */
function bffOf(manifests: Manifest[]) {
  const deployment = one<Deployment>(manifests, 'Deployment');
  const pod = deployment.spec?.template.spec;
  const container = pod?.containers[0];
  if (!pod || !container || pod.containers.length !== 1)
    throw new Error('the Deployment must run one container');
  const configMap = one<ConfigMap>(manifests, 'ConfigMap');
  return { deployment, pod, container, config: configMap.data ?? {} };
}

const fields = configSchema.shape;
type Field = keyof typeof fields;
/** A setting as the BFF reads it: the ConfigMap's value through its own schema, or its default. */
function setting(config: Record<string, string>, key: Field): unknown {
  return fields[key].parse(config[key]);
}

// Time for the kubelet to see the exit before its SIGKILL.
const MARGIN_SECONDS = 2;
/** What production requires that holds a secret: a signing key, a database password. */
const SECRETS_FROM_SECRETS = ['KEY_SECRET', 'DATABASE_URL'] as const;
// Read by Node itself, and the secrets' X_FILE forms, which the BFF reads before its schema.
const OTHER_VARIABLES = new Set(['NODE_OPTIONS', ...SECRET_VARIABLES.map((name) => `${name}_FILE`)]);

/** The rules the image and the BFF's shutdown need, each broken one as a sentence. */
function deploymentProblems(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  const need = (ok: unknown, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const { deployment, pod, container, config } = bffOf(manifests);
  const spec = deployment.spec;
  need((spec?.replicas ?? 1) >= 2, 'fewer than 2 replicas');
  need(
    spec?.strategy?.type === 'RollingUpdate' && spec.strategy.rollingUpdate?.maxUnavailable === 0,
    'a rolling update may take a ready replica away (maxUnavailable must be 0)',
  );

  // The container's own settings win over the pod's.
  const podSc = pod.securityContext ?? {};
  const sc = container.securityContext ?? {};
  need((sc.runAsNonRoot ?? podSc.runAsNonRoot) === true, 'runAsNonRoot is not true');
  need((sc.runAsUser ?? podSc.runAsUser) === 1000, 'runAsUser is not the image’s 1000');
  need((sc.runAsGroup ?? podSc.runAsGroup) === 1000, 'runAsGroup is not the image’s 1000');
  need(sc.readOnlyRootFilesystem === true, 'readOnlyRootFilesystem is not true');
  need(sc.allowPrivilegeEscalation === false, 'allowPrivilegeEscalation is not false');
  need(sc.privileged !== true, 'the container is privileged');
  need(sc.capabilities?.drop?.includes('ALL'), 'capabilities do not drop ALL');
  need(!sc.capabilities?.add?.length, 'capabilities are added');
  need(
    (sc.seccompProfile ?? podSc.seccompProfile)?.type === 'RuntimeDefault',
    'seccompProfile is not RuntimeDefault',
  );
  const tmp = container.volumeMounts?.find((m) => m.mountPath === '/tmp');
  need(tmp && pod.volumes?.find((v) => v.name === tmp.name)?.emptyDir, '/tmp is not a writable emptyDir');

  // Probes reach the BFF's own port.
  const ports = new Map((container.ports ?? []).map((p) => [p.name, p.containerPort]));
  const port = Number(setting(config, 'PORT'));
  need(ports.get('http') === port, `the container port named http is not the BFF's PORT (${port})`);
  const probe = (p: typeof container.livenessProbe, path: string) =>
    p?.httpGet?.path === path && (p.httpGet.port === port || ports.get(String(p.httpGet.port)) === port);
  need(probe(container.livenessProbe, '/healthz'), 'no liveness probe on /healthz');
  need(probe(container.readinessProbe, '/readyz'), 'no readiness probe on /readyz');
  need(
    !container.startupProbe || probe(container.startupProbe, '/healthz'),
    'the startup probe is not on /healthz',
  );

  // SIGKILL must come after the preStop pause, the drain, the grace and the BFF's own hard exit.
  const preStop = container.lifecycle?.preStop?.sleep?.seconds ?? 0;
  const shutdown =
    (Number(setting(config, 'SHUTDOWN_DRAIN_MS')) + Number(setting(config, 'SHUTDOWN_GRACE_MS'))) / 1000 +
    0.25;
  // the BFF exits at the latest SHUTDOWN_EXIT_MS after SIGTERM, whatever requests are still running
  const hardExit = Number(setting(config, 'SHUTDOWN_EXIT_MS')) / 1000;
  const needed = preStop + Math.max(shutdown, hardExit) + MARGIN_SECONDS;
  need(
    (pod.terminationGracePeriodSeconds ?? 30) >= needed,
    `terminationGracePeriodSeconds ${pod.terminationGracePeriodSeconds} is below ${needed} (preStop ${preStop} s + shutdown + margin)`,
  );

  // Every variable is one the BFF knows, and its ConfigMap value passes the BFF's own schema.
  const envFromConfigMap = (container.envFrom ?? []).flatMap((e) =>
    e.configMapRef ? Object.keys(config) : [],
  );
  if ((container.envFrom ?? []).some((e) => e.secretRef || e.prefix))
    problems.push('envFrom other than the ConfigMap');
  for (const name of [...envFromConfigMap, ...(container.env ?? []).map((e) => e.name)]) {
    if (OTHER_VARIABLES.has(name)) continue;
    if (!(name in fields)) problems.push(`${name} is not a variable of apps/bff/src/config.ts`);
  }
  for (const [key, value] of Object.entries(config)) {
    if (key in fields && !fields[key as Field].safeParse(value).success)
      problems.push(`ConfigMap ${key}=${value} is refused by the BFF's schema`);
  }

  // The secrets production requires come from Secrets, never as values in the manifests.
  const env = new Map((container.env ?? []).map((e) => [e.name, e]));
  for (const name of SECRETS_FROM_SECRETS) {
    if (name in config || env.get(name)?.value !== undefined) problems.push(`${name} is set as a value`);
    else if (!env.get(name)?.valueFrom?.secretKeyRef && !isSecretFile(env.get(`${name}_FILE`)?.value))
      problems.push(
        `${name} is not set from a Secret (${name}_FILE, a file of a mounted Secret, or a secretKeyRef)`,
      );
  }
  function isSecretFile(file: string | undefined) {
    return (container.volumeMounts ?? []).some((m) => {
      const secret = pod.volumes?.find((v) => v.name === m.name)?.secret;
      const inside = file?.startsWith(`${m.mountPath}/`) ? file.slice(m.mountPath.length + 1) : undefined;
      return !!secret && !!inside && (!secret.items || secret.items.some((i) => i.path === inside));
    });
  }

  // The PDF readers may take PDF_WORKERS × (their cap + 64 MiB); the heap is about 75 % of what is left,
  // the BFF's share, and well above its peak in the bench (as Compose sizes it).
  const limit = mebibytes(String(container.resources?.limits?.memory ?? ''));
  const heap = Number(/--max-old-space-size=(\d+)/.exec(env.get('NODE_OPTIONS')?.value ?? '')?.[1]);
  const readers =
    Number(setting(config, 'PDF_WORKERS')) * (Number(setting(config, 'PDF_READER_MAX_RSS_MB')) + 64);
  const share = limit - readers;
  need(
    heap / share >= 0.65 && heap / share <= 0.8,
    `heap ${heap} MiB is not about 75 % of the BFF's share (${share} MiB of the ${limit} MiB limit, the PDF readers' ${readers} MiB aside)`,
  );
  need(heap >= 2 * benchPeakRss(), `heap ${heap} MiB is not well above the BFF's peak in the bench`);
  for (const kind of ['requests', 'limits'] as const)
    for (const resource of ['cpu', 'memory'])
      need(container.resources?.[kind]?.[resource], `no ${resource} ${kind}`);
  return problems;
}

function mebibytes(quantity: string): number {
  const m = /^(\d+)(Mi|Gi)$/.exec(quantity);
  if (!m) return Number.NaN;
  return Number(m[1]) * (m[2] === 'Gi' ? 1024 : 1);
}

/** The BFF's peak RSS in the last `pnpm bench` (bench/results.json), in MB. */
function benchPeakRss(): number {
  const results = JSON.parse(readFileSync(new URL('../bench/results.json', import.meta.url), 'utf8')) as {
    figures: { id: string; value: number }[];
  };
  return results.figures.find((f) => f.id === 'proxy.rssPeak')?.value ?? Number.NaN;
}

/** Names of the metrics the BFF registers (`name: 'portal_…'` in its sources). */
function bffMetricNames(): Set<string> {
  const src = new URL('../apps/bff/src/', import.meta.url);
  const names = new Set<string>();
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    for (const m of readFileSync(new URL(file, src), 'utf8').matchAll(/name: '(portal_\w+)'/g))
      names.add(m[1] as string);
  }
  return names;
}

const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** The other objects point at the Deployment and its pods. */
function wiringProblems(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  const { deployment, container } = bffOf(manifests);
  const labels = deployment.spec?.template.metadata?.labels;
  const hpa = one<HorizontalPodAutoscaler>(manifests, 'HorizontalPodAutoscaler');
  const target = hpa.spec?.scaleTargetRef;
  if (target?.kind !== 'Deployment' || target.name !== deployment.metadata?.name)
    problems.push(`the HPA scales ${target?.kind}/${target?.name}, not the Deployment`);
  if ((hpa.spec?.minReplicas ?? 1) < 2) problems.push('the HPA may scale below 2 replicas');
  const known = bffMetricNames();
  const podMetrics = (hpa.spec?.metrics ?? []).flatMap((m) =>
    m.type === 'Pods' && m.pods ? [m.pods.metric.name] : [],
  );
  if (!podMetrics.length) problems.push('the HPA has no Pods metric');
  for (const name of podMetrics) if (!known.has(name)) problems.push(`the BFF exports no metric ${name}`);

  const pdb = one<PodDisruptionBudget>(manifests, 'PodDisruptionBudget');
  if (!matches(pdb.spec?.selector?.matchLabels, labels))
    problems.push('the PodDisruptionBudget selects other pods');
  const service = one<Service>(manifests, 'Service');
  if (!matches(service.spec?.selector, labels)) problems.push('the Service selects other pods');
  const named = new Set((container.ports ?? []).flatMap((p) => [p.name, p.containerPort]));
  for (const p of service.spec?.ports ?? [])
    if (!named.has(p.targetPort ?? p.port))
      problems.push(`the Service's port ${p.port} targets no container port`);

  const policy = one<NetworkPolicy>(manifests, 'NetworkPolicy');
  if (!matches(policy.spec?.podSelector.matchLabels, labels))
    problems.push('the NetworkPolicy selects other pods');
  const types = policy.spec?.policyTypes ?? [];
  if (!types.includes('Ingress') || !types.includes('Egress'))
    problems.push('the NetworkPolicy leaves a direction open');
  for (const rule of policy.spec?.ingress ?? []) {
    if (!rule.from?.length) problems.push('an ingress rule admits every source');
    if (!rule.ports?.length || rule.ports.some((p) => p.port !== 3000 && p.port !== 'http'))
      problems.push('an ingress rule opens a port other than 3000');
  }
  for (const rule of policy.spec?.egress ?? [])
    if (!rule.to?.length || !rule.ports?.length)
      problems.push('an egress rule admits every destination or port');
  if (!(policy.spec?.egress ?? []).some((rule) => rule.ports?.some((p) => p.port === 5432)))
    problems.push('the NetworkPolicy lets the pods reach no PostgreSQL (port 5432)');

  const kustomization = parse('kustomization.yaml', readText('kustomization.yaml'))[0] as {
    resources?: string[];
    images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  };
  if ([...(kustomization.resources ?? [])].sort().join() !== yamlFiles.join())
    problems.push('kustomization.yaml does not list exactly the manifests of deploy/k8s');
  const image = kustomization.images?.find((i) => i.name === container.image);
  if (!image?.newName || !(image.newTag || image.digest))
    problems.push("kustomization.yaml sets no name and version for the BFF's image");
  return problems;
}

const manifests = load();
type Mutable = Deployment & { spec: NonNullable<Deployment['spec']> };
/** A copy of the manifests with the Deployment changed by `edit`. */
function withDeployment(edit: (d: Mutable) => void): Manifest[] {
  const copy = structuredClone(manifests);
  edit(one<Mutable>(copy, 'Deployment'));
  return copy;
}
const bffContainer = (d: Mutable) => d.spec.template.spec?.containers[0] as IContainer;

describe('deploy/k8s', () => {
  it('holds a document of every kind the BFF needs, each valid against the Kubernetes API schemas', () => {
    expect(manifests.map((m) => m.doc.kind).sort()).toEqual([
      'ConfigMap',
      'Deployment',
      'HorizontalPodAutoscaler',
      'Namespace',
      'NetworkPolicy',
      'PodDisruptionBudget',
      'Service',
      'ServiceAccount',
    ]);
    expect(schemaProblems(manifests)).toEqual([]);
  });

  it('runs the BFF as the image expects: non-root 1000:1000, read-only root with /tmp writable, no capability, probes, a grace period past its shutdown, known variables, its key and database URL from Secrets', () => {
    expect(deploymentProblems(manifests)).toEqual([]);
  });

  it('points the HPA, the PodDisruptionBudget, the Service, the NetworkPolicy and the kustomization at the Deployment', () => {
    expect(wiringProblems(manifests)).toEqual([]);
  });

  it('refuses a Deployment whose container may write its root filesystem', () => {
    const mutated = withDeployment((d) => {
      delete bffContainer(d).securityContext?.readOnlyRootFilesystem;
    });
    expect(schemaProblems(mutated)).toEqual([]);
    expect(deploymentProblems(mutated)).toEqual(['readOnlyRootFilesystem is not true']);
  });

  it('refuses a replica count the API schema refuses', () => {
    const mutated = withDeployment((d) => {
      (d.spec as { replicas: unknown }).replicas = 'two';
    });
    expect(schemaProblems(mutated).join()).toMatch(
      /deployment\.yaml Deployment\/portal-bff: .*replicas must be integer/,
    );
  });

  it('refuses a variable the BFF does not know, a grace period shorter than its shutdown, and a missing readiness probe', () => {
    const mutated = withDeployment((d) => {
      const c = bffContainer(d);
      c.env?.push({ name: 'KEY_SECRTE', value: 'x' });
      delete c.readinessProbe;
      (d.spec.template.spec as { terminationGracePeriodSeconds: number }).terminationGracePeriodSeconds = 10;
    });
    const problems = deploymentProblems(mutated).join('\n');
    expect(problems).toContain('KEY_SECRTE is not a variable of apps/bff/src/config.ts');
    expect(problems).toContain('no readiness probe on /readyz');
    expect(problems).toMatch(/terminationGracePeriodSeconds 10 is below 17/);
  });

  it('refuses DATABASE_URL or KEY_SECRET written in the manifests, or taken from no Secret', () => {
    const copy = withDeployment((d) => {
      const c = bffContainer(d);
      c.env = c.env?.filter((e) => e.name !== 'DATABASE_URL_FILE');
      c.env?.push({ name: 'KEY_SECRET', value: 'x'.repeat(64) });
    });
    expect(deploymentProblems(copy)).toEqual([
      'KEY_SECRET is set as a value',
      'DATABASE_URL is not set from a Secret (DATABASE_URL_FILE, a file of a mounted Secret, or a secretKeyRef)',
    ]);
    const config = one<ConfigMap>(copy, 'ConfigMap');
    (config.data as Record<string, string>).DATABASE_URL = 'postgres://portal:secret@db:5432/portal';
    expect(deploymentProblems(copy)).toContain('DATABASE_URL is set as a value');
    // a key of a Secret, as the variable itself, passes too
    const fromKey = withDeployment((d) => {
      const c = bffContainer(d);
      c.env = c.env?.filter((e) => e.name !== 'DATABASE_URL_FILE');
      c.env?.push({
        name: 'DATABASE_URL',
        valueFrom: { secretKeyRef: { name: 'portal-bff-database', key: 'database-url' } },
      });
    });
    expect(deploymentProblems(fromKey)).toEqual([]);
  });

  it('refuses a NetworkPolicy that lets the pods reach no PostgreSQL', () => {
    const copy = structuredClone(manifests);
    const policy = one<NetworkPolicy>(copy, 'NetworkPolicy');
    const spec = policy.spec as { egress: { ports?: { port?: number | string }[] }[] };
    spec.egress = spec.egress.filter((rule) => !rule.ports?.some((p) => p.port === 5432));
    expect(wiringProblems(copy)).toEqual(['the NetworkPolicy lets the pods reach no PostgreSQL (port 5432)']);
  });

  it('refuses an HPA that scales something else or on a metric the BFF does not export', () => {
    const copy = structuredClone(manifests);
    const hpa = one<HorizontalPodAutoscaler>(copy, 'HorizontalPodAutoscaler');
    (hpa.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name = 'portal-web';
    const pods = hpa.spec?.metrics?.find((m) => m.type === 'Pods')?.pods;
    if (pods) pods.metric.name = 'portal_requests_in_flight';
    const problems = wiringProblems(copy);
    expect(problems).toContain('the HPA scales Deployment/portal-web, not the Deployment');
    expect(problems).toContain('the BFF exports no metric portal_requests_in_flight');
  });
});
