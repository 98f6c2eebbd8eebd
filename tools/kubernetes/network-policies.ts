// Who may connect to whom under a set of NetworkPolicies, as Kubernetes decides it: a pod that no
// policy of a direction selects is open in that direction; a selected pod admits a connection
// that some rule of a selecting policy allows (peers and ports). Enough of the API for the
// manifests in deploy/kubernetes: label selectors by matchLabels, pod and namespace peers, ports
// by number or by the destination container's port name. Anything else (matchExpressions,
// ipBlock, port ranges) is refused, so a policy this cannot judge fails the check instead of
// passing it.
import type { KubernetesObject } from './kustomize-subset';

export interface Pod {
  namespace: string;
  labels: Record<string, string>;
  /** Container port names to numbers, for policies that name ports. */
  ports: Record<string, number>;
}

export interface Connection {
  from: Pod;
  to: Pod;
  port: number;
  protocol?: 'TCP' | 'UDP';
}

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: unknown;
}
interface Peer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: unknown;
}
interface PolicyPort {
  protocol?: string;
  port?: number | string;
  endPort?: number;
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: PolicyPort[];
}
interface PolicySpec {
  podSelector: LabelSelector;
  policyTypes?: string[];
  ingress?: Rule[];
  egress?: Rule[];
}

/** Whether the connection is allowed at both ends: the source's egress and the destination's ingress. */
export function isAllowed(policies: readonly KubernetesObject[], connection: Connection): boolean {
  return allowedBy(policies, connection, 'Egress') && allowedBy(policies, connection, 'Ingress');
}

function allowedBy(policies: readonly KubernetesObject[], connection: Connection, direction: 'Ingress' | 'Egress'): boolean {
  const [subject, peer] = direction === 'Ingress' ? [connection.to, connection.from] : [connection.from, connection.to];
  const selecting = policies.filter((policy) => {
    const spec = specOf(policy);
    return (
      policy.metadata.namespace === subject.namespace && typesOf(spec).includes(direction) && matches(spec.podSelector, subject.labels)
    );
  });
  if (selecting.length === 0) return true;
  return selecting.some((policy) => {
    const spec = specOf(policy);
    const rules = (direction === 'Ingress' ? spec.ingress : spec.egress) ?? [];
    return rules.some((rule) => {
      const peers = direction === 'Ingress' ? rule.from : rule.to;
      const peerMatches = peers === undefined || peers.length === 0 || peers.some((candidate) => isPeer(candidate, peer, policy));
      const portMatches =
        rule.ports === undefined || rule.ports.length === 0 || rule.ports.some((port) => portMatchesRule(port, connection));
      return peerMatches && portMatches;
    });
  });
}

function specOf(policy: KubernetesObject): PolicySpec {
  if (policy.kind !== 'NetworkPolicy') throw new Error(`${policy.kind} ${policy.metadata.name} is not a NetworkPolicy`);
  return policy['spec'] as PolicySpec;
}

/** The API's default: Ingress always, Egress when the policy has egress rules. */
function typesOf(policy: PolicySpec): string[] {
  return policy.policyTypes ?? (policy.egress === undefined ? ['Ingress'] : ['Ingress', 'Egress']);
}

function isPeer(peer: Peer, pod: Pod, policy: KubernetesObject): boolean {
  if (peer.ipBlock !== undefined) throw new Error(`${policy.metadata.name}: ipBlock peers are not judged here`);
  const namespaceMatches =
    peer.namespaceSelector === undefined
      ? pod.namespace === policy.metadata.namespace
      : matches(peer.namespaceSelector, { 'kubernetes.io/metadata.name': pod.namespace });
  return namespaceMatches && (peer.podSelector === undefined || matches(peer.podSelector, pod.labels));
}

function portMatchesRule(rule: PolicyPort, connection: Connection): boolean {
  if (rule.endPort !== undefined) throw new Error('port ranges are not judged here');
  if ((rule.protocol ?? 'TCP') !== (connection.protocol ?? 'TCP')) return false;
  if (rule.port === undefined) return true;
  const port = typeof rule.port === 'number' ? rule.port : connection.to.ports[rule.port];
  return port === connection.port;
}

/** A label selector by matchLabels; the empty selector matches everything. */
export function matches(selector: LabelSelector, labels: Record<string, string>): boolean {
  if (selector.matchExpressions !== undefined) throw new Error('matchExpressions are not judged here');
  return Object.entries(selector.matchLabels ?? {}).every(([name, value]) => labels[name] === value);
}
