import { ApiError } from '@dcipher/shared/client';
import { errorCodes } from '@dcipher/shared/contract';
import * as flows from '@dcipher/shared/contract/flows';
import { CreateFlowInputSchema, type FlowDataSource } from '@dcipher/shared/contract/flows';
import {
  type AnalysisType,
  analysisTypes,
  findPredefinedWorkflow,
  type PredefinedWorkflow,
  predefinedWorkflows,
  type ScheduleFrequency,
  scheduleFrequencies,
  type TrendMetric,
  trendMetrics,
  type Visibility,
} from '@dcipher/shared/domain';
import { pathTo } from '@dcipher/shared/routes';
import {
  Alert,
  Button,
  CheckboxField,
  Form,
  FormTextAreaField,
  FormTextField,
  SelectField,
  TextField,
  theme,
  useContractForm,
} from '@dcipher/shared/ui';
import { workflowMessages } from '@dcipher/shared/validation';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import type { AccountScreenProps } from '../../kit/account-screen';
import { useContractMutation, useLoad } from '../../kit/contract-query';
import { useRemoteQueryClient } from '../../kit/query-client';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf } from '../../kit/use-api-load';
import { useRouteQuery } from '../../router/remote-router';
import { type Cost, CostPart, RadioGroup, type Upload, UploadField } from './new-workflow-parts';
import { leaveNoteFor, runIdempotencyKey } from './start-workflow';
import { type InputValue, WorkflowInputField } from './workflow-input-field';
import { mutedStyle, screenRootStyle } from './workflow-parts';
import { workflowQueries } from './workflow-queries';
import {
  analysisTypeHelp,
  analysisTypeLabels,
  count,
  frequencyLabels,
  inputsOf,
  trendMetricLabels,
} from './workflow-words';

/** The name and description are the contract's own fields: the same rules and messages as the API. */
const NameSchema = v.object({
  name: CreateFlowInputSchema.entries.name,
  description: CreateFlowInputSchema.entries.description,
});

type SourceKind = FlowDataSource['kind'];
const sourceLabels: Record<SourceKind, string> = {
  uploaded: 'Upload a file',
  starter: 'A sample dataset',
  news: 'An RSS feed',
  'public-url': 'A public web page',
};
const samples = [
  ...new Map(predefinedWorkflows.map((workflow) => [workflow.sample.id, workflow.sample])).values(),
];

type NameCheck = { state: 'idle' | 'checking' } | { state: 'free' | 'taken'; message: string };

/** A failure about the feed's or page's address: said under the address field, not under "Cost". */
const isAddressError = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.code === errorCodes.sourceUnreachable ||
    Object.keys(error.issues).some((field) => field.startsWith('dataSources')));

/** What "Start from" offers: a predefined workflow, or `custom` (from scratch); the address's `?predefined`. */
function startFromQuery(asked: string | undefined): string {
  if (asked === 'custom' || (asked && findPredefinedWorkflow(asked))) return asked;
  return predefinedWorkflows[0]!.id;
}

/** Everything chosen besides the name and description (the form's fields): one draft, changed a part at a time. */
interface Draft {
  inputValues: Record<string, InputValue>;
  analysisType: AnalysisType;
  trendMetric: TrendMetric;
  sourceKind: SourceKind;
  sampleId: string;
  url: string;
  scheduled: boolean;
  frequency: ScheduleFrequency;
  startAt: string;
  notifications: boolean;
  visibility: Visibility;
}

const draftFor = (predefined: PredefinedWorkflow | undefined): Draft => ({
  inputValues: defaultsOf(predefined),
  analysisType: 'contentAnalysis',
  trendMetric: 'momentum',
  sourceKind: 'starter',
  sampleId: predefined?.sample.id ?? samples[0]!.id,
  url: '',
  scheduled: false,
  frequency: predefined?.suggestedFrequency ?? 'weekly',
  startAt: '',
  notifications: true,
  visibility: 'private',
});

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

const defaultsOf = (workflow: PredefinedWorkflow | undefined): Record<string, InputValue> =>
  Object.fromEntries((workflow?.inputs ?? []).map((input) => [input.key, input.default]));

