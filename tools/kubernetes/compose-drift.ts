// Where a container's settings on Kubernetes differ from what docker-compose.yml gives the same
// service: compose is the reference, so a setting added to, removed from or fixed differently in
// compose shows here until the manifests follow (tools/checks/kubernetes-compose.spec.ts).
//   - every name compose sets is set on Kubernetes, and no other (KUBERNETES_ONLY aside);
//   - a value compose fixes (no `${…}`) is the same literal on Kubernetes, except the few that
//     name compose's own containers (DIFFERENT_ON_KUBERNETES says what each is instead);
//   - a value compose takes from the operator's environment (`${…}`) is the operator's on
//     Kubernetes too: from a ConfigMap or a Secret, never a literal in a Deployment.
import type { Setting } from './platform-manifests';

/** Settings only Kubernetes gives, each with why. */
export const KUBERNETES_ONLY: Readonly<Record<string, string>> = {
  DATABASE_READ_URL: 'the read replica the database operator runs (docs/scaling.md, "Kubernetes"); compose has none',
};

type Expected = { from: 'secret' } | { from: 'value'; value: string };

/** Fixed compose values that name compose's own containers, and what Kubernetes has instead. */
export const DIFFERENT_ON_KUBERNETES: Readonly<Record<string, (composeValue: string, namespace: string) => Expected>> = {
  // compose's PostgreSQL container with its password; on Kubernetes the operator's database.
  DATABASE_URL: () => ({ from: 'secret' }),
  DATABASE_MIGRATION_URL: () => ({ from: 'secret' }),
  // compose's MailDev; on Kubernetes the operator's mail server, perhaps with credentials.
  SMTP_URL: () => ({ from: 'secret' }),
  // A process that is not root cannot listen on 80.
  GATEWAY_PORT: () => ({ from: 'value', value: '8080' }),
  // nginx resolves whole names only: the compose name in the namespace.
  ...Object.fromEntries(
    ['AUTH', 'PROFILE', 'ORGANISATION', 'MEDIA', 'EVALUATION'].map((service) => [
      `${service}_UPSTREAM`,
      (composeValue: string, namespace: string): Expected => ({
        from: 'value',
        value: composeValue
          .split(',')
          .map((address) => address.trim().replace(/^([^:]+):/, `$1.${namespace}.svc.cluster.local:`))
          .join(','),
      }),
    ]),
  ),
};

/** The differences, one line each; none when Kubernetes gives what compose gives. */
export function composeDrift(
  compose: Readonly<Record<string, string>>,
  kubernetes: ReadonlyMap<string, Setting>,
  namespace: string,
): string[] {
  const drift: string[] = [];
  for (const [name, composeValue] of Object.entries(compose)) {
    const setting = kubernetes.get(name);
    if (setting === undefined) {
      drift.push(`${name}: set by compose, missing on Kubernetes`);
      continue;
    }
    const shown = setting.from === 'secret' ? `Secret ${setting.secret} key ${setting.key}` : `${setting.from} "${setting.value}"`;
    if (composeValue.includes('${')) {
      if (setting.from === 'value') drift.push(`${name}: the operator's in compose (${composeValue}), a literal on Kubernetes (${shown})`);
      continue;
    }
    const different = DIFFERENT_ON_KUBERNETES[name];
    const expected: Expected = different === undefined ? { from: 'value', value: composeValue } : different(composeValue, namespace);
    const actual = setting.from === 'secret' ? { from: 'secret' } : { from: 'value', value: setting.value };
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      drift.push(`${name}: compose has "${composeValue}", Kubernetes ${shown}; expected ${JSON.stringify(expected)}`);
  }
  for (const name of kubernetes.keys())
    if (!(name in compose) && !(name in KUBERNETES_ONLY)) drift.push(`${name}: set on Kubernetes, not by compose`);
  return drift;
}
