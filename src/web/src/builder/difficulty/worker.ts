/**
 * The difficulty worker: plays the draft's fights off the page's thread and posts the summary as it
 * grows (at most every quarter second, and at the end). A newer request stops the one under way.
 */
import { playInChunks, type Request, type Update } from './play.ts';

let current = 0;
// typed as a worker's own postMessage (the page's lib has the window's, which wants an origin)
const post = (u: Update) => (self as unknown as { postMessage(m: Update): void }).postMessage(u);
const pause = () => new Promise((r) => setTimeout(r, 0));

addEventListener('message', (e: MessageEvent<Request>) => void run(e.data));

async function run(req: Request): Promise<void> {
  current = req.id;
  let last = 0;
  try {
    for (const step of playInChunks(req.spec, req.runs)) {
      if (current !== req.id) return;
      const done = step.played >= req.runs;
      const now = performance.now();
      if (done || now - last > 250) {
        post({ id: req.id, played: step.played, runs: req.runs, summary: step.summary, done });
        last = now;
      }
      await pause(); // lets a newer request in
    }
  } catch (err) {
    if (current === req.id) post({ id: req.id, error: (err as Error).message });
  }
}
