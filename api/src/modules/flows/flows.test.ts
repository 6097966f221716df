// engines: both
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { predefinedWorkflows } from '@dcipher/shared/domain';
import { workflowMessages } from '@dcipher/shared/validation';
import { db } from '../../db/kysely.js';
import { useUpSocialMediaQuota } from '../../test-support/call-as.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { flowsCorpus, flowsHarness } from '../../test-support/flows-harness.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { readOutbox } from '../../test-support/read-outbox.js';
import { individualSignUp, signUp } from '../../test-support/sign-up.js';
import { logIn } from '../../test-support/test-server.js';
import { uploadForm } from '../../test-support/upload-file.js';
import { saveTrialPlan } from '../people/organization-repository.js';
import { storeFlowId, workflowStoreOrganization } from './flows-service.js';

/**
 * The workflow cases the database engine can matter to (the job queue, credits reserved and settled, schedules, the
 * store, names unique per organization), on both engines; those it cannot are in flows-analyses.test.ts (0148).
 */
describe('workflows (docs/decisions/0071)', () => {
  const harness = flowsHarness();
  const { call, work, newOrganization, emailOf, predefined, create, runToEnd, ledger } = harness;

  it('ships each sample with the number of documents its catalogue entry declares', async () => {
    for (const workflow of predefinedWorkflows) {
      const documents = await harness.server.app.flows.sampleDocuments(workflow.sample.id);
      assert.equal(documents.length, workflow.sample.documents, workflow.sample.id);
    }
  });

  it('creates, lists, reads, renames and deletes a predefined flow; names are unique per organization', async () => {
    const org = await newOrganization();
    const flow = await create(org.teammate, predefined('review-analysis', { name: 'Espresso reviews' }));
    assert.equal(flow.owner.email, emailOf(org.adminEmail, 'teammate'));
    assert.equal(flow.myRole, 'owner');
    assert.deepEqual(
      flow.inputs.map((input: { key: string; value: unknown }) => [input.key, input.value]),
      [
        ['language', 'any'],
        ['articleLimit', 1000],
      ],
    );
    assert.equal(flow.dataSources[0].documents, 120);

    const taken = await call(
      'POST',
      '/flows',
      { token: org.admin },
      predefined('review-analysis', { name: 'ESPRESSO reviews' }),
    );
    assert.equal(taken.statusCode, 409);
    assert.equal(errorBodyOf(taken).code, 'FLOW_NAME_TAKEN');
    const check = (name: string) => call('POST', '/flows/validateName', { token: org.admin }, { name });
    assert.deepEqual(bodyOf(await check('espresso Reviews')), {
      result: 'file-name-exists',
      message: workflowMessages.nameTaken,
    });
    assert.deepEqual(bodyOf(await check('Something new')), { result: 'file-name-valid', message: null });

    const studio = await call(
      'POST',
      '/flows',
      { token: org.admin },
      { ...predefined('review-analysis'), flowType: 'studio' },
    );
    assert.equal(studio.statusCode, 400);
    assert.equal(errorBodyOf(studio).message, workflowMessages.typeNotCreatedHere);
    const noId = await call(
      'POST',
      '/flows',
      { token: org.admin },
      { ...predefined('review-analysis'), predefinedFlowId: undefined },
    );
    assert.equal(errorBodyOf(noId).message, workflowMessages.predefinedRequired);
    const badInput = await call(
      'POST',
      '/flows',
      { token: org.admin },
      predefined('review-analysis', {
        inputs: [{ key: 'articleLimit', label: 'Most documents to analyse', kind: 'slider', value: 999_999 }],
      }),
    );
    assert.equal(badInput.statusCode, 400);
    const badUpload = await call(
      'POST',
      '/flows',
      { token: org.admin },
      {
        ...predefined('review-analysis'),
        dataSources: [{ kind: 'uploaded', group: 'file', uploadId: crypto.randomUUID() }],
      },
    );
    assert.deepEqual([badUpload.statusCode, errorBodyOf(badUpload).params], [404, { reason: 'upload' }]);

    assert.deepEqual(
      (await call('GET', '/flows?flowType=customFlow', { token: org.admin })).json().flows,
      [],
    );
    const listed = (await call('GET', '/flows?flowType=predefinedFlow', { token: org.admin })).json();
    assert.deepEqual(
      listed.flows.map((entry: { id: string }) => entry.id),
      [flow.id],
    );
    const renamed = await call(
      'PUT',
      `/flows/${flow.id}`,
      { token: org.teammate },
      { name: 'Espresso reviews 2' },
    );
    assert.equal(renamed.json().name, 'Espresso reviews 2');
    // Admins manage every flow of their organization.
    const byAdmin = await call('PUT', `/flows/${flow.id}`, { token: org.admin }, { description: 'Checked' });
    assert.deepEqual([byAdmin.statusCode, byAdmin.json().myRole], [200, null]);
    assert.ok(byAdmin.json().abilities.includes('delete'));
    assert.equal((await call('DELETE', `/flows/${flow.id}`, { token: org.teammate })).statusCode, 200);
    assert.equal((await call('GET', `/flows/${flow.id}`, { token: org.teammate })).statusCode, 404);
  });

  it('runs a flow as a job: progress, insights, files, runs, last run, rerun and an email to the owner', async () => {
    const org = await newOrganization();
    const flow = await create(org.admin, predefined('review-analysis'));
    const started = await call(
      'POST',
      `/flows/${flow.id}/run`,
      { token: org.admin },
      { idempotencyKey: 'first-run-key' },
    );
    assert.equal(started.statusCode, 202, started.body);
    const pending = started.json();
    assert.deepEqual(
      [pending.state, pending.number, pending.documentsEstimated, pending.origin],
      ['JobPending', 1, 120, 'Platform'],
    );
    const retried = await call(
      'POST',
      `/flows/${flow.id}/run`,
      { token: org.admin },
      { idempotencyKey: 'first-run-key' },
    );
    assert.equal(retried.json().id, pending.id, 'a retried request starts one run');
    await work();
    const status = (await call('GET', `/flows/${flow.id}/status`, { token: org.admin })).json();
    assert.equal(status.run.state, 'JobDone');
    assert.equal(status.run.documentsAnalysed, 120);
    assert.equal(status.run.progress, 1);
    assert.ok(status.insights.keywords.length > 0 && status.insights.keywords.length <= 20);
    const keywords = status.insights.keywords.map((entry: { term: string }) => entry.term);
    assert.ok(
      keywords.some((term: string) => /espresso|milk|water|tank/.test(term)),
      keywords.join(', '),
    );
    assert.ok(status.insights.sentiment.positive > 0 && status.insights.sentiment.negative > 0);

    const files = (await call('GET', `/flows/${flow.id}/files`, { token: org.admin })).json();
    assert.equal(files.number, 1);
    assert.ok(files.files.length > 0);
    const [first] = files.files;
    const file = await call('GET', `/flows/${flow.id}/files/${first.name}?num=1`, { token: org.admin });
    assert.equal(file.statusCode, 200);
    assert.equal(Buffer.byteLength(file.json().content), first.bytes);
    const missing = await call('GET', `/flows/${flow.id}/files/nothing.csv`, { token: org.admin });
    assert.deepEqual([missing.statusCode, errorBodyOf(missing).params], [404, { reason: 'resultFile' }]);
    assert.equal((await call('GET', `/flows/${flow.id}/files?num=7`, { token: org.admin })).statusCode, 404);

    const rerun = await call('PUT', `/flows/${flow.id}/runs/${pending.id}`, { token: org.admin });
    assert.equal(rerun.statusCode, 202, rerun.body);
    assert.deepEqual([rerun.json().rerunOf, rerun.json().number], [pending.id, 2]);
    const unfinished = await call('GET', `/flows/${flow.id}/files?num=2`, { token: org.admin });
    assert.deepEqual(
      [unfinished.statusCode, errorBodyOf(unfinished).params],
      [409, { reason: 'runNotFinished' }],
    );
    await work();
    const runs = (await call('GET', `/flows/${flow.id}/runs`, { token: org.admin })).json().runs;
    assert.deepEqual(
      runs.map((run: { number: number }) => run.number),
      [2, 1],
    );
    const last = (await call('GET', `/flows/${flow.id}/last-run`, { token: org.admin })).json();
    assert.equal(last.run.number, 2);
    const unknownRun = await call('PUT', `/flows/${flow.id}/runs/${crypto.randomUUID()}`, {
      token: org.admin,
    });
    assert.deepEqual([unknownRun.statusCode, errorBodyOf(unknownRun).params], [404, { reason: 'run' }]);

    const mails = await readOutbox(harness.server.database, org.adminEmail);
    assert.equal(mails.filter((mail) => mail.subject.includes('has finished')).length, 2);
    assert.ok(mails.some((mail) => mail.text?.includes(`/workflows/${flow.id}`)));
    // Notifications off: no more emails.
    await call('DELETE', `/flows/${flow.id}/notification`, { token: org.admin });
    await runToEnd(org.admin, flow.id);
    assert.equal(
      (await readOutbox(harness.server.database, org.adminEmail)).filter((mail) =>
        mail.subject.includes('has finished'),
      ).length,
      2,
    );
  });

  it('reserves credits past the quota, settles to what was analysed, refunds on error and cancel, refuses before start', async () => {
    const org = await newOrganization();
    const flow = await create(
      org.admin,
      predefined('review-analysis', {
        inputs: [{ key: 'language', label: 'Language', kind: 'select', value: 'de' }],
      }),
    );
    // Use up the social media quota.
    await useUpSocialMediaQuota(call, org.admin, 'flows-cost');

    const cost = (
      await call('POST', '/flows/calculate-cost', { token: org.admin }, { flowId: flow.id })
    ).json();
    assert.deepEqual([cost.documents, cost.creditsNeeded, cost.allowed], [120, 18, false]);
    const refused = await call('POST', `/flows/${flow.id}/run`, { token: org.admin });
    assert.deepEqual(
      [refused.statusCode, bodyOf(refused)],
      [
        402,
        {
          statusCode: 402,
          error: 'Payment Required',
          code: 'INSUFFICIENT_CREDITS',
          params: { needed: 18, balance: 0 },
          message: 'This needs 18 credits and your wallet has 0. Buy credits to go on.',
        },
      ],
    );
    await call(
      'POST',
      '/customer-credits/gift-credits',
      { token: harness.staffToken },
      { organizationId: org.id, credits: 100, reason: 'Flows' },
    );

    // Settled: only German documents are analysed (none in the sample), so the reservation comes back.
    const settled = await runToEnd(org.admin, flow.id);
    assert.deepEqual(
      [settled.run.creditsReserved, settled.run.creditsCharged, settled.run.documentsAnalysed],
      [18, 0, 0],
    );
    assert.deepEqual(
      (await ledger(org.id)).map((entry) => entry.credits),
      [100, -18, 18],
    );

    // Charged when analysed.
    await call(
      'PUT',
      `/flows/${flow.id}`,
      { token: org.admin },
      { inputs: [{ key: 'language', label: 'Language', kind: 'select', value: 'any' }] },
    );
    const charged = await runToEnd(org.admin, flow.id);
    assert.deepEqual([charged.run.creditsReserved, charged.run.creditsCharged], [18, 18]);

    // Cancelled by deleting the flow: refunded.
    const started = await call('POST', `/flows/${flow.id}/run`, { token: org.admin });
    assert.equal(started.json().creditsReserved, 18);
    assert.equal((await call('DELETE', `/flows/${flow.id}`, { token: org.admin })).statusCode, 200);
    await work();
    assert.deepEqual(
      (await ledger(org.id)).map((entry) => entry.credits),
      [100, -18, 18, -18, -18, 18],
    );

    // Error: a run started before its documents were kept with it (0091), whose upload is gone when it executes;
    // everything comes back.
    const upload = await call(
      'POST',
      '/flows/uploads',
      { token: org.admin },
      uploadForm('r.csv', await readFile(new URL('reviews.csv', flowsCorpus))),
    );
    const failing = await create(org.admin, {
      name: 'Failing',
      flowType: 'customFlow',
      analysisType: 'contentAnalysis',
      dataSources: [{ kind: 'uploaded', group: 'file', uploadId: upload.json().id }],
    });
    const failed = await call('POST', `/flows/${failing.id}/run`, { token: org.admin });
    assert.ok(failed.json().creditsReserved > 0);
    await db(harness.server.database).deleteFrom('flowUploads').where('id', '=', upload.json().id).execute();
    await db(harness.server.database)
      .deleteFrom('flowRunDocuments')
      .where('runId', '=', failed.json().id)
      .execute();
    await work();
    const status = (await call('GET', `/flows/${failing.id}/status`, { token: org.admin })).json();
    assert.deepEqual([status.run.state, status.run.creditsCharged], ['JobError', 0]);
    const balance = (await ledger(org.id)).reduce((sum, entry) => sum + entry.credits, 0);
    assert.equal(balance, 82);
    assert.ok(
      (await readOutbox(harness.server.database, org.adminEmail)).some((mail) =>
        mail.subject.includes('failed'),
      ),
    );
  });

  it('refuses custom workflows past the plan quota; a trial has the quota of the plan it is of (0085)', async () => {
    const org = await organizationWithPeople(harness.server, {
      label: 'flows-quota',
      customerType: 'Individual',
    });
    const custom = (index: number) => ({
      name: `Custom ${index}`,
      flowType: 'customFlow',
      analysisType: 'contentAnalysis',
      dataSources: [{ kind: 'starter', group: 'file', sampleId: 'coffee-machine-reviews' }],
    });
    // Starter picked during the trial (as POST /subscriptions with startNow false records it): 2 custom workflows.
    await saveTrialPlan(harness.server.database, org.id, { planId: 'starter-monthly', promoCode: null });
    await create(org.admin, custom(1));
    await create(org.admin, custom(2));
    // The list says how many are in use of how many before the limit is met (issue 36), whatever its filter.
    const listed = await call('GET', '/flows?flowType=predefinedFlow', { token: org.admin });
    assert.deepEqual(listed.json().customWorkflows, { used: 2, limit: 2 });
    const refused = await call('POST', '/flows', { token: org.admin }, custom(3));
    assert.deepEqual(
      [refused.statusCode, errorBodyOf(refused).code, errorBodyOf(refused).params],
      [402, 'FLOW_QUOTA_REACHED', { limit: 2 }],
    );
    // Without a pick an Individual trial is of Professional: 10 custom workflows, so a third is made.
    await saveTrialPlan(harness.server.database, org.id, null);
    await create(org.admin, custom(3));
    assert.deepEqual((await call('GET', '/flows', { token: org.admin })).json().customWorkflows, {
      used: 3,
      limit: 10,
    });
  });

  it('public calls with a token: a member whose password expired is told to change it first, as on bearer calls', async () => {
    const admin = (await logIn(harness.server.app)).accessToken;
    const flow = await create(admin, predefined('review-analysis', { name: 'Expired password check' }));
    const expired = (await logIn(harness.server.app, { email: 'expired@demo.dcipher.local' })).accessToken;
    for (const [method, url] of [
      ['POST', `/flows/${flow.id}/run`],
      ['GET', `/flows/${flow.id}/last-run`],
    ] as const) {
      const refused = await call(method, url, { token: expired });
      assert.equal(refused.statusCode, 403, `${method} ${url}`);
      assert.equal(errorBodyOf(refused).code, 'PASSWORD_CHANGE_REQUIRED');
    }
    assert.equal((await call('GET', `/flows/${flow.id}/runs`, { token: admin })).json().runs.length, 0);
  });

  it('schedules: a due slot runs once whatever the workers, paused flows skip, resume continues after now', async () => {
    const org = await newOrganization();
    const flow = await create(
      org.admin,
      predefined('review-analysis', {
        schedule: { frequency: 'daily', startAt: '2025-01-01T06:00:00.000Z' },
      }),
    );
    assert.ok(Date.parse(flow.schedule.nextRunAt) > Date.now());
    const due = new Date(Date.now() - 60_000);
    await db(harness.server.database)
      .updateTable('flows')
      .set({ nextRunAt: due })
      .where('id', '=', flow.id)
      .execute();
    const started = await Promise.all([
      harness.server.app.flows.runDueSchedules(),
      harness.server.app.flows.runDueSchedules(),
    ]);
    const runs = (await call('GET', `/flows/${flow.id}/runs`, { token: org.admin })).json().runs;
    assert.equal(runs.length, 1, `started ${started}`);
    assert.equal(runs[0].origin, 'Scheduler');
    await work();
    const paused = await call('PUT', `/flows/pause/${flow.id}`, { token: org.admin });
    assert.deepEqual([paused.json().paused, paused.json().schedule.nextRunAt], [true, null]);
    assert.deepEqual(errorBodyOf(await call('PUT', `/flows/pause/${flow.id}`, { token: org.admin })).params, {
      reason: 'alreadyPaused',
    });
    await db(harness.server.database)
      .updateTable('flows')
      .set({ nextRunAt: due })
      .where('id', '=', flow.id)
      .execute();
    await harness.server.app.flows.runDueSchedules();
    assert.equal(
      (await call('GET', `/flows/${flow.id}/runs`, { token: org.admin })).json().runs.length,
      1,
      'paused: skipped',
    );
    const resumed = (await call('PUT', `/flows/resume/${flow.id}`, { token: org.admin })).json();
    assert.equal(resumed.paused, false);
    const next = Date.parse(resumed.schedule.nextRunAt);
    assert.ok(next > Date.now() && next - Date.now() <= 86_400_000);
    assert.equal(new Date(next).getUTCHours(), 6);
    assert.deepEqual(
      errorBodyOf(await call('PUT', `/flows/resume/${flow.id}`, { token: org.admin })).params,
      { reason: 'notPaused' },
    );
    const unscheduled = await create(org.admin, predefined('review-analysis'));
    assert.deepEqual(
      errorBodyOf(await call('PUT', `/flows/pause/${unscheduled.id}`, { token: org.admin })).params,
      { reason: 'notScheduled' },
    );
  });

  it('keeps the workflow store: one public sample per catalogue entry, run for free, out of tenant listings', async () => {
    const before = (await call('GET', '/flows/store')).json();
    assert.deepEqual(
      before.map((entry: { predefinedFlowId: string }) => entry.predefinedFlowId),
      predefinedWorkflows.map((workflow) => workflow.id),
    );
    assert.equal(before[0].sampleFlowId, storeFlowId(predefinedWorkflows[0]!.id));
    assert.equal(before[0].creditsPerThousandDocuments, 150);
    await work();
    const after_ = (await call('GET', '/flows/store')).json();
    assert.ok(after_.every((entry: { lastRunAt: string | null }) => entry.lastRunAt !== null));
    const sample = (await call('GET', `/flows/${after_[0].sampleFlowId}/last-run`)).json();
    assert.equal(sample.run.creditsReserved, 0);
    await harness.server.app.flows.ensureStore();
    const organizations = await db(harness.server.database)
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', workflowStoreOrganization.id)
      .execute();
    assert.equal(organizations.length, 1);
    const demo = await logIn(harness.server.app);
    assert.ok(
      !(await call('GET', '/flows', { token: demo.accessToken })).body.includes(after_[0].sampleFlowId),
    );
  });

  it('credits: the public price list', async () => {
    const answer = await call('POST', '/flows/credits', undefined, { documents: 2000, newsDocuments: 500 });
    assert.deepEqual(bodyOf(answer), {
      lines: [
        { usageCategory: 'SocialMedia', quantity: 1500, unit: 'posts', credits: 225 },
        { usageCategory: 'News', quantity: 500, unit: 'articles', credits: 100 },
      ],
      credits: 325,
    });
  });

  it('sign-up with a workflow to try starts the new organization with it', async () => {
    const response = await signUp(
      harness.server.app,
      individualSignUp({ email: 'try-it@example.com', workflow: 'brand-monitoring' }),
      '10.9.8.7',
    );
    assert.equal(response.statusCode, 201, response.body);
    const user = await db(harness.server.database)
      .selectFrom('users')
      .select(['id', 'organizationId'])
      .where('email', '=', 'try-it@example.com')
      .executeTakeFirstOrThrow();
    const flows = await db(harness.server.database)
      .selectFrom('flows')
      .innerJoin('resources', 'resources.id', 'flows.id')
      .select(['resources.name', 'resources.ownerUserId', 'flows.predefinedFlowId', 'flows.dataSources'])
      .where('flows.organizationId', '=', user.organizationId)
      .execute();
    assert.deepEqual(
      flows.map((flow) => [flow.name, flow.ownerUserId, flow.predefinedFlowId]),
      [['Brand monitoring', user.id, 'brand-monitoring']],
    );
    const unknown = await signUp(
      harness.server.app,
      individualSignUp({ email: 'try-it-2@example.com', workflow: 'nothing' }),
      '10.9.8.6',
    );
    assert.equal(unknown.statusCode, 400);
  });
});
