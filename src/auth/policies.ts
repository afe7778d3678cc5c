// Permissions (spec 2 §6): a policy object fetched from the server, checked by path; missing counts as denied.
import { useSelector } from 'react-redux';
import { usePoliciesQuery } from '../api/endpoints/user';
import type { PolicyObject } from '../api/endpoints/types';
import { selectSession } from './session-slice';

export function hasPolicy(policy: PolicyObject | undefined | null, path: string): boolean {
  if (!policy) return false;
  if ((policy as Record<string, unknown>)[path] === true) return true;
  let node: boolean | PolicyObject | undefined = policy;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return false;
    node = node[part];
  }
  return node === true;
}

/** The signed-in user's policy and a checker; `loading` while it is being fetched. */
export function usePolicy(): { loading: boolean; allows: (path: string) => boolean; policy?: PolicyObject } {
  const session = useSelector(selectSession);
  const q = usePoliciesQuery(undefined, { skip: session.status !== 'valid' });
  return { loading: q.isLoading || (session.status === 'valid' && q.isUninitialized), policy: q.data, allows: (p) => hasPolicy(q.data, p) };
}