/**
 * `/workflows/new`: a workflow from a predefined one (its inputs by kind) or from scratch, a name checked as it is
 * typed, a data source (a file read by the API at once, a sample, a feed, a page), the cost before anything runs,
 * an optional schedule, notifications and visibility. Nothing typed is lost when a call fails.
 */
export default function NewWorkflowScreen({ navigate }: AccountScreenProps) {
  // "Start from" is the address's (`?predefined`, declared by the route).
  const [query, setQuery] = useRouteQuery('workflowsNew');
  const startFrom = startFromQuery(query.predefined);
  const predefined = findPredefinedWorkflow(startFrom);
  const [draft, setDraft] = useState(() => draftFor(predefined));
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const { inputValues, analysisType, trendMetric, sourceKind, sampleId, url } = draft;
  const { scheduled, frequency, startAt, notifications, visibility } = draft;
  const sourceKinds = (['uploaded', 'starter', 'news', 'public-url'] as const).filter(
    (kind) => !predefined || predefined.dataSourceKinds.includes(kind),
  );
  const runAfterCreate = useRef(false);
  const addressRef = useRef<HTMLInputElement>(null);
  const submitMessageRef = useRef<HTMLDivElement>(null);
  /** How often "Create" was pressed at the custom-workflow limit: the reason shows beside the buttons. */
  const [limitPresses, setLimitPresses] = useState(0);
  // How many custom workflows are in use of the plan's number, as the API counts them: the list's own read.
  const { result: customList } = useLoad(workflowQueries.list('customFlow'));
  const quota = customList.state === 'loaded' ? customList.data.customWorkflows : undefined;
  const atLimit =
    startFrom === 'custom' && quota !== undefined && quota.limit !== null && quota.used >= quota.limit;

  function chooseStart(next: string) {
    const workflow = findPredefinedWorkflow(next);
    change({
      inputValues: defaultsOf(workflow),
      ...(workflow
        ? {
            sampleId: workflow.sample.id,
            frequency: workflow.suggestedFrequency,
            ...(workflow.dataSourceKinds.includes(sourceKind) ? {} : { sourceKind: 'starter' as const }),
          }
        : {}),
    });
    setQuery({ predefined: next });
  }

  const [uploadProgress, setUploadProgress] = useState({ loaded: 0, total: 0 });
  /**
   * The chosen `File` itself goes to the API as multipart, never read into memory here (docs/decisions/0114); the
   * bar follows the bytes sent. On a failure the file stays chosen, to send again.
   */
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
    uploading.mutate({ file });
  }
  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (file) sendFile(file);
  }

  const dataSource = ((): FlowDataSource | undefined => {
    if (sourceKind === 'uploaded')
      return upload.state === 'done'
        ? { kind: 'uploaded', group: 'file', uploadId: upload.upload.id }
        : undefined;
    if (sourceKind === 'starter') return { kind: 'starter', group: 'file', sampleId };
    if (!url.trim()) return undefined;
    return sourceKind === 'news'
      ? { kind: 'news', group: 'news', format: 'rss', url: url.trim() }
      : { kind: 'public-url', group: 'url', url: url.trim() };
  })();
  const inputs = predefined ? inputsOf(predefined, inputValues) : [];

  // The price of what is chosen, cached by what is priced: a file or a sample as soon as it is chosen (and again
  // when the inputs change what is analysed); a feed or a page when asked, once its address is typed.
  const byAddress = sourceKind === 'news' || sourceKind === 'public-url';
  const priced = dataSource ? workflowQueries.costOf([dataSource], inputs) : undefined;
  const pricedKey = JSON.stringify(priced?.queryKey ?? null);
  const [askedFor, setAskedFor] = useState<string>();
  const costQuery = useQuery(
    {
      ...(priced ?? workflowQueries.costOf([], [])),
      enabled: priced !== undefined && (!byAddress || askedFor === pricedKey),
    },
    useRemoteQueryClient(),
  );
  const costError = costQuery.error;
  // The address is what is wrong: its message goes under it, and focus with it.
  const addressError = byAddress && isAddressError(costError) ? costError.message : undefined;
  const cost: Cost =
    !priced || (!costQuery.isFetching && costQuery.status === 'pending') || addressError
      ? { state: 'none' }
      : costQuery.isFetching
        ? { state: 'loading' }
        : costQuery.status === 'error'
          ? { state: 'failed', message: messageOf(costError) }
          : costQuery.data
            ? { state: 'loaded', cost: costQuery.data }
            : { state: 'none' };
  function calculateCost() {
    if (!priced) return;
    if (askedFor === pricedKey) void costQuery.refetch({ cancelRefetch: true });
    else setAskedFor(pricedKey);
  }
  useEffect(() => {
    if (addressError) addressRef.current?.focus();
  }, [addressError]);

  // Creating (and running) invalidates the list, the custom-workflow count and the wallet (kit/invalidations.ts).
  const creating = useContractMutation(flows.createFlow);
  const running = useContractMutation(flows.runFlow);
  const form = useContractForm({
    schema: NameSchema,
    defaultValues: { name: predefined?.name ?? '', description: '' },
    onSubmit: async ({ name, description }) => {
      if (!dataSource) throw new Error('no data source');
      const created = await creating.mutateAsync({
        body: {
          name,
          ...(description ? { description } : {}),
          ...(predefined
            ? {
                flowType: 'predefinedFlow',
                predefinedFlowId: predefined.id,
                analysisType: predefined.analysisType,
                trendMetric: predefined.trendMetric,
                creativityLevel: predefined.creativityLevel,
                inputs,
              }
            : {
                flowType: 'customFlow',
                analysisType,
                ...(analysisType === 'trendDetection' || analysisType === 'newsAnalysis'
                  ? { trendMetric }
                  : {}),
              }),
          dataSources: [dataSource],
          schedule: scheduled
            ? { frequency, ...(startAt ? { startAt: new Date(startAt).toISOString() } : {}) }
            : null,
          notifications,
          visibility,
        },
      });
      if (runAfterCreate.current) {
        try {
          await running.mutateAsync({
            params: { flowId: created.id },
            body: { idempotencyKey: runIdempotencyKey() },
          });
        } catch (error) {
          // The workflow exists: its screen says why it did not run, and offers Run again.
          leaveNoteFor(created.id, messageOf(error));
        }
      }
      navigate(pathTo('workflow', { flowId: created.id }));
    },
  });

  // The name is checked as it is typed (`POST /flows/validateName`), a moment after the last key.
  const name = form.watch('name');
  const parsedName = v.safeParse(NameSchema.entries.name, name);
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

  const mayRun = cost.state === 'loaded' && cost.cost.allowed;
  const missingSource = !dataSource;

  // A refusal of the address (a feed that is not one) goes under the address field.
  const createError = form.apiError;
  const addressRefused =
    isAddressError(createError) && (sourceKind === 'news' || sourceKind === 'public-url');
  const shownAddressError = addressError ?? (addressRefused ? createError?.message : undefined);
  useEffect(() => {
    if (addressRefused) addressRef.current?.focus();
  }, [addressRefused]);
  const quotaRefused = createError?.code === errorCodes.flowQuotaReached;
  const limitMessage =
    (limitPresses > 0 && atLimit) || quotaRefused
      ? workflowMessages.quotaReached(
          quotaRefused
            ? Number((createError?.params as { limit?: number } | undefined)?.limit ?? quota?.limit ?? 0)
            : (quota?.limit ?? 0),
        )
      : undefined;
  // What went wrong with "Create" is said beside the buttons, and focus moves to it unless a field holds it.
  const submitMessage = limitMessage ?? (form.formError && !addressRefused ? form.formError : undefined);
  // The name and description are the form's own fields: a refusal of one has focus on it already.
  const fieldRefused = Object.keys(createError?.issues ?? {}).some(
    (field) => field === 'name' || field === 'description',
  );
  // Each press at the limit moves focus to the reason again.
  useEffect(() => {
    if (submitMessage && !fieldRefused) submitMessageRef.current?.focus();
  }, [submitMessage, fieldRefused, limitPresses]);

  /** At the limit "Create" does not send: it says why, next to the buttons. */
  function refuseAtLimit(event: { preventDefault: () => void }) {
    if (!atLimit) return false;
    event.preventDefault();
    form.setFormError(undefined);
    setLimitPresses((presses) => presses + 1);
    return true;
  }

  return (
    <Form form={form} aria-label="New workflow" css={screenRootStyle} renderFormError={() => null}>
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
                onChange={(value) => change({ inputValues: { ...inputValues, [input.key]: value } })}
              />
            ))}
          </>
        ) : (
          <>
            <SelectField
              label="Analysis type"
              value={analysisType}
              onChange={(event) => change({ analysisType: event.currentTarget.value as AnalysisType })}
              options={analysisTypes.map((type) => ({ value: type, label: analysisTypeLabels[type] }))}
              aria-describedby="analysis-type-help"
            />
            <p id="analysis-type-help" css={{ ...mutedStyle, marginTop: '-0.5rem' }}>
              {analysisTypeHelp[analysisType]}
            </p>
            {analysisType === 'trendDetection' || analysisType === 'newsAnalysis' ? (
              <SelectField
                label="Trend metric"
                value={trendMetric}
                onChange={(event) => change({ trendMetric: event.currentTarget.value as TrendMetric })}
                options={trendMetrics.map((metric) => ({ value: metric, label: trendMetricLabels[metric] }))}
              />
            ) : null}
          </>
        )}
      </ScreenSection>

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

      <ScreenSection title="Data">
        <RadioGroup
          legend="Where the documents come from"
          name="data-source"
          value={sourceKind}
          onChange={(kind) => change({ sourceKind: kind as SourceKind })}
          options={sourceKinds.map((kind) => ({ value: kind, label: sourceLabels[kind] }))}
        />
        {sourceKind === 'uploaded' ? (
          <UploadField upload={upload} onChoose={chooseFile} onRetry={sendFile} />
        ) : sourceKind === 'starter' ? (
          <SelectField
            label="Sample dataset"
            value={sampleId}
            onChange={(event) => change({ sampleId: event.currentTarget.value })}
            options={samples.map((sample) => ({
              value: sample.id,
              label: `${sample.name} (${count(sample.documents)} documents)`,
            }))}
          />
        ) : (
          <TextField
            ref={addressRef}
            label={sourceKind === 'news' ? 'Feed address (RSS or Atom)' : 'Page address'}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            error={shownAddressError}
            onChange={(event) => {
              change({ url: event.currentTarget.value });
              form.setFormError(undefined);
            }}
          />
        )}
      </ScreenSection>

      <ScreenSection title="Cost">
        <CostPart cost={cost} missingSource={missingSource} onCalculate={calculateCost} />
      </ScreenSection>

      <ScreenSection title="Schedule and notifications">
        <CheckboxField
          label="Run on a schedule"
          checked={scheduled}
          onChange={(event) => change({ scheduled: event.currentTarget.checked })}
        />
        {scheduled ? (
          <div
            css={{
              display: 'grid',
              gap: '0 1rem',
              gridTemplateColumns: 'minmax(0, 1fr)',
              '@media (min-width: 40rem)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
            }}
          >
            <SelectField
              label="How often"
              value={frequency}
              onChange={(event) => change({ frequency: event.currentTarget.value as ScheduleFrequency })}
              options={scheduleFrequencies.map((value) => ({ value, label: frequencyLabels[value] }))}
            />
            <TextField
              label="First run (optional; now when left empty)"
              type="datetime-local"
              value={startAt}
              onChange={(event) => change({ startAt: event.currentTarget.value })}
            />
          </div>
        ) : null}
        <CheckboxField
          label="Email me when a run finishes or fails"
          checked={notifications}
          onChange={(event) => change({ notifications: event.currentTarget.checked })}
        />
        <RadioGroup
          legend="Who can open it"
          name="visibility"
          value={visibility}
          onChange={(value) => change({ visibility: value as Visibility })}
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
    </Form>
  );
}
