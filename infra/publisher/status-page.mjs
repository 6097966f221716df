// The publisher's status page (GET /, docs/decisions/0045, 0067, 0123): what is live, what is building and waiting,
// the last builds with their state and error, and the dead builds with the command that retries one.
import { kindsWithJobs, listDeadBuilds } from './build-jobs.mjs';
import { liveRelease } from './releases.mjs';

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

const stateText = (b, live) => {
  let text = `${b.state}${b.id === live ? ' (serving)' : ''}`;
  if (b.attempt > 1 || b.next) text += ` — try ${b.attempt} of ${b.maxAttempts}`;
  if (b.next === 'retry') text += ', tried again';
  if (b.next === 'dead') text += ', dead';
  if (b.next === 'superseded') text += ', a newer build follows';
  return text;
};

export async function statusPage(context) {
  const { builds, jobs, running, kindsBuilt } = context;
  const live = await liveRelease(context);
  const waiting = await kindsWithJobs(jobs, kindsBuilt);
  const dead = await listDeadBuilds(jobs);
  const rows = builds
    .slice(-20)
    .reverse()
    .map(
      (b) =>
        `<tr><td>${b.id}</td><td>${escapeHtml(b.trigger)}</td><td>${escapeHtml(stateText(b, live))}</td><td>${
          b.durationMs === undefined ? '…' : `${(b.durationMs / 1000).toFixed(1)} s`
        }</td><td>${b.error ? escapeHtml(b.error) : ''}</td></tr>`,
    )
    .join('');
  const deadRows = dead
    .map(
      (job) =>
        `<tr><td>${job.id}</td><td>${job.kind}</td><td>${escapeHtml(job.trigger)}</td><td>${job.attempts}</td><td>${escapeHtml(job.lastError ?? '')}</td></tr>`,
    )
    .join('');
  const deadTable = dead.length
    ? `<table><caption>Dead builds (out of tries): <code>node infra/publisher/publisher.mjs retry &lt;id&gt;</code> tries one again</caption><thead><tr><th scope="col">Job</th><th scope="col">Kind</th><th scope="col">Because of</th><th scope="col">Tries</th><th scope="col">Last error</th></tr></thead><tbody>${deadRows}</tbody></table>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5"><title>Site publisher</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;color:#14162b}table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #c9cbe0;overflow-wrap:anywhere}caption{text-align:left;font-weight:600}</style></head>
<body><main><h1>Site publisher</h1><p>${running ? 'A build is running.' : 'Idle.'}${waiting.length ? ` Waiting: ${waiting.join(', ')}.` : ''} Live release: ${live ?? 'none yet (the site serves its own build)'}.</p>
<p>Publishing in the CMS rebuilds the site. To rebuild by hand: in the CMS, Settings → Webhooks → "Site publisher" → Trigger.</p>
<table><caption>Last builds</caption><thead><tr><th scope="col">Release</th><th scope="col">Because of</th><th scope="col">State</th><th scope="col">Duration</th><th scope="col">Error</th></tr></thead><tbody>${rows || '<tr><td colspan="5">No build yet.</td></tr>'}</tbody></table>${deadTable}</main></body></html>`;
}
