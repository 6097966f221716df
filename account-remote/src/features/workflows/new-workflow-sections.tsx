import { errorCodes } from '@dcipher/shared/contract';
import * as flows from '@dcipher/shared/contract/flows';
import { analysisTypes, predefinedWorkflows, trendMetrics } from '@dcipher/shared/domain';
import {
  Alert,
  Button,
  FormCheckboxField,
  FormSelectField,
  FormTextAreaField,
  FormTextField,
  fieldError,
  TextField,
  theme,
} from '@dcipher/shared/ui';
import { workflowMessages } from '@dcipher/shared/validation';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { useContractMutation } from '../../kit/contract-query';
import { useRemoteQueryClient } from '../../kit/query-client';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf } from '../../kit/use-api-load';
import {
  hasTrendMetric,
  NewWorkflowSchema,
  samples,
  sourceLabels,
  useNewWorkflow,
} from './new-workflow-form';
import { CostPart, RadioGroup, type Upload, UploadField } from './new-workflow-parts';
import { WorkflowInputField } from './workflow-input-field';
import { mutedStyle, scheduleFieldsStyle } from './workflow-parts';
import { workflowQueries } from './workflow-queries';
import {
  analysisTypeHelp,
  analysisTypeLabels,
  count,
  firstRunLabel,
  frequencyOptions,
  trendMetricLabels,
} from './workflow-words';

// The new-workflow screen's sections, each reading the one form through the screen's context (new-workflow-form).

/** "Start from": a predefined workflow or from scratch, and how many custom workflows are in use. */
export function StartFromSection() {
  const { startFrom, chooseStart, quota } = useNewWorkflow();
  return (
    <ScreenSection title="Start from">
      <RadioGroup
        legend="What the workflow starts from"
        name="start-from"
        value={startFrom}
        onChange={chooseStart}
        options={[
          ...predefinedWorkflows.map((workflow) => ({
            value: workflow.id,
            label: workflow.name,
            hint: workflow.summary,
          })),
          {
            value: 'custom',
            label: 'From scratch',
            hint: 'Choose the analysis yourself (a custom workflow).',
          },
        ]}
      />
      {quota && quota.limit !== null ? (
        <p data-testid="custom-workflows-in-use" css={{ ...mutedStyle, margin: 0 }}>
          {workflowMessages.customInUse(quota.used, quota.limit)}
        </p>
      ) : null}
    </ScreenSection>
  );
}

/** A predefined workflow's inputs by kind, or (from scratch) the analysis type and its trend metric. */
export function AnalysisSection() {
  const { form, predefined } = useNewWorkflow();
  const analysisType = form.watch('analysisType');
  const inputValues = form.watch('inputValues');
  return (
    <ScreenSection title={predefined ? `${predefined.name}: settings` : 'Analysis'}>
      {predefined ? (
        <>
          <p css={{ ...mutedStyle, marginTop: 0 }}>
            {analysisTypeLabels[predefined.analysisType]}: {predefined.description}
          </p>
          {predefined.inputs.map((input) => (
            <WorkflowInputField
              key={`${predefined.id}-${input.key}`}
              input={input}
              value={inputValues[input.key] ?? input.default}
              onChange={(value) => form.setFieldValue('inputValues', { ...inputValues, [input.key]: value })}
            />
          ))}
        </>
      ) : (
        <>
          <FormSelectField
            form={form}
            name="analysisType"
            label="Analysis type"
            options={analysisTypes.map((type) => ({ value: type, label: analysisTypeLabels[type] }))}
            aria-describedby="analysis-type-help"
          />
          <p id="analysis-type-help" css={{ ...mutedStyle, marginTop: '-0.5rem' }}>
            {analysisTypeHelp[analysisType as keyof typeof analysisTypeHelp]}
          </p>
          {hasTrendMetric(analysisType) ? (
            <FormSelectField
              form={form}
              name="trendMetric"
              label="Trend metric"
              options={trendMetrics.map((metric) => ({ value: metric, label: trendMetricLabels[metric] }))}
            />
          ) : null}
        </>
      )}
    </ScreenSection>
  );
}

