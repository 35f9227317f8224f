import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants';

/** Every failure the API sends: a sentence, a machine code, and field errors. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Where `errors` keeps a message that belongs to no field. */
const NON_FIELD_ERRORS = 'non_field_errors';

/** Validation issues as `errors`: every message under its top-level field. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path?: readonly PropertyKey[]; message: string }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[String(issue.path?.[0] ?? NON_FIELD_ERRORS)] ??= []).push(issue.message);
  return errors;
}

/** Machine codes the client may branch on. */
export const errorCodes = [
  'validation_error',
  'unauthenticated',
  'invalid_token',
  'session_revoked',
  'session_expired',
  'email_code_required',
  'forbidden',
  'not_found',
  'conflict',
  /** Someone else changed the thing since the caller read it: nothing was saved. */
  'edit_conflict',
  'email_taken',
  'email_unverified',
  'invalid_credentials',
  'invalid_code',
  'code_expired',
  'code_exhausted',
  'invalid_reset_token',
  'handle_taken',
  'already_member',
  'plan_limit',
  'last_owner',
  'invitation_email_mismatch',
  'space_archived',
  'space_private',
  'payload_too_large',
  'unsupported_file_type',
  'file_content_mismatch',
  'file_too_large',
  'storage_quota',
  'content_not_ready',
  'unsupported_media_type',
  'length_required',
  'rate_limited',
  'overloaded',
  'google_sign_in_disabled',
  'two_factor_required',
  'reauthentication_required',
  /** Sent by a page of another site (its Origin), or without the headers only the app's own client sends. */
  'cross_site_request',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const dataEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ data, message: z.string().optional() });

export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;
