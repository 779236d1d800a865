// The body of POST /api/endpoints (and PUT/PATCH /api/endpoints/:id) is the Endpoints form's
// schema, also used by the headless config file; one source of truth.
export { endpointInputSchema as createEndpointSchema, endpointSnapshotSchema } from '@/lib/endpoints/schema';
