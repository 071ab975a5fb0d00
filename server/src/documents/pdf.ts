/**
 * Word → PDF through LibreOffice headless (`soffice --convert-to pdf`), bounded so that a burst of
 * prints cannot exhaust the machine: at most `concurrency` conversions at once (the others wait up
 * to `queueMs`, then 503), each killed after `timeoutMs` (503). Every conversion runs in a folder of
 * its own with its own LibreOffice profile (`-env:UserInstallation`): two soffice processes sharing
 * a profile refuse each other, and a killed one can leave a profile half-written.
 *
 * Without LibreOffice the converter says so once at start, `available` is false and `convert`
 * answers 501: the Word document still prints. Debian: `apt-get install libreoffice-writer-nogui
 * fonts-noto-core` (Noto has every Vietnamese glyph).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { BUSY_RETRY_AFTER_SECONDS, slotFor } from '../core/busy.ts';
import { createSemaphore } from '../core/semaphore.ts';
import { HttpError } from '../http/errors.ts';

export type PdfOptions = {
  /** The soffice program: a name looked up on PATH, or a path; null: no PDF. */
  soffice: string | null;
  /** Conversions at once (each takes about one core for a second). */
  concurrency: number;
  /** How long a conversion waits for a free slot before the request is answered 503. */
  queueMs: number;
  /** How long one conversion may run before its processes are killed. */
  timeoutMs: number;
};

export const defaultPdfOptions: PdfOptions = {
  soffice: 'soffice',
  concurrency: 2,
  queueMs: 20_000,
  timeoutMs: 30_000,
};

export type PdfConverter = {
  readonly available: boolean;
  /** The program used, when available. */
  readonly program: string | null;
  /** A .docx as PDF; HttpError 501 (no LibreOffice), 503 (busy, too slow) or 500 (failed). */
  convert(docx: Buffer): Promise<Buffer>;
  readonly active: number;
  readonly waiting: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    pdf: PdfConverter;
  }
}

/** The executable a name or path designates, or null when there is none. */
export function findProgram(name: string, searchPath = process.env.PATH ?? ''): string | null {
  const executable = (file: string) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (name.includes('/')) return executable(name) ? path.resolve(name) : null;
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    if (executable(file)) return file;
  }
  return null;
}

export const pdfUnavailable = () =>
  new HttpError(
    501,
    'not_implemented',
    'PDF printing is not available on this server (LibreOffice is not installed): download the Word document instead',
    undefined,
    'pdf_unavailable',
  );

export function createPdfConverter(
  options: Partial<PdfOptions> = {},
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): PdfConverter {
  const o = { ...defaultPdfOptions, ...options };
  const program = o.soffice ? findProgram(o.soffice) : null;
  const slots = createSemaphore(o.concurrency);

  async function run(docx: Buffer): Promise<Buffer> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sitepay-pdf-'));
    try {
      const input = path.join(dir, 'document.docx');
      await writeFile(input, docx);
      const args = [
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        '--headless',
        '--invisible',
        '--norestore',
        '--nolockcheck',
        '--nodefault',
        '--nologo',
        '--convert-to',
        'pdf:writer_pdf_Export',
        '--outdir',
        dir,
        input,
      ];
      // its own process group, so that a timeout kills soffice.bin too, not only the launcher
      const child = spawn(program!, args, {
        cwd: dir,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, HOME: dir },
      });
      let output = '';
      const keep = (chunk: Buffer) => {
        if (output.length < 4000) output += chunk.toString('utf8');
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      const { code, timedOut } = await new Promise<{ code: number | null; timedOut: boolean }>(
        (resolve, reject) => {
          let timedOut = false;
          const timer = setTimeout(() => {
            timedOut = true;
            killGroup(child.pid);
          }, o.timeoutMs);
          child.once('error', (error) => {
            clearTimeout(timer);
            reject(error);
          });
          child.once('close', (exitCode) => {
            clearTimeout(timer);
            resolve({ code: exitCode, timedOut });
          });
        },
      );
      if (timedOut)
        throw new HttpError(
          503,
          'service_unavailable',
          `the PDF conversion took longer than ${Math.round(o.timeoutMs / 1000)} s and was stopped: try again, or download the Word document`,
          undefined,
          'pdf_timeout',
          {},
          BUSY_RETRY_AFTER_SECONDS,
        );
      const pdf = await readFile(path.join(dir, 'document.pdf')).catch(() => null);
      if (code !== 0 || !pdf || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') {
        log?.error({ code, output: output.slice(0, 2000) }, 'PDF conversion failed');
        throw new HttpError(500, 'internal_error', 'the PDF conversion failed', undefined, 'pdf_failed');
      }
      return pdf;
    } finally {
      await rm(dir, { recursive: true, force: true }).catch(() => {});
    }
  }

  return {
    available: program !== null,
    program,
    get active() {
      return slots.active;
    },
    get waiting() {
      return slots.waiting;
    },
    async convert(docx) {
      if (!program) throw pdfUnavailable();
      const release = await slotFor(slots, o.queueMs, 'pdf');
      try {
        return await run(docx);
      } finally {
        release();
      }
    },
  };
}

function killGroup(pid: number | undefined) {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Decorates `app.pdf` and says once, at start, when PDF printing is unavailable. */
export function registerPdf(app: FastifyInstance, options: Partial<PdfOptions> = {}) {
  const converter = createPdfConverter(options, app.log);
  app.decorate('pdf', converter);
  if (!converter.available)
    app.log.warn(
      { soffice: options.soffice ?? defaultPdfOptions.soffice },
      'PDF printing unavailable: LibreOffice (soffice) not found; Word printing works. Install libreoffice-writer-nogui and fonts-noto-core',
    );
}
