'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { createEndpoint, editEndpoint, testEndpointConnection, type EndpointWriteResult, type TestConnectionResult } from '@/app/_server/endpoints';
import { formFieldErrors, formToEndpointInput } from '@/components/endpoints/form-input';
import { getDb } from '@/db/client';
import { deleteEndpoint } from '@/db/queries/endpoints';

// The page re-renders from the database after every write (revalidatePath), so the client holds no
// copy of the list to invalidate. No result here ever carries the key.

export type EndpointFormState = { ok: true; data: { id: number } } | { ok: false; error: string; fields?: Record<string, string[]> } | null;
export type DeleteEndpointResult = { ok: true; data: { id: number } } | { ok: false; error: string };
export type TestEndpointResult = { ok: true; data: TestConnectionResult } | { ok: false; error: string };

const endpointId = z.coerce.number().int().positive();

function formState(result: EndpointWriteResult): EndpointFormState {
  if (result.ok) {
    revalidatePath('/endpoints');
    return { ok: true, data: { id: result.id } };
  }
  return { ok: false, error: result.error, fields: formFieldErrors(result.fields) };
}

export async function createEndpointAction(_prev: EndpointFormState, formData: FormData): Promise<EndpointFormState> {
  formData.delete('id');
  return formState(createEndpoint(formToEndpointInput(formData)));
}

export async function updateEndpointAction(_prev: EndpointFormState, formData: FormData): Promise<EndpointFormState> {
  const id = endpointId.safeParse(formData.get('id'));
  if (!id.success) return { ok: false, error: 'invalid endpoint id' };
  return formState(editEndpoint(id.data, formToEndpointInput(formData)));
}

export async function deleteEndpointAction(id: number): Promise<DeleteEndpointResult> {
  const parsed = endpointId.safeParse(id);
  if (!parsed.success) return { ok: false, error: 'invalid endpoint id' };
  if (!deleteEndpoint(getDb(), { id: parsed.data })) return { ok: false, error: 'endpoint not found' };
  revalidatePath('/endpoints');
  return { ok: true, data: { id: parsed.data } };
}

export async function testEndpointAction(id: number): Promise<TestEndpointResult> {
  const parsed = endpointId.safeParse(id);
  if (!parsed.success) return { ok: false, error: 'invalid endpoint id' };
  const result = await testEndpointConnection(parsed.data);
  if (!result) return { ok: false, error: 'endpoint not found' };
  return { ok: true, data: result };
}
