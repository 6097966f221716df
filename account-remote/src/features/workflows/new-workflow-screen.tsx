import * as flows from '@dcipher/shared/contract/flows';
import { findPredefinedWorkflow, predefinedWorkflows } from '@dcipher/shared/domain';
import { pathTo } from '@dcipher/shared/routes';
import { Form, useContractForm } from '@dcipher/shared/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AccountScreenProps } from '../../kit/account-screen';
import { useContractMutation, useLoad } from '../../kit/contract-query';
import { useRemoteQueryClient } from '../../kit/query-client';
import { messageOf } from '../../kit/use-api-load';
import { useRouteQuery } from '../../router/remote-router';
import {
  createBodyOf,
  dataSourceOf,
  defaultsOf,
  draftFor,
  isAddressError,
  type NewWorkflowForm,
  NewWorkflowProvider,
  NewWorkflowSchema,
  onDraftFields,
  takesAddress,
} from './new-workflow-form';
import type { Cost } from './new-workflow-parts';
import {
  AnalysisSection,
  CostSection,
  CreateSection,
  DataSourceSection,
  NameSection,
  ScheduleSection,
  StartFromSection,
} from './new-workflow-sections';
import { leaveNoteFor, runIdempotencyKey } from './start-workflow';
import { screenRootStyle } from './workflow-parts';
import { workflowQueries } from './workflow-queries';
import { inputsOf } from './workflow-words';

/** What "Start from" offers: a predefined workflow, or `custom` (from scratch); the address's `?predefined`. */
function startFromQuery(asked: string | undefined): string {
  if (asked === 'custom' || (asked && findPredefinedWorkflow(asked))) return asked;
  return predefinedWorkflows[0]!.id;
}

/**
 * The price of what the draft names, cached by what is priced: a file or a sample as soon as it is chosen (and
 * again when the inputs change what is analysed); a feed or a page when asked, once its address is typed and
 * valid by the contract's rule. A refused address is the form's error on the address field, with focus.
 */
function useDraftCost(form: NewWorkflowForm, predefined: ReturnType<typeof findPredefinedWorkflow>) {
  const [sourceKind, uploadId, sampleId, url, inputValues] = form.watch([
    'sourceKind',
    'uploadId',
    'sampleId',
    'url',
    'inputValues',
  ]);
  const dataSource = dataSourceOf({ sourceKind, uploadId, sampleId, url });
  const inputs = predefined ? inputsOf(predefined, inputValues) : [];
  const byAddress = takesAddress(sourceKind);
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
  const addressError = byAddress && isAddressError(costError) ? costError.message : undefined;
  useEffect(() => {
    if (addressError) form.setError('url', { type: 'server', message: addressError }, { shouldFocus: true });
  }, [addressError, form.setError]);
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
  async function calculateCost() {
    if (!priced) return;
    // The address is checked by the form (the contract's rule) before it is priced.
    if (byAddress && !(await form.trigger('url', { shouldFocus: true }))) return;
    if (askedFor === pricedKey) void costQuery.refetch({ cancelRefetch: true });
    else setAskedFor(pricedKey);
  }
  return { cost, calculateCost: () => void calculateCost(), missingSource: !dataSource };
}

/**
 * `/workflows/new`: a workflow from a predefined one (its inputs by kind) or from scratch, a name checked as it is
 * typed, a data source (a file read by the API at once, a sample, a feed, a page), the cost before anything runs,
 * an optional schedule, notifications and visibility. One form holds the whole draft (new-workflow-form.tsx, the
 * contract's rules); its sections (new-workflow-sections.tsx) read it through the screen's context. Nothing typed
 * is lost when a call fails.
 */
export default function NewWorkflowScreen({ navigate }: AccountScreenProps) {
  // "Start from" is the address's (`?predefined`, declared by the route).
  const [query, setQuery] = useRouteQuery('workflowsNew');
  const startFrom = startFromQuery(query.predefined);
  const predefined = findPredefinedWorkflow(startFrom);
  const runAfterCreate = useRef(false);
  // How many custom workflows are in use of the plan's number, as the API counts them: the list's own read.
  const { result: customList } = useLoad(workflowQueries.list('customFlow'));
  const quota = customList.state === 'loaded' ? customList.data.customWorkflows : undefined;
  const atLimit =
    startFrom === 'custom' && quota !== undefined && quota.limit !== null && quota.used >= quota.limit;

  // Creating (and running) invalidates the list, the custom-workflow count and the wallet (kit/invalidations.ts).
  const creating = useContractMutation(flows.createFlow);
  const running = useContractMutation(flows.runFlow);
  const [initialDraft] = useState(() => draftFor(predefined));
  const form: NewWorkflowForm = useContractForm({
    schema: NewWorkflowSchema,
    defaultValues: initialDraft,
    onSubmit: async (draft) => {
      const created = await creating
        .mutateAsync({ body: createBodyOf(draft, predefined) })
        .catch((error: unknown) => {
          throw onDraftFields(error, draft);
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
  const { cost, calculateCost, missingSource } = useDraftCost(form, predefined);

  /** Another start: its inputs, sample and suggested frequency; the rest of the draft is kept. */
  function chooseStart(next: string) {
    const workflow = findPredefinedWorkflow(next);
    form.setFieldValue('inputValues', defaultsOf(workflow));
    if (workflow) {
      form.setFieldValue('sampleId', workflow.sample.id);
      form.setFieldValue('frequency', workflow.suggestedFrequency);
      if (!workflow.dataSourceKinds.some((kind) => kind === form.getValues('sourceKind')))
        form.setFieldValue('sourceKind', 'starter');
    }
    setQuery({ predefined: next });
  }

  return (
    <NewWorkflowProvider
      value={{
        form,
        startFrom,
        predefined,
        chooseStart,
        quota,
        atLimit,
        cost,
        calculateCost,
        missingSource,
        runAfterCreate,
      }}
    >
      <Form form={form} aria-label="New workflow" css={screenRootStyle} renderFormError={() => null}>
        <StartFromSection />
        <AnalysisSection />
        <NameSection />
        <DataSourceSection />
        <CostSection />
        <ScheduleSection />
        <CreateSection />
      </Form>
    </NewWorkflowProvider>
  );
}
