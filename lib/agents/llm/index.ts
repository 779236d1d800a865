// The LLM-backed actor and ICT reflector, and the prompt templates both are rendered from.
export { ActorCallError, createLlmActor, isFatalKind, type AgentSamplingParams, type LlmActorOptions } from './actor';
export { matchAction, parseActorReply, type ActionMatch, type MatchKind, type ParsedActorReply } from './parse-actor';
export { parseReflection, type ParsedReflection } from './parse-reflection';
export { createLlmReflector, type LlmIctReflector, type LlmReflection, type LlmReflectorOptions } from './reflector';
export { DEFAULT_TEMPLATES, renderTemplate, resolveTemplates, TemplateError, templatePlaceholders } from './templates';
