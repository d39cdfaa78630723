/**
 * The hostile requests the fuzz test sends to one call, generated from the call's entry in
 * ALL_CALLS (method, path, encoding) and its input check in CALL_INPUTS (the fields it declares).
 * A new call is attacked as soon as a feature claims it: nothing here names a call.
 */
import type { ApiCallDef } from '../../../src/domain/shared/api';
import type { CallInput } from '../../../src/domain/shared/input';

/** Every attacking string carries it, so an answer that echoes the request is caught. */
export const MARKER = 'FUZZ7Q';

export interface Attack {
  /** What is tried, for the failure message. */
  label: string;
  method: ApiCallDef['method'];
  /** Path and query, already encoded as sent. */
  url: string;
  headers?: Record<string, string>;
  /** Sent as is (a string or Buffer), so broken bodies stay broken. */
  payload?: string | Buffer;
}

type JsonSchema = Record<string, unknown>;

const STRING_ATTACKS: readonly [string, unknown][] = [
  ['NUL byte', `${MARKER}\u0000b`],
  ['control character', `${MARKER}\u0007\u001b[31m`],
  ['DEL', `${MARKER}\u007f`],
  ['100 KB string', MARKER + 'x'.repeat(100_000)],
  ['lone surrogate', `${MARKER}\ud800`],
  ['number for text', 12345],
  ['object for text', { a: MARKER }],
  ['array for text', [MARKER]],
  ['null', null],
];

const NUMBER_ATTACKS: readonly [string, unknown][] = [
  ['int4 + 1', 2_147_483_648],
  ['int4 min - 1', -2_147_483_649],
  ['1e20', 1e20],
  ['negative', -1],
  ['zero', 0],
  ['fraction', 1.5],
  ['numeric string past int4', '99999999999'],
  ['text for number', `${MARKER}abc`],
  ['object for number', {}],
  ['array for number', [1, 2]],
  ['null', null],
];

const OTHER_ATTACKS: readonly [string, unknown][] = [
  ['unknown enum value', `${MARKER}NOPE`],
  ['number', 1e20],
  ['object', { a: MARKER }],
  ['huge array', Array.from({ length: 5000 }, () => MARKER)],
  ['null', null],
];

/** Path parameters arrive as text; these are sent raw in the URL. */
const PATH_ATTACKS: readonly [string, string][] = [
  ['NUL byte', `${MARKER}%00b`],
  ['control character', `${MARKER}%07`],
  ['int4 + 1', '2147483648'],
  ['1e20', '1e20'],
  ['negative', '-1'],
  ['fraction', '1.5'],
  ['bad percent-encoding', `${MARKER}%E0%A4%A`],
  ['long parameter', MARKER + 'k'.repeat(300)],
  ['encoded slash', `${MARKER}%2F..%2F..`],
];

function typeOf(schema: JsonSchema): string {
  const type = schema.type;
  if (Array.isArray(type)) return String(type.find((t) => t !== 'null'));
  if (typeof type === 'string') return type;
  return Array.isArray(schema.enum) ? typeof schema.enum[0] : 'unknown';
}

function attacksFor(schema: JsonSchema): readonly [string, unknown][] {
  if (Array.isArray(schema.enum)) return OTHER_ATTACKS;
  const type = typeOf(schema);
  if (type === 'string') return STRING_ATTACKS;
  if (type === 'integer' || type === 'number') return NUMBER_ATTACKS;
  return OTHER_ATTACKS;
}

/** A plausible value, so that each attack changes one field and the others get past the check. */
export function plausible(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'string':
      return 'a'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    case 'integer':
    case 'number':
      return Math.max(1, Number(schema.minimum ?? 1));
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return plausibleObject(schema);
    default:
      return null;
  }
}

function propertiesOf(schema: JsonSchema | undefined): [string, JsonSchema][] {
  return Object.entries((schema?.properties ?? {}) as Record<string, JsonSchema>);
}

export function plausibleObject(schema: JsonSchema | undefined): Record<string, unknown> {
  return Object.fromEntries(propertiesOf(schema).map(([name, prop]) => [name, plausible(prop)]));
}

function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\/:(\w+)\??/g, (_m, name: string) => `/${params[name] ?? '1'}`);
}

