// A report worker for runner.test.ts: ends its thread on the task named 'crash' (as an out-of-memory
// or a native fault would), otherwise answers its thread id, so a test can see a worker replaced.
import { threadId } from 'node:worker_threads';

export default async function runTask(task) {
  if (task.name === 'crash') process.exit(1);
  return { ok: true, value: threadId };
}
