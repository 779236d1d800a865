import { EndpointsView } from '@/components/endpoints/endpoints-view';
import { getDb } from '@/db/client';
import { listEndpoints } from '@/db/queries/endpoints';
import { createEndpointAction, deleteEndpointAction, testEndpointAction, updateEndpointAction } from './actions';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Endpoints' };

export default function EndpointsPage() {
  // listEndpoints yields masked keys only; nothing secret crosses into the client component.
  return (
    <EndpointsView
      endpoints={listEndpoints(getDb())}
      actions={{ create: createEndpointAction, update: updateEndpointAction, remove: deleteEndpointAction, test: testEndpointAction }}
    />
  );
}