/** A value once it has stopped changing for `ms` (the name is checked a moment after the last key). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}

type NameCheck = { state: 'idle' | 'checking' } | { state: 'free' | 'taken'; message: string };
const nameRule = NewWorkflowSchema.options[0].entries.name;

/** "Name and description": the name checked as it is typed (`POST /flows/validateName`), a moment after the last key. */
export function NameSection() {
  const { form } = useNewWorkflow();
  const name = form.watch('name');
  const parsedName = v.safeParse(nameRule, name);
  const settledName = useSettled(parsedName.success ? parsedName.output : '', 400);
  const nameQuery = useQuery(
    { ...workflowQueries.nameCheck(settledName), enabled: parsedName.success && settledName !== '' },
    useRemoteQueryClient(),
  );
  const nameCheck: NameCheck = !parsedName.success
    ? { state: 'idle' }
    : settledName !== parsedName.output || nameQuery.isFetching
      ? { state: 'checking' }
      : nameQuery.data
        ? nameQuery.data.result === 'file-name-exists'
          ? { state: 'taken', message: nameQuery.data.message ?? 'A workflow with this name already exists.' }
          : { state: 'free', message: 'This name is free.' }
        : { state: 'idle' };
  return (
    <ScreenSection title="Name and description">
      <FormTextField
        form={form}
        name="name"
        label="Name"
        autoComplete="off"
        // While the field shows its own error, that error describes it.
        aria-describedby={form.formState.errors.name ? undefined : 'flow-name-check'}
      />
      <p
        id="flow-name-check"
        aria-live="polite"
        css={{
          margin: '-0.6rem 0 1rem',
          fontSize: '0.9rem',
          color: nameCheck.state === 'taken' ? theme.colors.danger : theme.colors.muted,
        }}
      >
        {nameCheck.state === 'checking'
          ? 'Checking the name…'
          : nameCheck.state === 'free' || nameCheck.state === 'taken'
            ? nameCheck.message
            : ''}
      </p>
      <FormTextAreaField form={form} name="description" label="Description (optional)" />
    </ScreenSection>
  );
}

/**
 * "Data": where the documents come from. A file is sent as it is chosen (the `File` itself, as multipart, never
 * read into memory here, docs/decisions/0114), the bar following the bytes sent; once the API has read it, its id
 * is the draft's `uploadId`. On a failure the file stays chosen, to send again.
 */
export function DataSourceSection() {
  const { form, predefined } = useNewWorkflow();
  const sourceKind = form.watch('sourceKind');
  const sourceKinds = (['uploaded', 'starter', 'news', 'public-url'] as const).filter(
    (kind) => !predefined || predefined.dataSourceKinds.includes(kind),
  );
  const [uploadProgress, setUploadProgress] = useState({ loaded: 0, total: 0 });
  const uploading = useContractMutation(flows.uploadFlowFile, {
    callOptions: () => ({ onUploadProgress: setUploadProgress }),
  });
  const upload: Upload = uploading.isPending
    ? { state: 'uploading', file: uploading.variables.file as File, ...uploadProgress }
    : uploading.isSuccess
      ? { state: 'done', upload: uploading.data }
      : uploading.error
        ? { state: 'failed', file: uploading.variables?.file as File, message: messageOf(uploading.error) }
        : { state: 'none' };
  function sendFile(file: File) {
    setUploadProgress({ loaded: 0, total: file.size });
    form.setFieldValue('uploadId', '');
    uploading.mutate({ file }, { onSuccess: (sent) => form.setFieldValue('uploadId', sent.id) });
  }
  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (file) sendFile(file);
  }
  return (
    <ScreenSection title="Data">
      <RadioGroup
        legend="Where the documents come from"
        name="sourceKind"
        value={sourceKind}
        onChange={(kind) => form.setFieldValue('sourceKind', kind)}
        options={sourceKinds.map((kind) => ({ value: kind, label: sourceLabels[kind] }))}
      />
      {sourceKind === 'uploaded' ? (
        <UploadField upload={upload} onChoose={chooseFile} onRetry={sendFile} />
      ) : sourceKind === 'starter' ? (
        <FormSelectField
          form={form}
          name="sampleId"
          label="Sample dataset"
          options={samples.map((sample) => ({
            value: sample.id,
            label: `${sample.name} (${count(sample.documents)} documents)`,
          }))}
        />
      ) : (
        <TextField
          label={sourceKind === 'news' ? 'Feed address (RSS or Atom)' : 'Page address'}
          type="url"
          inputMode="url"
          placeholder="https://"
          {...form.register('url', {
            // A refusal of the address (by the price or by "Create") goes as it is changed.
            onChange: () => {
              form.clearErrors('url');
              form.setFormError(undefined);
            },
          })}
          error={fieldError(form, 'url')}
        />
      )}
    </ScreenSection>
  );
}

