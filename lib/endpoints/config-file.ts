// The headless way to register endpoints: a JSON file read at worker start. Validated with the
// same schema as the Endpoints form and POST /api/endpoints; a key can come from an environment
// variable so that the file itself can be committed without secrets.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { remoteEnvConfigSchema, type RemoteEnvConfig } from '../envs/remote/config';
import { endpointInputSchema, type EndpointConfig } from './schema';

export const ENDPOINTS_CONFIG_ENV = 'REFLECTLAB_ENDPOINTS';
export const DEFAULT_ENDPOINTS_CONFIG_FILE = './reflectlab.endpoints.json';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

// Strict: a misspelt field ("timeout", "api_key") must be reported, not silently ignored.
const configEntrySchema = endpointInputSchema
  .extend({
    /** Name of the environment variable holding the key; the file then holds no secret. */
    apiKeyEnv: z.string().regex(ENV_NAME, { error: 'apiKeyEnv must be an environment variable name, e.g. OPENAI_API_KEY' }).optional(),
  })
  .strict()
  .refine((e) => !(e.apiKey !== undefined && e.apiKeyEnv !== undefined), { error: 'give apiKey or apiKeyEnv, not both', path: ['apiKeyEnv'] });

// Remote environments (AgentGym servers) may be declared in the same file, under "environments".
const configFileSchema = z
  .object({
    endpoints: z.array(z.unknown(), { error: '"endpoints" must be a list' }).default([]),
    environments: z.array(z.unknown(), { error: '"environments" must be a list' }).default([]),
  })
  .strict();

export type EndpointsConfigEntry = z.input<typeof configEntrySchema>;

export class EndpointsConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`invalid endpoints config ${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EndpointsConfigError';
  }
}

function pathLabel(p: readonly PropertyKey[]): string {
  return p.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('').replace(/^\./, '');
}

/**
 * Validates a parsed config file and resolves `apiKeyEnv` from `env`. Every problem of every entry
 * is collected, so one run of the worker tells the user all that is wrong. Throws
 * EndpointsConfigError; never includes a key in a message.
 */
export function parseEndpointsConfig(json: unknown, env: Record<string, string | undefined>, file = 'endpoints config'): EndpointConfig[] {
  return parseConfigFile(json, env, file).endpoints;
}

function parseTop(json: unknown, file: string) {
  const top = configFileSchema.safeParse(json);
  if (!top.success) {
    throw new EndpointsConfigError(
      file,
      top.error.issues.map((i) => (i.path.length ? `${pathLabel(i.path)}: ${i.message}` : `expected {"endpoints": [...]}: ${i.message}`)),
    );
  }
  return top.data;
}

/** Both sections of the file; every problem of both is reported at once and nothing is applied. */
export function parseConfigFile(
  json: unknown,
  env: Record<string, string | undefined>,
  file = 'endpoints config',
): { endpoints: EndpointConfig[]; environments: RemoteEnvConfig[] } {
  const top = parseTop(json, file);
  const problems: string[] = [];
  const environments: RemoteEnvConfig[] = [];
  top.environments.forEach((raw, i) => {
    const parsed = remoteEnvConfigSchema.safeParse(raw);
    if (parsed.success) environments.push(parsed.data);
    else for (const issue of parsed.error.issues) problems.push(`environments[${i}]${issue.path.length ? `.${pathLabel(issue.path)}` : ''}: ${issue.message}`);
  });
  const endpoints = parseEndpointEntries(top.endpoints, env, file, problems);
  if (problems.length) throw new EndpointsConfigError(file, problems);
  return { endpoints, environments };
}

function parseEndpointEntries(entries: unknown[], env: Record<string, string | undefined>, file: string, problems: string[]): EndpointConfig[] {
  const out: EndpointConfig[] = [];
  const seen = new Map<string, number>();
  entries.forEach((raw, i) => {
    const rawName = raw && typeof raw === 'object' && typeof (raw as { name?: unknown }).name === 'string' ? (raw as { name: string }).name.trim() : '';
    const where = `endpoints[${i}]${rawName ? ` ("${rawName}")` : ''}`;
    const parsed = configEntrySchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${where}${issue.path.length ? `.${pathLabel(issue.path)}` : ''}: ${issue.message}`);
      return;
    }
    const { apiKeyEnv, ...config } = parsed.data;
    const first = seen.get(config.name);
    if (first !== undefined) {
      problems.push(`${where}.name: "${config.name}" is already used by endpoints[${first}]`);
      return;
    }
    seen.set(config.name, i);
    if (apiKeyEnv !== undefined) {
      const value = env[apiKeyEnv]?.trim();
      if (!value) {
        problems.push(`${where}.apiKeyEnv: environment variable ${apiKeyEnv} is not set`);
        return;
      }
      config.apiKey = value;
    }
    out.push(config);
  });
  return out;
}

export interface LoadedEndpointsConfig {
  file: string;
  endpoints: EndpointConfig[];
  environments: RemoteEnvConfig[];
}

/**
 * Reads the file named by REFLECTLAB_ENDPOINTS, else ./reflectlab.endpoints.json when it exists.
 * Returns null when there is nothing to read; a file named explicitly must exist.
 */
export function loadEndpointsConfigFile({ env = process.env, cwd = process.cwd() }: { env?: Record<string, string | undefined>; cwd?: string } = {}): LoadedEndpointsConfig | null {
  const named = env[ENDPOINTS_CONFIG_ENV]?.trim();
  const file = path.resolve(/*turbopackIgnore: true*/ cwd, named || DEFAULT_ENDPOINTS_CONFIG_FILE);
  let text: string;
  try {
    // A file chosen at run time, not a project source: keep the bundler from tracing the project.
    text = fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8');
  } catch (e) {
    if (!named && (e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? `no such file (named by ${ENDPOINTS_CONFIG_ENV})` : `cannot read it: ${(e as Error).message}`;
    throw new EndpointsConfigError(file, [why]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    // V8's message can quote the text around the error, which may be a key: keep the reason and
    // the position only.
    const message = (e as Error).message;
    const cut = message.split(/, (?:\.\.\.)?"/)[0].replace(/ (?:in JSON )?at position \d+.*$/s, '');
    const reason = cut.includes('"') ? 'syntax error' : cut;
    const pos = /at position (\d+)/.exec(message)?.[1];
    const before = pos === undefined ? null : text.slice(0, Number(pos)).split('\n');
    const at = before ? ` at line ${before.length} column ${before[before.length - 1].length + 1}` : '';
    throw new EndpointsConfigError(file, [`not valid JSON${at}: ${reason}`]);
  }
  return { file, ...parseConfigFile(json, env, file) };
}
