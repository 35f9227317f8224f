import { z } from 'zod';

/**
 * Where a passage of an item's text came from. Each kind of file fills what
 * it knows: a PDF its page, a presentation its slide, a table its sheet and
 * row, an email the part (the message, or an attachment by name), a
 * document or note the headings above the passage.
 */
export const passageLocationSchema = z.object({
  /** 1-based page of a PDF. */
  page: z.number().int().min(1).optional(),
  /** 1-based slide of a presentation. */
  slide: z.number().int().min(1).optional(),
  /** Worksheet name of a spreadsheet. */
  sheet: z.string().optional(),
  /** 0-based index of the row in the item's parsed rows (content_rows.row_index). */
  row: z.number().int().min(0).optional(),
  /** A record of a record table (records.id). */
  record: z.uuid().optional(),
  /** Which part of an email. */
  part: z.enum(['message', 'attachment']).optional(),
  /** An email attachment's file name. */
  attachment: z.string().optional(),
  /** The headings above the passage, outermost first. */
  headings: z.array(z.string()).optional(),
});
export type PassageLocation = z.infer<typeof passageLocationSchema>;

/** A passage as the client sees it: where it is, and which characters of the item's text it covers. */
export const passageRefSchema = z.object({
  position: z.number().int().min(0),
  location: passageLocationSchema,
  /** The location in words: "Page 2", "Slide 3", "Sheet1 · row 14", "Attachment report.pdf", "Setup › Network". */
  label: z.string(),
  /** Character offsets into the item's text (the text reader's pages): [start, end). */
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});
export type PassageRef = z.infer<typeof passageRefSchema>;

/** A location in words (empty when the item has a single, unplaced passage). */
export function passageLabel(location: PassageLocation): string {
  const parts: string[] = [];
  if (location.page !== undefined) parts.push(`Page ${location.page}`);
  if (location.slide !== undefined) parts.push(`Slide ${location.slide}`);
  if (location.sheet !== undefined) parts.push(location.sheet);
  if (location.row !== undefined) parts.push(`row ${location.row + 1}`);
  if (location.record !== undefined) parts.push('Record');
  if (location.part === 'attachment') parts.push(location.attachment ? `Attachment ${location.attachment}` : 'Attachment');
  if (location.part === 'message') parts.push('Message');
  if (location.headings?.length) parts.push(location.headings.join(' › '));
  return parts.join(' · ');
}
