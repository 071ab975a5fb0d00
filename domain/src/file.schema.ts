/**
 * Files as the API answers them: a stored file of a record, and the company templates' status
 * (what the print and the contract's file panel show).
 */
import { z } from 'zod';

/** A file stored for a record (company, project, contract, payment request…). */
export const fileRecordSchema = z.object({
  id: z.number(),
  owner_kind: z.string(),
  owner_id: z.number(),
  document_type: z.string().nullable(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number(),
  sha256: z.string(),
  status: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});

/** One company template: where it comes from and whether the print can use it (and why not). */
export const templateStatusSchema = z.object({
  document_type: z.string(),
  source: z.enum(['file', 'drive']),
  file_name: z.string().nullable(),
  drive_path: z.string().nullable(),
  usable: z.boolean(),
  reason: z.string().optional(),
});

/** The document types a company may have templates for, and its templates. */
export const templatePermissionSchema = z.object({
  documentTypes: z.array(z.string()),
  templates: z.array(templateStatusSchema),
});