/** "Cost": the price of what is chosen, before anything runs. */
export function CostSection() {
  const { cost, missingSource, calculateCost } = useNewWorkflow();
  return (
    <ScreenSection title="Cost">
      <CostPart cost={cost} missingSource={missingSource} onCalculate={calculateCost} />
    </ScreenSection>
  );
}

/** "Schedule and notifications": an optional schedule, the owner's emails, and who can open it. */
export function ScheduleSection() {
  const { form } = useNewWorkflow();
  const scheduled = form.watch('scheduled');
  const visibility = form.watch('visibility');
  return (
    <ScreenSection title="Schedule and notifications">
      <FormCheckboxField form={form} name="scheduled" label="Run on a schedule" />
      {scheduled ? (
        <div css={scheduleFieldsStyle}>
          <FormSelectField form={form} name="frequency" label="How often" options={frequencyOptions} />
          <FormTextField form={form} name="startAt" label={firstRunLabel} type="datetime-local" />
        </div>
      ) : null}
      <FormCheckboxField form={form} name="notifications" label="Email me when a run finishes or fails" />
      <RadioGroup
        legend="Who can open it"
        name="visibility"
        value={visibility ?? 'private'}
        onChange={(value) => form.setFieldValue('visibility', value)}
        options={[
          {
            value: 'private',
            label: 'Private',
            hint: 'You, your organization’s admins and those you share it with.',
          },
          {
            value: 'public',
            label: 'Public',
            hint: 'Everyone in your organization can open it, and its last run can be read without signing in.',
          },
        ]}
      />
    </ScreenSection>
  );
}

/**
 * "Create and run" and "Create workflow", with what went wrong right before them. At the custom-workflow limit
 * "Create" does not send: it says why there, and each press moves focus to the reason again.
 */
export function CreateSection() {
  const { form, atLimit, quota, cost, missingSource, runAfterCreate } = useNewWorkflow();
  const submitMessageRef = useRef<HTMLDivElement>(null);
  const [limitPresses, setLimitPresses] = useState(0);
  const mayRun = cost.state === 'loaded' && cost.cost.allowed;
  const createError = form.apiError;
  const limitRefused = createError?.code === errorCodes.flowQuotaReached;
  const limitMessage =
    (limitPresses > 0 && atLimit) || limitRefused
      ? workflowMessages.quotaReached(
          limitRefused
            ? Number((createError?.params as { limit?: number } | undefined)?.limit ?? quota?.limit ?? 0)
            : (quota?.limit ?? 0),
        )
      : undefined;
  // A refusal a field of the draft holds is said under that field (with focus on it), the address's only there.
  const values = form.getValues();
  const fieldRefused = Object.keys(createError?.issues ?? {}).some((field) => field in values);
  const addressRefused = createError?.issues.url !== undefined;
  const submitMessage = limitMessage ?? (form.formError && !addressRefused ? form.formError : undefined);
  useEffect(() => {
    if (submitMessage && !fieldRefused) submitMessageRef.current?.focus();
  }, [submitMessage, fieldRefused, limitPresses]);

  function refuseAtLimit(event: { preventDefault: () => void }) {
    if (!atLimit) return;
    event.preventDefault();
    form.setFormError(undefined);
    setLimitPresses((presses) => presses + 1);
  }

  return (
    <>
      {missingSource ? (
        <p css={mutedStyle}>Choose the data to analyse before creating the workflow.</p>
      ) : null}
      <div ref={submitMessageRef} tabIndex={-1} css={{ '&:focus': { outline: 'none' } }}>
        {submitMessage ? <Alert>{submitMessage}</Alert> : null}
      </div>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
        <Button
          type="submit"
          disabled={form.submitting || missingSource || (!mayRun && !atLimit)}
          onClick={(event) => {
            runAfterCreate.current = true;
            refuseAtLimit(event);
          }}
        >
          {form.submitting && runAfterCreate.current ? 'Creating and running…' : 'Create and run'}
        </Button>
        <Button
          type="submit"
          variant="secondary"
          disabled={form.submitting || missingSource}
          onClick={(event) => {
            runAfterCreate.current = false;
            refuseAtLimit(event);
          }}
        >
          {form.submitting && !runAfterCreate.current ? 'Creating…' : 'Create workflow'}
        </Button>
      </div>
    </>
  );
}
