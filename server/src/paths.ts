/**
 * Folders the server reads at run time. This file is server/src/paths.ts when run from source (tests,
 * tsx) and is inlined into server/dist/main.mjs when bundled (`npm start`): both sit one level
 * below server/, so the same relative path finds the server's folder either way.
 */
import path from 'node:path';

export const serverDir = path.resolve(import.meta.dirname, '..');
export const migrationsFolder = path.join(serverDir, 'src/db/migrations');
export const defaultWebDist = path.join(serverDir, '../web/dist');
/** Built-in Word templates (payment-v1.docx…), written by scripts/make-payment-template.mjs. */
export const templatesDir = path.join(serverDir, 'templates');
