import { SERVICE_NAMES, SERVICES, type ServiceName } from '@teamfit/common/services';

/** How many processes of each service `npm start` runs (SERVICE_INSTANCES). */
export type ServiceInstances = Record<ServiceName, number>;

/** More processes of one service than this only compete with each other for the machine's cores. */
export const MAX_INSTANCES = 8;

/** Instance k of a service listens (k − 1) · 1000 above its first instance: 9103, 10103, 11103 … */
export const INSTANCE_PORT_STEP = 1000;

/** The lowest service port (auth's); SERVICE_BASE_PORT moves it, the others keep their distance to it. */
export const DEFAULT_SERVICE_BASE_PORT = Math.min(...SERVICE_NAMES.map((name) => SERVICES[name].port));

const oneEach = (): ServiceInstances => Object.fromEntries(SERVICE_NAMES.map((name) => [name, 1])) as ServiceInstances;

const count = (value: string, name: string): number => {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < 1 || parsed > MAX_INSTANCES)
    throw new Error(
      `invalid configuration: ${name} must be a number of instances (1-${MAX_INSTANCES}) or a list such as evaluation=3,organisation=2`,
    );
  return parsed;
};

/**
 * `3` (every service), or `evaluation=3,organisation=2` (the others one each); unset: one each.
 * A one-line error names the setting and the faulty part.
 */
export function parseServiceInstances(value: string | undefined, name: string): ServiceInstances {
  const instances = oneEach();
  if (value === undefined) return instances;
  if (/^\d+$/.test(value)) {
    const each = count(value, name);
    for (const service of SERVICE_NAMES) instances[service] = each;
    return instances;
  }
  const seen = new Set<string>();
  for (const entry of value.split(',').map((part) => part.trim())) {
    const [, service = '', number = ''] = /^([a-z]+)\s*=\s*([^=]*)$/.exec(entry) ?? [];
    if (!(SERVICE_NAMES as readonly string[]).includes(service)) {
      throw new Error(
        `invalid configuration: ${name} has "${entry}", which is not <service>=<instances> for one of ${SERVICE_NAMES.join(', ')}`,
      );
    }
    if (seen.has(service)) throw new Error(`invalid configuration: ${name} names ${service} twice`);
    seen.add(service);
    instances[service as ServiceName] = count(number, name);
  }
  return instances;
}

/** The port of a service's instance (1-based), derived from the base port: nothing to configure per process. */
export function instancePort(basePort: number, service: ServiceName, instance: number): number {
  return basePort + (SERVICES[service].port - DEFAULT_SERVICE_BASE_PORT) + INSTANCE_PORT_STEP * (instance - 1);
}

export interface ServiceInstance {
  service: ServiceName;
  /** 1-based. */
  instance: number;
  /** How many instances the service has. */
  of: number;
  port: number;
  /** For log lines: `the evaluation service (port 9103)`, or `the evaluation service (instance 2 of 3, port 10103)`. */
  label: string;
  /** Log prefix: `evaluation`, or `evaluation#2`. */
  name: string;
}

/** Every process `npm start` runs, first instances first; or the first port past 65535 as an error naming the settings. */
export function serviceInstances(settings: { instances: ServiceInstances; basePort: number }): ServiceInstance[] {
  const all: ServiceInstance[] = [];
  const most = Math.max(...SERVICE_NAMES.map((service) => settings.instances[service]));
  for (let instance = 1; instance <= most; instance += 1) {
    for (const service of SERVICE_NAMES) {
      const of = settings.instances[service];
      if (instance > of) continue;
      const port = instancePort(settings.basePort, service, instance);
      if (port > 65535)
        throw new Error(
          `invalid configuration: SERVICE_BASE_PORT ${settings.basePort} puts instance ${instance} of the ${service} service on port ${port}, past 65535`,
        );
      const label =
        of === 1 ? `the ${service} service (port ${port})` : `the ${service} service (instance ${instance} of ${of}, port ${port})`;
      all.push({ service, instance, of, port, label, name: of === 1 ? service : `${service}#${instance}` });
    }
  }
  return all;
}
