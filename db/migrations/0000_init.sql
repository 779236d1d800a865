CREATE TABLE `endpoints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`base_url` text NOT NULL,
	`model` text NOT NULL,
	`api_key` text,
	`params` text DEFAULT '{}' NOT NULL,
	`concurrency` integer DEFAULT 16 NOT NULL,
	`timeout_ms` integer DEFAULT 120000 NOT NULL,
	`role_hints` text DEFAULT '[]' NOT NULL,
	`label` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `endpoints_name_uq` ON `endpoints` (`name`);--> statement-breakpoint
CREATE TABLE `episodes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` integer NOT NULL,
	`key` text NOT NULL,
	`meta_turn_index` integer,
	`role` text NOT NULL,
	`env_id` text NOT NULL,
	`env_version` text NOT NULL,
	`task_type` text NOT NULL,
	`task_id` text NOT NULL,
	`seed` integer NOT NULL,
	`goal` text,
	`system_prompt` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`success` integer,
	`total_reward` real,
	`step_count` integer DEFAULT 0 NOT NULL,
	`negative_count` integer DEFAULT 0 NOT NULL,
	`parent_episode_id` integer,
	`branch_step` integer,
	`error` text,
	`started_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `episodes_run_key_uq` ON `episodes` (`run_id`,`key`);--> statement-breakpoint
CREATE INDEX `episodes_run_turn_idx` ON `episodes` (`run_id`,`meta_turn_index`);--> statement-breakpoint
CREATE INDEX `episodes_parent_idx` ON `episodes` (`parent_episode_id`);--> statement-breakpoint
CREATE TABLE `meta_turns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` integer NOT NULL,
	`index` integer NOT NULL,
	`system_prompt` text NOT NULL,
	`train_reward` real,
	`val_reward` real,
	`train_success` real,
	`val_success` real,
	`reflector_input` text,
	`reflector_output` text,
	`analysis` text,
	`next_prompt` text,
	`reflection_error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meta_turns_run_index_uq` ON `meta_turns` (`run_id`,`index`);--> statement-breakpoint
CREATE TABLE `runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`config` text NOT NULL,
	`seed` integer NOT NULL,
	`progress` text,
	`error` text,
	`cancel_requested` integer DEFAULT false NOT NULL,
	`claimed_by` text,
	`heartbeat_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`started_at` integer,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `runs_created_idx` ON `runs` (`created_at`);--> statement-breakpoint
CREATE INDEX `runs_status_idx` ON `runs` (`status`);--> statement-breakpoint
CREATE TABLE `steps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`episode_id` integer NOT NULL,
	`index` integer NOT NULL,
	`observation` text NOT NULL,
	`available_actions` text NOT NULL,
	`thought` text,
	`proposed_action` text NOT NULL,
	`executed_action` text NOT NULL,
	`feedback` text NOT NULL,
	`reward` real NOT NULL,
	`done` integer NOT NULL,
	`negative` integer NOT NULL,
	`latency_ms` real,
	`calls` text,
	FOREIGN KEY (`episode_id`) REFERENCES `episodes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `steps_episode_index_uq` ON `steps` (`episode_id`,`index`);