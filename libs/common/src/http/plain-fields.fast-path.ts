import type { Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, isInt, isMongoId, isUUID, matches, max, min, ValidationTypes } from 'class-validator';

type FieldCheck = (value: unknown, constraints: readonly unknown[]) => boolean;

/** `matches` as @Matches calls it: the pattern, and the flags when the pattern is a string. */
const matchesAsDecorated = matches as (value: unknown, pattern: unknown, modifiers: unknown) => boolean;

/**
 * The rules of most path parameters and flat request bodies, each exactly as class-validator's
 * decorator calls it (its own exported function): pure, synchronous, a function of the value and
 * the decorator's arguments only. Each refuses a value of the wrong type itself.
 */
const FIELD_CHECKS: Readonly<Record<string, FieldCheck>> = {
  isUuid: (value, [version]) => isUUID(value, version as Parameters<typeof isUUID>[1]),
  isMongoId: (value) => isMongoId(value),
  matches: (value, [pattern, modifiers]) => matchesAsDecorated(value, pattern, modifiers),
  isInt: (value) => isInt(value),
  min: (value, [bound]) => min(value, bound as number),
  max: (value, [bound]) => max(value, bound as number),
};

/** @IsOptional's rule: the property's other rules apply only when it is neither null nor undefined. */
const IS_OPTIONAL = 'isOptional';

/** Accepts the value and builds the instance the full pipe would, or says the full pipe must decide. */
export type FieldsFastPath = (value: unknown) => object | undefined;

interface Field {
  readonly name: string;
  readonly optional: boolean;
  readonly checks: ReadonlyArray<(value: unknown) => boolean>;
}

const fastPaths = new WeakMap<Type, FieldsFastPath | null>();

/**
 * A fast path for a class of plain fields (path parameters like `{ id }`, bodies like
 * `{ questionId, value, timeTaken? }`): every property under the rules above only, optional or
 * not; null for any other class. For such a class, class-validator's run (validating every rule's
 * metadata, whitelisting, collecting errors) comes down to: no key but these, each present one
 * passing its rules, each missing or null one optional (docs/decisions.md, "Plain fields"). Only
 * an accepted value takes the fast path: anything else goes through the full pipe, which refuses
 * it with the message it always gave.
 */
export function fieldsFastPath(metatype: Type): FieldsFastPath | null {
  let fastPath = fastPaths.get(metatype);
  if (fastPath === undefined) {
    fastPath = compile(metatype);
    fastPaths.set(metatype, fastPath);
  }
  return fastPath;
}

function compile(metatype: Type): FieldsFastPath | null {
  const rules = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
  if (rules.length === 0) return null;
  const checks = new Map<string, Array<(value: unknown) => boolean>>();
  const optional = new Set<string>();
  for (const rule of rules) {
    const plain = !rule.each && !rule.always && (rule.groups ?? []).length === 0 && rule.context === undefined && typeof rule.propertyName === 'string';
    if (!plain) return null;
    if (rule.type === ValidationTypes.CONDITIONAL_VALIDATION && rule.name === IS_OPTIONAL) {
      optional.add(rule.propertyName);
      continue;
    }
    const check = rule.type === ValidationTypes.CUSTOM_VALIDATION && rule.name !== undefined ? FIELD_CHECKS[rule.name] : undefined;
    if (!check) return null;
    const constraints = rule.constraints ?? [];
    checks.set(rule.propertyName, [...(checks.get(rule.propertyName) ?? []), (value) => check(value, constraints)]);
  }
  // A property that is only optional has nothing the fast path could check.
  if ([...optional].some((name) => !checks.has(name))) return null;
  const fields: Field[] = [...checks].map(([name, fieldChecks]) => ({ name, optional: optional.has(name), checks: fieldChecks }));
  const known = new Set(fields.map((field) => field.name));
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.some((key) => !known.has(key))) return undefined;
    for (const field of fields) {
      const fieldValue = Object.hasOwn(record, field.name) ? record[field.name] : undefined;
      if (fieldValue === undefined || fieldValue === null) {
        if (field.optional) continue;
        return undefined;
      }
      if (!field.checks.every((passes) => passes(fieldValue))) return undefined;
    }
    // Built as the full pipe builds it; a class that transforms its values is left to that pipe.
    const instance = plainToInstance(metatype, record) as Record<string, unknown>;
    for (const key of keys) if (instance[key] !== record[key]) return undefined;
    for (const key of Object.keys(instance)) if (!Object.hasOwn(record, key) && instance[key] !== undefined) return undefined;
    return instance;
  };
}
