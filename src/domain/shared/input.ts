/**
 * The building blocks of every call's input check (src/domain/<area>/inputs.ts). They are JSON
 * schemas (TypeBox) that the server's ajv runs at the edge, and their TypeScript types type the
 * handlers through Fastify's type provider. What they guarantee, so no handler or query has to:
 * - text has a maximum length and no NUL or other control character (PostgreSQL refuses NUL);
 * - integers are integers inside PostgreSQL's int4, ids are positive;
 * - enums are closed;
 * - objects drop the fields they do not declare (Fastify's ajv `removeAdditional`).
 * A failure is a 400 whose Chinese message names the field (server/shared/validation.ts).
 *
 * Only the server imports this and the inputs files: the client checks forms with the rules of
 * validation.ts and needs no schema library in its bundle.
 */
import { type Static, type TProperties, type TSchema, Type } from 'typebox';

export const INT4_MAX = 2_147_483_647;

/** No C0 control character and no DEL. */
export const PLAIN_TEXT_PATTERN = '^[^\\u0000-\\u001F\\u007F]*$';
/** Like PLAIN_TEXT_PATTERN, but tabs and line breaks are allowed (notes, answers, comments). */
export const MULTILINE_TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';

/** Extra keywords of server/shared/validation.ts: the Chinese name of a field, or its whole error text. */
export interface FieldWords {
  label?: string;
  invalidText?: string;
}

export interface TextOptions extends FieldWords {
  max: number;
  min?: number;
  pattern?: string;
  multiline?: boolean;
}

/** A string of at most `max` characters without control characters. */
export function Text({ max, min, pattern, multiline, ...words }: TextOptions) {
  return Type.String({
    maxLength: max,
    ...(min === undefined ? {} : { minLength: min }),
    // A field's own pattern replaces the control-character one: it must exclude them itself.
    pattern: pattern ?? (multiline ? MULTILINE_TEXT_PATTERN : PLAIN_TEXT_PATTERN),
    ...words,
  });
}

export interface IntOptions extends FieldWords {
  min?: number;
  max?: number;
  default?: number;
}

/** An integer within int4 (and within min..max when given). */
export function Int({ min = -INT4_MAX - 1, max = INT4_MAX, ...rest }: IntOptions = {}) {
  return Type.Integer({ minimum: min, maximum: Math.min(max, INT4_MAX), ...rest });
}

/** A non-negative integer a double holds exactly (≤ 2^53 − 1): client milliseconds, versions. */
export function SafeInt(words: FieldWords = {}) {
  return Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, ...words });
}

/** A row id: a positive int4. */
export function Id(words: FieldWords = {}) {
  return Int({ min: 1, ...words });
}

/** One of `values`, nothing else. One `enum` keyword (not a union), so an error names the field. */
export function OneOf<const T extends readonly (string | number)[]>(values: T, options: FieldWords & { default?: T[number] } = {}) {
  return Type.Unsafe<T[number]>({ type: typeof values[0] === 'number' ? 'integer' : 'string', enum: [...values], ...options });
}

export function Bool(options: { default?: boolean } = {}) {
  return Type.Boolean(options);
}

/** The same value or null: one `type` list, so the field keeps its label and limits. */
export function Nullable<S extends TSchema>(schema: S) {
  const json = schema as unknown as Record<string, unknown>;
  const type = json.type as string;
  const nullable = { ...json, type: [type, 'null'], ...(Array.isArray(json.enum) ? { enum: [...(json.enum as unknown[]), null] } : {}) };
  return Type.Unsafe<Static<S> | null>(nullable);
}

/** A list of at most `max` items. */
export function List<S extends TSchema>(items: S, max: number, words: FieldWords = {}) {
  return Type.Array(items, { maxItems: max, ...words });
}

export const Optional = Type.Optional;

/**
 * The fields of a body or query string: undeclared fields are dropped, not passed on. A field with
 * a `default` stays required: ajv fills the default before it checks what is required.
 */
export function Fields<P extends TProperties>(properties: P) {
  return Type.Object(properties, { additionalProperties: false });
}

/**
 * The input of one call. A call that takes nothing says so with NO_INPUT; a multipart call
 * (an upload) has its parts checked by its handler, which answers 400 to a malformed body.
 */
export interface CallInput {
  readonly body?: TSchema;
  readonly querystring?: TSchema;
  readonly params?: TSchema;
}

export const NO_INPUT: CallInput = {};