function queryString(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    search.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const JSON_HEADERS = { 'content-type': 'application/json' };

function deepNesting(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}

/** A multipart body cut off in the middle of its file part. */
function truncatedMultipart(boundary: string): Buffer {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${MARKER}.png"\r\nContent-Type: image/png\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])]);
}

function multipartAttacks(method: Attack['method'], url: string): Attack[] {
  const boundary = 'fuzzboundary';
  const type = `multipart/form-data; boundary=${boundary}`;
  return [
    { label: 'truncated multipart', method, url, headers: { 'content-type': type }, payload: truncatedMultipart(boundary) },
    { label: 'multipart without boundary', method, url, headers: { 'content-type': 'multipart/form-data' }, payload: `--x\r\n${MARKER}` },
    { label: 'multipart garbage', method, url, headers: { 'content-type': type }, payload: `${MARKER}\u0000\r\n--${boundary}--garbage` },
    {
      label: 'multipart with a NUL file name',
      method,
      url,
      headers: { 'content-type': type },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${MARKER}\u0000.pdf"\r\n\r\n%PDF\r\n--${boundary}--\r\n`,
    },
  ];
}

/** Every hostile request for one call. */
export function attacksOn(call: ApiCallDef, input: CallInput): Attack[] {
  const { method } = call;
  const paramsSchema = input.params as JsonSchema | undefined;
  const querySchema = input.querystring as JsonSchema | undefined;
  const bodySchema = input.body as JsonSchema | undefined;
  const baseParams = Object.fromEntries(Object.entries(plausibleObject(paramsSchema)).map(([k, v]) => [k, encodeURIComponent(String(v))]));
  const basePath = fillPath(call.path, baseParams);
  const baseQuery = plausibleObject(querySchema);
  const baseBody = plausibleObject(bodySchema);
  const hasBody = method !== 'GET';
  const attacks: Attack[] = [];

  const send = (label: string, query: Record<string, unknown>, body: unknown, path = basePath): Attack => ({
    label,
    method,
    url: path + queryString(query),
    ...(hasBody ? { headers: JSON_HEADERS, payload: JSON.stringify(body) } : {}),
  });

  attacks.push(send('plausible input', baseQuery, baseBody));
  attacks.push(send('unknown fields', { ...baseQuery, [`${MARKER}x`]: MARKER }, { ...baseBody, [`${MARKER}x`]: MARKER, __proto__x: { admin: true } }));

  for (const [name, prop] of propertiesOf(bodySchema)) {
    for (const [what, value] of attacksFor(prop)) attacks.push(send(`body.${name}: ${what}`, baseQuery, { ...baseBody, [name]: value }));
    const { [name]: _omitted, ...without } = baseBody;
    attacks.push(send(`body.${name}: missing`, baseQuery, without));
  }
  for (const [name, prop] of propertiesOf(querySchema)) {
    for (const [what, value] of attacksFor(prop)) {
      if (value === null || typeof value === 'object') continue;
      attacks.push(send(`query.${name}: ${what}`, { ...baseQuery, [name]: value }, baseBody));
    }
    attacks.push({ label: `query.${name}: repeated`, method, url: basePath + queryString(baseQuery) + `&${name}=a&${name}=b`, ...bodyOf(hasBody, baseBody) });
    attacks.push({ label: `query.${name}: raw NUL`, method, url: `${basePath}?${name}=${MARKER}%00`, ...bodyOf(hasBody, baseBody) });
  }
  for (const [name] of propertiesOf(paramsSchema)) {
    for (const [what, raw] of PATH_ATTACKS) {
      attacks.push(send(`params.${name}: ${what}`, baseQuery, baseBody, fillPath(call.path, { ...baseParams, [name]: raw })));
    }
  }

  attacks.push({ label: 'bad percent-encoding in the query', method, url: `${basePath}?${MARKER}=%E0%A4%A`, ...bodyOf(hasBody, baseBody) });
  if (hasBody) {
    for (const [what, payload] of [
      ['array for the body', '[]'],
      ['string for the body', JSON.stringify(MARKER)],
      ['number for the body', '1e400'],
      ['null body', 'null'],
      ['broken JSON', `{"${MARKER}":`],
      ['deeply nested JSON', deepNesting(20_000)],
      ['JSON with a NUL key', JSON.stringify({ [`${MARKER}\u0000`]: 1 })],
    ] as const) {
      attacks.push({ label: what, method, url: basePath, headers: JSON_HEADERS, payload });
    }
    attacks.push({
      label: 'form body with NUL',
      method,
      url: basePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `a=${MARKER}%00&b=%E0%A4%A`,
    });
    attacks.push(...multipartAttacks(method, basePath));
  }
  return attacks;
}

function bodyOf(hasBody: boolean, body: unknown): Pick<Attack, 'headers' | 'payload'> {
  return hasBody ? { headers: JSON_HEADERS, payload: JSON.stringify(body) } : {};
}
