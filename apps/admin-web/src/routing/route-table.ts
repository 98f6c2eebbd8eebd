import type { ComponentType } from 'react';

/** What a page receives: the named segments of its address, decoded (`/teams/:id` gives `id`). */
export interface PageProps {
  params: Readonly<Record<string, string>>;
}

/**
 * One page of the console: its address pattern (`/personas/:id`; a `:name` segment matches one
 * non-empty segment), the component that shows it (a `lazy()` one loads on first use) and, for the
 * pages the main navigation lists, its label there.
 */
export interface PageRoute {
  path: string;
  page: ComponentType<PageProps>;
  nav?: string;
}

export interface RouteMatch {
  route: PageRoute;
  params: Record<string, string>;
}

/** A segment of the address decoded, or null when it is empty, broken or hides a slash. */
const segment = (value: string): string | null => {
  try {
    const decoded = decodeURIComponent(value);
    return decoded && !decoded.includes('/') ? decoded : null;
  } catch {
    return null;
  }
};

const partsOf = (pathname: string): string[] => pathname.replace(/\/+$/, '').split('/').slice(1);

/**
 * The route a path shows: the first whose pattern matches every segment, literal segments before
 * named ones (`/personas/new` wins over `/personas/:id` whatever the table's order). A trailing
 * slash is the same page; null when no route matches.
 */
export function matchRoute(routes: readonly PageRoute[], pathname: string): RouteMatch | null {
  const parts = partsOf(pathname);
  const candidates = routes
    .map((route) => ({ route, pattern: partsOf(route.path) }))
    .filter(({ pattern }) => pattern.length === parts.length)
    .sort((a, b) => literalWeight(b.pattern) - literalWeight(a.pattern));
  for (const { route, pattern } of candidates) {
    const params: Record<string, string> = {};
    const matched = pattern.every((expected, index) => {
      const actual = parts[index] ?? '';
      if (!expected.startsWith(':')) return expected === actual;
      const value = segment(actual);
      if (value === null) return false;
      params[expected.slice(1)] = value;
      return true;
    });
    if (matched) return { route, params };
  }
  return null;
}

/** Literal segments count from the left, so an earlier literal outweighs any later ones. */
function literalWeight(pattern: string[]): number {
  return pattern.reduce((weight, part, index) => (part.startsWith(':') ? weight : weight + 2 ** (pattern.length - index)), 0);
}

/** The address of a pattern with its named segments filled in, each encoded. */
export function pathOf(pattern: string, params: Readonly<Record<string, string>> = {}): string {
  return pattern.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pathOf(${pattern}): no value for :${name}`);
    return encodeURIComponent(value);
  });
}
