import type { Flow } from '@dcipher/shared/contract/flows';
import * as flows from '@dcipher/shared/contract/flows';
import { type ScheduleFrequency, scheduleFrequencies } from '@dcipher/shared/domain';
import {
  Alert,
  Button,
  Form,
  FormSelectField,
  FormSubmitButton,
  FormTextField,
  Notice,
  useContractForm,
} from '@dcipher/shared/ui';
import { useState } from 'react';
import * as v from 'valibot';
import { useContractMutation } from '../../kit/contract-query';
import { dateAndTime } from '../../kit/date-and-time';
import { messageOf } from '../../kit/use-api-load';
import { scheduleFieldsStyle } from './workflow-parts';
import { changedFlow } from './workflow-queries';
import { firstRunLabel, frequencyLabels, frequencyOptions } from './workflow-words';

/**
 * The changes of one workflow's settings, each a contract mutation whose answer (the workflow as changed) is
 * written into the workflow's cached read, and which invalidates the list (kit/invalidations.ts): the screen shows
 * the server's answer, never a copy kept beside it. `run(change, input, done)` starts one; `message` is the last
 * one's outcome (done, or the API's message).
 */
export function useFlowSettingsChanges(flowId: string) {
  const changes = {
    pause: useContractMutation(flows.pauseFlow, changedFlow),
    resume: useContractMutation(flows.resumeFlow, changedFlow),
    update: useContractMutation(flows.updateFlow, changedFlow),
    notificationsOff: useContractMutation(flows.turnOffFlowNotifications, changedFlow),
  };
  const [last, setLast] = useState<{ change: keyof typeof changes; done: string }>();
  const lastChange = last ? changes[last.change] : undefined;
  const busy = Object.values(changes).some((change) => change.isPending);
  const message = lastChange?.isSuccess ? (
    <Notice>{last?.done}</Notice>
  ) : lastChange?.error ? (
    <Alert>{messageOf(lastChange.error)}</Alert>
  ) : null;
  const params = { flowId };
  return {
    busy,
    message,
    pause: () => {
      setLast({ change: 'pause', done: 'Paused: scheduled runs are skipped.' });
      changes.pause.mutate({ params });
    },
    resume: () => {
      setLast({ change: 'resume', done: 'Resumed: it runs again from its next slot.' });
      changes.resume.mutate({ params });
    },
    turnOffNotifications: () => {
      setLast({ change: 'notificationsOff', done: 'Notifications are off for this workflow.' });
      changes.notificationsOff.mutate({ params });
    },
    update: (body: flows.UpdateFlowInput, done: string) => {
      setLast({ change: 'update', done });
      return changes.update.mutateAsync({ params, body });
    },
  };
}

/** "Schedule and notifications": the schedule, pause and resume, its one form, and the owner's emails. */
export function ScheduleSection({ flow, mayUpdate }: { flow: Flow; mayUpdate: boolean }) {
  const { busy, message, pause, resume, turnOffNotifications, update } = useFlowSettingsChanges(flow.id);
  const [editing, setEditing] = useState(false);
  const { schedule } = flow;

  return (
    <div>
      {message}
      <p css={{ marginTop: 0 }} data-testid="flow-schedule">
        {schedule
          ? flow.paused
            ? `${frequencyLabels[schedule.frequency]}, paused: scheduled runs are skipped until it is resumed.`
            : `${frequencyLabels[schedule.frequency]} from ${dateAndTime(schedule.startAt)}; next run ${
                schedule.nextRunAt ? dateAndTime(schedule.nextRunAt) : 'not planned'
              }.`
          : 'Runs when you run it (no schedule).'}
      </p>
      {mayUpdate ? (
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', marginBottom: '1rem' }}>
          {schedule ? (
            flow.paused ? (
              <Button disabled={busy} onClick={resume}>
                Resume
              </Button>
            ) : (
              <Button variant="secondary" disabled={busy} onClick={pause}>
                Pause
              </Button>
            )
          ) : null}
          <Button
            variant="secondary"
            disabled={busy}
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            {schedule ? 'Change the schedule' : 'Add a schedule'}
          </Button>
          {schedule ? (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => void update({ schedule: null }, 'The schedule is removed.').catch(() => {})}
            >
              Remove the schedule
            </Button>
          ) : null}
        </div>
      ) : null}
      {editing ? (
        <ScheduleForm
          initialFrequency={schedule?.frequency ?? 'weekly'}
          busy={busy}
          onSave={(body) =>
            update(body, 'The schedule is saved.').then(
              () => setEditing(false),
              () => {},
            )
          }
        />
      ) : null}
      <p css={{ margin: '0.5rem 0' }}>
        {flow.notifications
          ? 'The owner is emailed when a run finishes or fails.'
          : 'No emails are sent about its runs.'}
      </p>
      {mayUpdate ? (
        flow.notifications ? (
          <Button variant="secondary" disabled={busy} onClick={turnOffNotifications}>
            Turn notifications off
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void update({ notifications: true }, 'Notifications are on for this workflow.').catch(() => {})
            }
          >
            Turn notifications on
          </Button>
        )
      ) : null}
    </div>
  );
}

/**
 * The schedule form's fields: how often, and the first run as the browser's date and time input gives it (local
 * time; empty: now), turned into the API's schedule on submit.
 */
const ScheduleFormSchema = v.object({
  frequency: v.picklist(scheduleFrequencies),
  startAt: v.optional(v.string()),
});

/** The section's one form (the form library, as the others): how often, and the first run (now when left empty). */
function ScheduleForm({
  initialFrequency,
  busy,
  onSave,
}: {
  initialFrequency: ScheduleFrequency;
  busy: boolean;
  onSave: (body: flows.UpdateFlowInput) => Promise<void>;
}) {
  const form = useContractForm({
    schema: ScheduleFormSchema,
    defaultValues: { frequency: initialFrequency, startAt: '' },
    onSubmit: ({ frequency, startAt }) =>
      onSave({ schedule: { frequency, ...(startAt ? { startAt: new Date(startAt).toISOString() } : {}) } }),
  });
  return (
    <Form form={form} aria-label="Schedule" css={scheduleFieldsStyle}>
      <FormSelectField form={form} name="frequency" label="How often" options={frequencyOptions} />
      <FormTextField form={form} name="startAt" label={firstRunLabel} type="datetime-local" />
      <div>
        <FormSubmitButton form={form} busyLabel="Save the schedule" disabled={busy}>
          Save the schedule
        </FormSubmitButton>
      </div>
    </Form>
  );
}
