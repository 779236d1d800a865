// The one source of table types. Designed for every run kind in the architecture (ICT, LEAFE,
// Pass@k, comparisons), not only ICT: episodes carry parent/branch columns for rollback trees
// and a free `role` so that samples of a Pass@k run fit the same table.
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { RunConfig, RunKind, RunProgress, RunStatus } from '../lib/runs/types';
import type { EpisodeRole, EpisodeStatus, StepCall } from '../lib/episodes/types';
import type { RemoteEnvConfig } from '../lib/envs/remote/config';

const now = sql`(unixepoch('subsec') * 1000)`;

export const endpoints = sqliteTable(
  'endpoints',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    baseUrl: text('base_url').notNull(),
    model: text('model').notNull(),
    // Never selected by queries that feed the browser; see db/queries/endpoints.ts.
    apiKey: text('api_key'),
    params: text('params', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    concurrency: integer('concurrency').notNull().default(16),
    timeoutMs: integer('timeout_ms').notNull().default(120_000),
    maxRetries: integer('max_retries').notNull().default(5),
    roleHints: text('role_hints', { mode: 'json' }).$type<string[]>().notNull().default([]),
    label: text('label', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('endpoints_name_uq').on(t.name)],
);

/** Environments served elsewhere over AgentGym's HTTP protocol, registered by id ("remote:…"). */
export const remoteEnvironments = sqliteTable('remote_environments', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  config: text('config', { mode: 'json' }).$type<RemoteEnvConfig>().notNull(),
  createdAt: integer('created_at').notNull().default(now),
  updatedAt: integer('updated_at').notNull().default(now),
});

export const runs = sqliteTable(
  'runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    kind: text('kind').$type<RunKind>().notNull(),
    status: text('status').$type<RunStatus>().notNull().default('queued'),
    config: text('config', { mode: 'json' }).$type<RunConfig>().notNull(),
    seed: integer('seed').notNull(),
    progress: text('progress', { mode: 'json' }).$type<RunProgress>(),
    error: text('error'),
    cancelRequested: integer('cancel_requested', { mode: 'boolean' }).notNull().default(false),
    claimedBy: text('claimed_by'),
    heartbeatAt: integer('heartbeat_at'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: integer('created_at').notNull().default(now),
    startedAt: integer('started_at'),
    finishedAt: integer('finished_at'),
  },
  (t) => [index('runs_created_idx').on(t.createdAt), index('runs_status_idx').on(t.status)],
);

export const metaTurns = sqliteTable(
  'meta_turns',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    runId: integer('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    systemPrompt: text('system_prompt').notNull(),
    trainReward: real('train_reward'),
    valReward: real('val_reward'),
    trainSuccess: real('train_success'),
    valSuccess: real('val_success'),
    reflectorInput: text('reflector_input'),
    reflectorOutput: text('reflector_output'),
    analysis: text('analysis'),
    /** sp_{i+1}, once the reflector has answered; null until then. */
    nextPrompt: text('next_prompt'),
    reflectionError: text('reflection_error'),
    /** The reflector's model calls (tokens, latency, retries); empty for the offline reflector. */
    reflectorCalls: text('reflector_calls', { mode: 'json' }).$type<StepCall[]>(),
    createdAt: integer('created_at').notNull().default(now),
    finishedAt: integer('finished_at'),
  },
  (t) => [uniqueIndex('meta_turns_run_index_uq').on(t.runId, t.index)],
);

export const episodes = sqliteTable(
  'episodes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    runId: integer('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    /** Deterministic identity within a run; makes resume idempotent (no duplicate episodes). */
    key: text('key').notNull(),
    metaTurnIndex: integer('meta_turn_index'),
    role: text('role').$type<EpisodeRole>().notNull(),
    envId: text('env_id').notNull(),
    envVersion: text('env_version').notNull(),
    taskType: text('task_type').notNull(),
    taskId: text('task_id').notNull(),
    seed: integer('seed').notNull(),
    goal: text('goal'),
    systemPrompt: text('system_prompt').notNull(),
    status: text('status').$type<EpisodeStatus>().notNull().default('running'),
    success: integer('success', { mode: 'boolean' }),
    totalReward: real('total_reward'),
    stepCount: integer('step_count').notNull().default(0),
    negativeCount: integer('negative_count').notNull().default(0),
    parentEpisodeId: integer('parent_episode_id'),
    branchStep: integer('branch_step'),
    error: text('error'),
    /** The model calls that failed and ended the episode (the step they served was never taken). */
    errorCalls: text('error_calls', { mode: 'json' }).$type<StepCall[]>(),
    startedAt: integer('started_at').notNull().default(now),
    finishedAt: integer('finished_at'),
  },
  (t) => [
    uniqueIndex('episodes_run_key_uq').on(t.runId, t.key),
    index('episodes_run_turn_idx').on(t.runId, t.metaTurnIndex),
    index('episodes_parent_idx').on(t.parentEpisodeId),
  ],
);

export const steps = sqliteTable(
  'steps',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    episodeId: integer('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    /** What the agent saw when it chose the action. */
    observation: text('observation').notNull(),
    availableActions: text('available_actions', { mode: 'json' }).$type<string[]>().notNull(),
    thought: text('thought'),
    proposedAction: text('proposed_action').notNull(),
    executedAction: text('executed_action').notNull(),
    /** What the environment answered. */
    feedback: text('feedback').notNull(),
    reward: real('reward').notNull(),
    done: integer('done', { mode: 'boolean' }).notNull(),
    negative: integer('negative', { mode: 'boolean' }).notNull(),
    latencyMs: real('latency_ms'),
    /** Model calls behind this step (messages, raw reply, tokens); empty for the offline policy. */
    calls: text('calls', { mode: 'json' }).$type<StepCall[]>(),
  },
  (t) => [uniqueIndex('steps_episode_index_uq').on(t.episodeId, t.index)],
);

export type EndpointRow = typeof endpoints.$inferSelect;
export type NewEndpointRow = typeof endpoints.$inferInsert;
export type RemoteEnvironmentRow = typeof remoteEnvironments.$inferSelect;
export type RunRow = typeof runs.$inferSelect;
export type NewRunRow = typeof runs.$inferInsert;
export type MetaTurnRow = typeof metaTurns.$inferSelect;
export type EpisodeRow = typeof episodes.$inferSelect;
export type StepRow = typeof steps.$inferSelect;
