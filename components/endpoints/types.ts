import type { createEndpointAction, deleteEndpointAction, testEndpointAction, updateEndpointAction } from '@/app/endpoints/actions';

// Passed down from the page rather than imported, so components/ does not depend on app/ at run time.
export interface EndpointActions {
  create: typeof createEndpointAction;
  update: typeof updateEndpointAction;
  remove: typeof deleteEndpointAction;
  test: typeof testEndpointAction;
}

export type { EndpointFormState, TestEndpointResult } from '@/app/endpoints/actions';
export type { EndpointView } from '@/db/queries/endpoints';
export type { TestConnectionResult } from '@/app/_server/endpoints';
