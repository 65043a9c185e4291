import type { FastifyBaseLogger } from 'fastify';
import type { Stats } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOAD_DIR_PREFIX } from './upload.js';

/** An upload folder untouched this long was left by a server killed mid-import (an upload lasts minutes). */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

const errorCode = (error: unknown) => (typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '');

/** The folder's newest change: its own (an entry added) or any entry's (the upload being written). */
async function lastChange(folder: string, stats: Stats): Promise<number> {
  let newest = stats.mtimeMs;
  for (const entry of await readdir(folder)) newest = Math.max(newest, (await lstat(join(folder, entry))).mtimeMs);
  return newest;
}

/**
 * Removes the upload folders (`portal-import-*` in `parent`) that a server killed during an import
 * left behind. Safe with several portals on one machine: only folders of this process's user, and
 * only when neither the folder nor anything in it changed for STALE_UPLOAD_MS before `now`, so an
 * upload in progress elsewhere is never touched; a folder another portal removes first is skipped.
 * Logs and answers what it removed; a failure is logged and startup goes on.
 */
export async function removeStaleUploads(parent: string, now: number, log: FastifyBaseLogger): Promise<string[]> {
  const removed: string[] = [];
  let names: string[];
  try {
    names = (await readdir(parent)).filter((name) => name.startsWith(UPLOAD_DIR_PREFIX));
  } catch (error) {
    log.warn({ err: error, parent }, 'stale import uploads not checked: the temp folder cannot be read');
    return removed;
  }
  const uid = process.getuid?.();
  for (const name of names) {
    const folder = join(parent, name);
    try {
      const stats = await lstat(folder);
      if (!stats.isDirectory() || (uid !== undefined && stats.uid !== uid)) continue;
      if (now - (await lastChange(folder, stats)) < STALE_UPLOAD_MS) continue;
      await rm(folder, { recursive: true, force: true });
      removed.push(folder);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') continue;
      log.warn({ err: error, folder }, 'stale import upload not removed');
    }
  }
  if (removed.length > 0) log.info({ removed }, `removed ${removed.length} stale import upload folder(s) left by an interrupted import`);
  return removed;
}
