/**
 * Route input is validated by Fastify's JSON schemas (ajv), declared per call in src/domain
 * (CALL_INPUTS, built from src/domain/shared/input.ts); this turns ajv's first error into a
 * Chinese message that names the field, e.g. '参数 mobile 不能为空', '参数 size 必须是整数'.
 *
 * Two extra schema keywords tailor the text of one property:
 * - `label`: a Chinese name used instead of `参数 <name> `: `{ type: 'string', label: '手机号码' }`
 *   gives '手机号码不能为空' when it is missing.
 * - `invalidText`: the whole message for any failure of that property other than "missing",
 *   e.g. `{ pattern: '^1[3-9]\\d{9}$', label: '手机号码', invalidText: MESSAGES.phoneInvalid }`.
 * Fastify's ajv coerces types ('12' → 12, a scalar → [scalar] for array schemas), fills
 * `default`s, and silently drops unknown properties of objects whose schema says
 * `additionalProperties: false`, so handlers can trust the parsed body.
 */
import type { FastifyServerOptions } from 'fastify';
import { MULTILINE_TEXT_PATTERN, PLAIN_TEXT_PATTERN } from '../../src/domain/shared/input';

export const SCHEMA_KEYWORDS = ['label', 'invalidText'] as const;

/** Passed as `ajv` to Fastify; `verbose` gives each error the schema it failed against. */
export const AJV_OPTIONS: NonNullable<FastifyServerOptions['ajv']> = {
  customOptions: { keywords: [...SCHEMA_KEYWORDS], verbose: true },
};

/** The subset of ajv's ErrorObject this module reads. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown> | boolean;
  message?: string;
}

const TYPE_TEXTS: Readonly<Record<string, string>> = {
  integer: '必须是整数',
  number: '必须是数字',
  string: '必须是字符串',
  boolean: '必须是布尔值',
  array: '必须是数组',
  object: '必须是对象',
};

const WHOLE_INPUT_NAMES: Readonly<Record<string, string>> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

/** `/items/0/name` → `items[0].name`. */
export function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

function schemaObject(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}

function stringProp(obj: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = obj?.[key];
  return typeof value === 'string' && value ? value : undefined;
}

export function formatSchemaError(error: SchemaError, dataVar = 'body'): string {
  const parent = schemaObject(error.parentSchema);
  if (error.keyword === 'required') {
    const missing = String((error.params.missingProperty as string | undefined) ?? '');
    const propSchema = schemaObject(schemaObject(parent?.properties)?.[missing]);
    const label = stringProp(propSchema, 'label');
    const name = fieldName(`${error.instancePath}/${missing}`);
    return label ? `${label}不能为空` : `参数 ${name} 不能为空`;
  }
  if (error.keyword === 'additionalProperties') {
    return `参数 ${fieldName(`${error.instancePath}/${String(error.params.additionalProperty)}`)} 不被支持`;
  }
  const invalidText = stringProp(parent, 'invalidText');
  if (invalidText) return invalidText;

  const name = fieldName(error.instancePath);
  const label = stringProp(parent, 'label');
  const who = label ?? (name ? `参数 ${name} ` : (WHOLE_INPUT_NAMES[dataVar] ?? '参数'));
  return `${who}${describe(error)}`;
}

function describe(error: SchemaError): string {
  const limit = error.params.limit as number | undefined;
  switch (error.keyword) {
    case 'type': {
      const wanted = String((error.params.type as string | string[] | undefined) ?? '')
        .split(',')
        .find((t) => t !== 'null');
      return TYPE_TEXTS[wanted ?? ''] ?? '类型不正确';
    }
    case 'minimum':
      return `不能小于 ${limit}`;
    case 'exclusiveMinimum':
      return `必须大于 ${limit}`;
    case 'maximum':
      return `不能大于 ${limit}`;
    case 'exclusiveMaximum':
      return `必须小于 ${limit}`;
    case 'minLength':
      return Number(limit) <= 1 ? '不能为空' : `长度不能少于 ${limit} 个字符`;
    case 'maxLength':
      return `长度不能超过 ${limit} 个字符`;
    case 'minItems':
      return Number(limit) <= 1 ? '不能为空' : `至少需要 ${limit} 项`;
    case 'maxItems':
      return `最多 ${limit} 项`;
    case 'uniqueItems':
      return '不能有重复项';
    case 'pattern':
      return error.params.pattern === PLAIN_TEXT_PATTERN || error.params.pattern === MULTILINE_TEXT_PATTERN ? '不能包含控制字符' : '格式不正确';
    case 'format':
      return '格式不正确';
    default:
      // enum, const, anyOf, oneOf, not, multipleOf…: the value is simply not acceptable.
      return '取值无效';
  }
}

/** For Fastify's `schemaErrorFormatter`: only the first error is reported (ajv stops there). */
export function schemaErrorFormatter(errors: readonly SchemaError[], dataVar: string): Error {
  const first = errors[0];
  return new Error(first ? formatSchemaError(first, dataVar) : '请求参数有误');
}
