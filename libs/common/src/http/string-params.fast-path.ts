import type { Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, isMongoId, isUUID, matches, ValidationTypes } from 'class-validator';

type StringCheck = (value: string, constraints: readonly unknown[]) => boolean;

/** `matches` as @Matches calls it: the pattern, and the flags when the pattern is a string. */
const matchesAsDecorated = matches as (value: string, pattern: unknown, modifiers: unknown) => boolean;

/**
 * The string rules a route's path parameters use, each exactly as class-validator's decorator
 * calls it: pure, synchronous, a function of the value and the decorator's arguments only.
 */
const STRING_CHECKS: Readonly<Record<string, StringCheck>> = {
  isUuid: (value, [version]) => isUUID(value, version as Parameters<typeof isUUID>[1]),
  isMongoId: (value) => isMongoId(value),
  matches: (value, [pattern, modifiers]) => matchesAsDecorated(value, pattern, modifiers),
};

/** Accepts the value and builds the instance the full pipe would, or says the full pipe must decide. */
export type ParamsFastPath = (value: unknown) => object | undefined;

const fastPaths = new WeakMap<Type, ParamsFastPath | null>();

/**
 * A fast path for a path-parameter class whose every property is a required string under one or
 * more of the rules above (`{ id }` checked with @IsUUID, @IsMongoId or @Matches), or null for
 * any other class. For such a class, class-validator's run (validating every rule's metadata,
 * whitelisting, collecting errors) comes down to: exactly these keys, each a string that passes
 * its rules: about 2 µs a call instead of 9 (docs/decisions.md, "Path parameters"). Only an
 * accepted value takes the fast path: anything else goes through the full pipe, which refuses it
 * with the message it always gave.
 */
export function paramsFastPath(metatype: Type): ParamsFastPath | null {
  let fastPath = fastPaths.get(metatype);
  if (fastPath === undefined) {
    fastPath = compile(metatype);
    fastPaths.set(metatype, fastPath);
  }
  return fastPath;
}

function compile(metatype: Type): ParamsFastPath | null {
  const rules = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
  if (rules.length === 0) return null;
  const checks = new Map<string, Array<(value: string) => boolean>>();
  for (const rule of rules) {
    const check = rule.type === ValidationTypes.CUSTOM_VALIDATION && rule.name !== undefined ? STRING_CHECKS[rule.name] : undefined;
    const plain = !rule.each && !rule.always && (rule.groups ?? []).length === 0 && rule.context === undefined && typeof rule.propertyName === 'string';
    if (!check || !plain) return null;
    const constraints = rule.constraints ?? [];
    checks.set(rule.propertyName, [...(checks.get(rule.propertyName) ?? []), (value) => check(value, constraints)]);
  }
  const properties = [...checks];
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const record = value as Record<string, unknown>;
    if (Object.keys(record).length !== properties.length) return undefined;
    for (const [property, propertyChecks] of properties) {
      const text = Object.hasOwn(record, property) ? record[property] : undefined;
      if (typeof text !== 'string' || !propertyChecks.every((passes) => passes(text))) return undefined;
    }
    // Built as the full pipe builds it; a class that transforms its strings is left to that pipe.
    const instance = plainToInstance(metatype, record) as Record<string, unknown>;
    if (Object.keys(instance).length !== properties.length || properties.some(([property]) => instance[property] !== record[property])) return undefined;
    return instance;
  };
}
