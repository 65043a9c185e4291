import type { FastifyBaseLogger } from 'fastify';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeStaleUploads, STALE_UPLOAD_MS } from './stale-uploads.js';

/** A logger keeping what was logged at info and warn. */
function recordingLog() {
  const lines: { level: 'info' | 'warn'; object: unknown; message: string }[] = [];
  const log = {
    info: (object: unknown, message: string) => lines.push({ level: 'info', object, message }),
    warn: (object: unknown, message: string) => lines.push({ level: 'warn', object, message }),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('removeStaleUploads', () => {
  let parent: string;
  const now = Date.now();
  const old = new Date(now - STALE_UPLOAD_MS - 60_000);
  const recent = new Date(now - STALE_UPLOAD_MS + 60_000);

  /** An upload folder with its file, both last changed at `when` (the file at `fileWhen`). */
  function uploadFolder(name: string, when: Date, fileWhen = when) {
    const folder = join(parent, name);
    mkdirSync(folder);
    writeFileSync(join(folder, 'upload'), 'data;peso\n');
    utimesSync(join(folder, 'upload'), fileWhen, fileWhen);
    utimesSync(folder, when, when);
    return folder;
  }

  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'stale-uploads-'));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('removes upload folders untouched for more than a day, logs them, and leaves everything else', async () => {
    const stale = uploadFolder('portal-import-aaaaaa', old);
    const staleEmpty = join(parent, 'portal-import-empty0');
    mkdirSync(staleEmpty);
    utimesSync(staleEmpty, old, old);
    uploadFolder('portal-import-fresh0', recent);
    // Another portal's upload still being written: an old folder whose file changed just now.
    uploadFolder('portal-import-writing', old, new Date(now));
    uploadFolder('portal-test-other', old);
    writeFileSync(join(parent, 'portal-import-file'), 'not a folder');
    utimesSync(join(parent, 'portal-import-file'), old, old);
    symlinkSync(uploadFolder('kept-target', old), join(parent, 'portal-import-link'));

    const { log, lines } = recordingLog();
    const removed = await removeStaleUploads(parent, now, log);

    expect(removed.sort()).toEqual([stale, staleEmpty].sort());
    expect(readdirSync(parent).sort()).toEqual(['kept-target', 'portal-import-file', 'portal-import-fresh0', 'portal-import-link', 'portal-import-writing', 'portal-test-other']);
    expect(readdirSync(join(parent, 'kept-target'))).toEqual(['upload']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', object: { removed: expect.arrayContaining([stale, staleEmpty]) } });
  });

  it('logs nothing when nothing is stale', async () => {
    uploadFolder('portal-import-fresh0', recent);
    const { log, lines } = recordingLog();
    expect(await removeStaleUploads(parent, now, log)).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('warns and goes on when the temp folder cannot be read', async () => {
    const { log, lines } = recordingLog();
    expect(await removeStaleUploads(join(parent, 'missing'), now, log)).toEqual([]);
    expect(lines).toMatchObject([{ level: 'warn', object: { parent: join(parent, 'missing') } }]);
  });
});
