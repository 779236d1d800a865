import { describe, expect, it } from 'vitest';
import type { EpisodeRecord, StepRecord } from '../../episodes/types';
import { batchSummary, renderBatchForReflector } from './trajectories';

const step = (over: Partial<StepRecord>): StepRecord => ({
  index: 0,
  observation: '',
  availableActions: ['go to fridge 1', 'look'],
  thought: null,
  proposedAction: '',
  executedAction: '',
  feedback: '',
  reward: 0,
  done: false,
  negative: false,
  latencyMs: null,
  calls: [],
  ...over,
});

const episode = (over: Partial<EpisodeRecord>): EpisodeRecord => ({
  id: 1,
  key: 'mt0/train/0',
  metaTurnIndex: 0,
  role: 'train',
  task: { envId: 'household', taskType: 'pick_and_place', taskId: 'pick_and_place-1', seed: 1 },
  envVersion: 'household@1.0.0',
  goal: 'put an apple in fridge',
  systemPrompt: 'sp',
  status: 'done',
  success: false,
  totalReward: 0,
  stepCount: 0,
  negativeCount: 0,
  error: null,
  steps: [],
  ...over,
});

const batch = [
  episode({
    success: true,
    totalReward: 1,
    stepCount: 2,
    steps: [
      step({ observation: 'You are in a room. You see a fridge 1.', thought: 'The apple\n may be   cold.', executedAction: 'go to fridge 1', feedback: 'The fridge 1 is closed.' }),
      step({ index: 1, availableActions: ['open fridge 1', 'look'], executedAction: 'fly away', feedback: 'Nothing happens.', negative: true }),
    ],
  }),
  episode({ id: 2, goal: null, status: 'errored', error: 'actor model call failed: auth: HTTP 401', task: { envId: 'household', taskType: 'pick_heat_then_place', taskId: 'pick_heat_then_place-4', seed: 4 } }),
];

describe('renderBatchForReflector', () => {
  it('shows outcome, goal, the starting observation, thoughts, actions with feedback, and marks inadmissible commands', () => {
    expect(renderBatchForReflector(batch)).toBe(
      [
        '### Episode 1: SUCCESS, reward 1.00, 2 steps (task type pick_and_place)',
        'Goal: put an apple in fridge',
        'Initial observation: You are in a room. You see a fridge 1.',
        'Thought: The apple may be cold.',
        '> go to fridge 1',
        'The fridge 1 is closed.',
        '> fly away   [not an admissible action]',
        'Nothing happens.',
        '',
        '### Episode 2: ERRORED (actor model call failed: auth: HTTP 401), reward 0.00, 0 steps (task type pick_heat_then_place)',
        'Goal: pick_heat_then_place-4',
      ].join('\n'),
    );
  });

  it('can leave thoughts out and cut long ones', () => {
    expect(renderBatchForReflector(batch.slice(0, 1), { includeThoughts: false })).not.toContain('Thought:');
    expect(renderBatchForReflector(batch.slice(0, 1), { maxThoughtChars: 9 })).toContain('Thought: The apple…\n');
    expect(renderBatchForReflector([])).toBe('(no episodes)');
  });
});

describe('batchSummary', () => {
  it('counts successes, failures and errors', () => {
    expect(batchSummary([...batch, episode({ id: 3 })])).toBe('3 episodes, 1 succeeded, 1 failed, 1 errored; mean reward 0.33');
    expect(batchSummary(batch.slice(0, 1))).toBe('1 episode, 1 succeeded, 0 failed; mean reward 1.00');
  });
});
