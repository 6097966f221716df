import { authenticatedApi } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { errorCodes } from '@dcipher/shared/contract';
import * as flows from '@dcipher/shared/contract/flows';
import {
  CreateFlowInputSchema,
  type FlowCost,
  type FlowDataSource,
  type FlowUpload,
} from '@dcipher/shared/contract/flows';
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
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import type { AccountScreenProps } from '../../kit/account-screen';
import { queryKeys } from '../../kit/query-keys';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf, useApiLoad } from '../../kit/use-api-load';
import { CostSummary } from './cost-summary';
import { leaveNoteFor, runIdempotencyKey } from './start-workflow';
import { type InputValue, WorkflowInputField } from './workflow-input-field';
import { mutedStyle, screenRootStyle } from './workflow-parts';
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
const acceptedFiles = '.csv,.tsv,.json,.ndjson,.jsonl,.txt,.xlsx,.pdf,.docx';
const samples = [
  ...new Map(predefinedWorkflows.map((workflow) => [workflow.sample.id, workflow.sample])).values(),
];

type Upload =
  | { state: 'none' }
  | { state: 'uploading'; file: File; loaded: number; total: number }
  | { state: 'done'; upload: FlowUpload }
  | { state: 'failed'; file: File; message: string };
type Cost =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'loaded'; cost: FlowCost }
  | { state: 'failed'; message: string };
type NameCheck = { state: 'idle' | 'checking' } | { state: 'free' | 'taken'; message: string };

/** A failure about the feed's or page's address: said under the address field, not under "Cost". */
const isAddressError = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.code === errorCodes.sourceUnreachable ||
    Object.keys(error.issues).some((field) => field.startsWith('dataSources')));

/** What "Start from" offers: a predefined workflow, or `custom` (from scratch). */
function startFromLocation(): string {
  const asked = new URLSearchParams(window.location.search).get('predefined');
  if (asked === 'custom' || (asked && findPredefinedWorkflow(asked))) return asked;
  return predefinedWorkflows[0]!.id;
}

const defaultsOf = (workflow: PredefinedWorkflow | undefined): Record<string, InputValue> =>
  Object.fromEntries((workflow?.inputs ?? []).map((input) => [input.key, input.default]));

/**
 * `/workflows/new`: a workflow from a predefined one (its inputs by kind) or from scratch, a name checked as it is
 * typed, a data source (a file read by the API at once, a sample, a feed, a page), the cost before anything runs,
 * an optional schedule, notifications and visibility. Nothing typed is lost when a call fails.
 */
