/**
 * How the offline policy is named wherever a result it produced is shown. Its own module so that
 * client components can import it without bundling the policy itself.
 */
export const OFFLINE_LABEL = 'offline scripted policy (not a language model)';
