import { errorCode } from '@/client/http/clients';

/** True when the API refused because the hub's plan is full (422 plan_limit). */
export const isPlanLimit = (error: unknown): boolean => errorCode(error) === 'plan_limit';