export default function NewWorkflowScreen({ navigate }: AccountScreenProps) {
  const [startFrom, setStartFrom] = useState(startFromLocation);
  const predefined = findPredefinedWorkflow(startFrom);
  const [inputValues, setInputValues] = useState(() => defaultsOf(predefined));
  const [analysisType, setAnalysisType] = useState<AnalysisType>('contentAnalysis');
  const [trendMetric, setTrendMetric] = useState<TrendMetric>('momentum');
  const sourceKinds = (['uploaded', 'starter', 'news', 'public-url'] as const).filter(
    (kind) => !predefined || predefined.dataSourceKinds.includes(kind),
  );
  const [sourceKind, setSourceKind] = useState<SourceKind>('starter');
  const [upload, setUpload] = useState<Upload>({ state: 'none' });
  const [sampleId, setSampleId] = useState(predefined?.sample.id ?? samples[0]!.id);
  const [url, setUrl] = useState('');
  const [cost, setCost] = useState<Cost>({ state: 'none' });
  const [scheduled, setScheduled] = useState(false);
  const [frequency, setFrequency] = useState<ScheduleFrequency>(predefined?.suggestedFrequency ?? 'weekly');
  const [startAt, setStartAt] = useState('');
  const [notifications, setNotifications] = useState(true);
  const [visibility, setVisibility] = useState<Visibility>('private');
  const [nameCheck, setNameCheck] = useState<NameCheck>({ state: 'idle' });
  const runAfterCreate = useRef(false);
  const [addressError, setAddressError] = useState<string>();
  const addressRef = useRef<HTMLInputElement>(null);
  const submitMessageRef = useRef<HTMLDivElement>(null);
  /** How often "Create" was pressed at the custom-workflow limit: the reason shows beside the buttons. */
  const [limitPresses, setLimitPresses] = useState(0);
  // How many custom workflows are in use of the plan's number, as the API counts them.
  const { result: customList } = useApiLoad(
    () => authenticatedApi().call(flows.listFlows, { query: { flowType: 'customFlow' } }),
    { key: queryKeys.customWorkflows },
  );
  const quota = customList.state === 'loaded' ? customList.data.customWorkflows : undefined;
  const atLimit =
    startFrom === 'custom' && quota !== undefined && quota.limit !== null && quota.used >= quota.limit;

  function chooseStart(next: string) {
    setStartFrom(next);
    const workflow = findPredefinedWorkflow(next);
    setInputValues(defaultsOf(workflow));
    if (workflow) {
      setSampleId(workflow.sample.id);
      setFrequency(workflow.suggestedFrequency);
      if (!workflow.dataSourceKinds.includes(sourceKind)) setSourceKind('starter');
    }
    window.history.replaceState(window.history.state, '', pathTo('workflowsNew', {}, { predefined: next }));
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

  async function calculateCost() {
    if (!dataSource) return;
    setCost({ state: 'loading' });
    setAddressError(undefined);
    try {
      const answer = await authenticatedApi().call(flows.calculateFlowCost, {
        body: { dataSources: [dataSource], inputs },
      });
      setCost({ state: 'loaded', cost: answer });
    } catch (error) {
      if ((sourceKind === 'news' || sourceKind === 'public-url') && isAddressError(error)) {
        // The address is what is wrong: its message goes under it, and focus with it.
        setCost({ state: 'none' });
        setAddressError(error.message);
        addressRef.current?.focus();
        return;
      }
      setCost({ state: 'failed', message: messageOf(error) });
    }
  }
  // A file or a sample is priced as soon as it is chosen (and again when the inputs change what is analysed); a
  // feed or a page when asked, once its address is typed.
  const costKey = JSON.stringify([
    sourceKind !== 'news' && sourceKind !== 'public-url' && dataSource,
    inputs,
  ]);
  const calculateRef = useRef(calculateCost);
  calculateRef.current = calculateCost;
  useEffect(() => {
    setCost({ state: 'none' });
    if (sourceKind === 'uploaded' || sourceKind === 'starter') void calculateRef.current();
  }, [costKey, sourceKind]);

  /**
   * The chosen `File` itself goes to the API as multipart, never read into memory here (docs/decisions/0114); the
   * bar follows the bytes sent. On a failure the file stays chosen, to send again.
   */
  async function sendFile(file: File) {
    setUpload({ state: 'uploading', file, loaded: 0, total: file.size });
    try {
      const answer = await authenticatedApi().call(
        flows.uploadFlowFile,
        { file },
        {
          onUploadProgress: ({ loaded, total }) => setUpload({ state: 'uploading', file, loaded, total }),
        },
      );
      setUpload({ state: 'done', upload: answer });
    } catch (error) {
      setUpload({ state: 'failed', file, message: messageOf(error) });
    }
  }
  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (file) void sendFile(file);
  }

  const form = useContractForm({
    schema: NameSchema,
    defaultValues: { name: predefined?.name ?? '', description: '' },
    onSubmit: async ({ name, description }) => {
      if (!dataSource) throw new Error('no data source');
      const created = await authenticatedApi().call(flows.createFlow, {
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
          await authenticatedApi().call(flows.runFlow, {
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
  useEffect(() => {
    const parsed = v.safeParse(NameSchema.entries.name, name);
    if (!parsed.success) {
      setNameCheck({ state: 'idle' });
      return;
    }
    setNameCheck({ state: 'checking' });
    let current = true;
    const timer = setTimeout(() => {
      authenticatedApi()
        .call(flows.validateFlowName, { body: { name: parsed.output } })
        .then(
          (answer) => {
            if (!current) return;
            setNameCheck(
              answer.result === 'file-name-exists'
                ? { state: 'taken', message: answer.message ?? 'A workflow with this name already exists.' }
                : { state: 'free', message: 'This name is free.' },
            );
          },
          () => current && setNameCheck({ state: 'idle' }),
        );
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [name]);

  const mayRun = cost.state === 'loaded' && cost.cost.allowed;
  const missingSource = !dataSource;

  // A refusal of the address (a feed that is not one) goes under the address field.
  const createError = form.apiError;
  const addressRefused =
    isAddressError(createError) && (sourceKind === 'news' || sourceKind === 'public-url');
  useEffect(() => {
    if (addressRefused && createError) {
      setAddressError(createError.message);
      addressRef.current?.focus();
    }
  }, [addressRefused, createError]);
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
                onChange={(value) => setInputValues((values) => ({ ...values, [input.key]: value }))}
              />
            ))}
          </>
        ) : (
          <>
            <SelectField
              label="Analysis type"
              value={analysisType}
              onChange={(event) => setAnalysisType(event.currentTarget.value as AnalysisType)}
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
                onChange={(event) => setTrendMetric(event.currentTarget.value as TrendMetric)}
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
          onChange={(kind) => setSourceKind(kind as SourceKind)}
          options={sourceKinds.map((kind) => ({ value: kind, label: sourceLabels[kind] }))}
        />
        {sourceKind === 'uploaded' ? (
          <UploadField upload={upload} onChoose={chooseFile} onRetry={(file) => void sendFile(file)} />
        ) : sourceKind === 'starter' ? (
          <SelectField
            label="Sample dataset"
            value={sampleId}
            onChange={(event) => setSampleId(event.currentTarget.value)}
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
            error={addressError}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setAddressError(undefined);
            }}
          />
        )}
      </ScreenSection>

      <ScreenSection title="Cost">
        <CostPart cost={cost} missingSource={missingSource} onCalculate={() => void calculateCost()} />
      </ScreenSection>

      <ScreenSection title="Schedule and notifications">
        <CheckboxField
          label="Run on a schedule"
          checked={scheduled}
          onChange={(event) => setScheduled(event.currentTarget.checked)}
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
              onChange={(event) => setFrequency(event.currentTarget.value as ScheduleFrequency)}
              options={scheduleFrequencies.map((value) => ({ value, label: frequencyLabels[value] }))}
            />
            <TextField
              label="First run (optional; now when left empty)"
              type="datetime-local"
              value={startAt}
              onChange={(event) => setStartAt(event.currentTarget.value)}
            />
          </div>
        ) : null}
        <CheckboxField
          label="Email me when a run finishes or fails"
          checked={notifications}
          onChange={(event) => setNotifications(event.currentTarget.checked)}
        />
        <RadioGroup
          legend="Who can open it"
          name="visibility"
          value={visibility}
          onChange={(value) => setVisibility(value as Visibility)}
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

function CostPart({
  cost,
  missingSource,
  onCalculate,
}: {
  cost: Cost;
  missingSource: boolean;
  onCalculate: () => void;
}) {
  if (missingSource) return <p css={{ ...mutedStyle, margin: 0 }}>The cost shows once the data is chosen.</p>;
  return (
    <div aria-live="polite">
      {cost.state === 'loading' ? <p role="status">Calculating the cost…</p> : null}
      {cost.state === 'loaded' ? <CostSummary cost={cost.cost} /> : null}
      {cost.state === 'failed' ? <Alert>{cost.message}</Alert> : null}
      {cost.state !== 'loading' ? (
        <Button variant="secondary" onClick={onCalculate}>
          {cost.state === 'none' ? 'See the cost' : 'Calculate again'}
        </Button>
      ) : null}
    </div>
  );
}

function UploadField({
  upload,
  onChoose,
  onRetry,
}: {
  upload: Upload;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  onRetry: (file: File) => void;
}) {
  const id = useId();
  const percent =
    upload.state === 'uploading' && upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : 0;
  return (
    <div>
      <div css={{ display: 'flex', flexDirection: 'column', gap: '0.35rem', marginBottom: '1rem' }}>
        <label htmlFor={id} css={{ fontWeight: 600 }}>
          Data file
        </label>
        <span id={`${id}-help`} css={{ ...mutedStyle, fontSize: '0.9rem' }}>
          csv, tsv, json, ndjson, jsonl, txt, xlsx, pdf or docx; one document per row, line or paragraph.
        </span>
        <input
          id={id}
          type="file"
          accept={acceptedFiles}
          aria-describedby={`${id}-help`}
          onChange={onChoose}
          disabled={upload.state === 'uploading'}
          css={{ font: 'inherit', maxWidth: '100%' }}
        />
      </div>
      <div aria-live="polite">
        {upload.state === 'uploading' ? (
          <UploadProgressBar fileName={upload.file.name} percent={percent} />
        ) : null}
        {upload.state === 'failed' ? (
          <>
            <Alert>
              {upload.file.name}: {upload.message}
            </Alert>
            <Button variant="secondary" onClick={() => onRetry(upload.file)}>
              Send {upload.file.name} again
            </Button>
          </>
        ) : null}
        {upload.state === 'done' ? <UploadPreview upload={upload.upload} /> : null}
      </div>
    </div>
  );
}

/**
 * The bytes sent so far, as a labelled progress bar; once all are sent the API reads the file, which the text
 * says (the bar stays full).
 */
function UploadProgressBar({ fileName, percent }: { fileName: string; percent: number }) {
  const id = useId();
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '0.35rem', maxWidth: '28rem' }}>
      <label htmlFor={id} css={{ overflowWrap: 'anywhere' }}>
        {percent < 100 ? `Uploading ${fileName}` : `Reading ${fileName}…`}
      </label>
      <progress id={id} max={100} value={percent} css={{ width: '100%' }}>
        {percent} %
      </progress>
      <span aria-hidden="true" css={{ ...mutedStyle, fontSize: '0.9rem' }}>
        {percent} % sent
      </span>
    </div>
  );
}

function UploadPreview({ upload }: { upload: FlowUpload }) {
  return (
    <div data-testid="upload-preview">
      <p css={{ margin: '0 0 0.5rem' }}>
        <strong>{upload.fileName}</strong>: {count(upload.documents)} document
        {upload.documents === 1 ? '' : 's'} found.
      </p>
      {upload.preview.length > 0 ? (
        <>
          <p css={{ ...mutedStyle, margin: '0 0 0.25rem', fontSize: '0.9rem' }}>The first ones:</p>
          <ol
            css={{
              margin: 0,
              paddingLeft: '1.5rem',
              '& li': { overflowWrap: 'anywhere', marginBottom: '0.25rem' },
            }}
          >
            {upload.preview.map((text, index) => (
              <li key={index}>{text.length > 240 ? `${text.slice(0, 240)}…` : text}</li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}

function RadioGroup({
  legend,
  name,
  value,
  onChange,
  options,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string; hint?: ReactNode }[];
}) {
  const id = useId();
  return (
    <fieldset css={{ border: 0, margin: '0 0 1rem', padding: 0, minWidth: 0 }}>
      <legend css={{ fontWeight: 600, marginBottom: '0.5rem', padding: 0 }}>{legend}</legend>
      <div css={{ display: 'grid', gap: '0.4rem' }}>
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div key={option.value} css={{ display: 'flex', gap: '0.6rem', alignItems: 'flex-start' }}>
              <input
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-describedby={option.hint ? `${optionId}-hint` : undefined}
                css={{
                  width: '1.2rem',
                  height: '1.2rem',
                  marginTop: '0.2rem',
                  accentColor: theme.colors.brand,
                }}
              />
              <span css={{ display: 'flex', flexDirection: 'column' }}>
                <label htmlFor={optionId} css={{ fontWeight: 500 }}>
                  {option.label}
                </label>
                {option.hint ? (
                  <span id={`${optionId}-hint`} css={{ ...mutedStyle, fontSize: '0.9rem' }}>
                    {option.hint}
                  </span>
                ) : null}
              </span>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
