import type { PDFDocumentLoadingTask } from 'pdfjs-dist';

let workerPort: Worker | null = null;

/**
 * Starts loading a PDF with pdf.js. The library is imported here, when a PDF
 * is first shown, so no other page carries it; its worker is bundled with
 * the app and served from this site (the CSP's worker-src 'self'). Only
 * pages are drawn: scripts and forms inside a PDF are never run.
 */
export async function loadPdf(url: string): Promise<PDFDocumentLoadingTask> {
  const pdfjs = await import('pdfjs-dist');
  if (!workerPort) {
    workerPort = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), { type: 'module' });
    pdfjs.GlobalWorkerOptions.workerPort = workerPort;
  }
  return pdfjs.getDocument({ url });
}
