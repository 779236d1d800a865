// POST /api/environments takes a remote environment's registration: one schema for API, form and config.
export { remoteEnvConfigSchema as registerEnvironmentSchema } from '@/lib/envs/remote/config';
