import { vi } from 'vitest';
import type { loadPdf as load } from '@/components/contents/preview/pdf-document';
import { resetBeforeEachFile } from '../shared-modules';

/** pdf.js needs a real browser (workers, canvas): a PDF's load never ends unless a test hands out a document. */
export const loadPdf = vi.fn<typeof load>(() => new Promise(() => undefined));

resetBeforeEachFile(() => loadPdf.mockReset());
