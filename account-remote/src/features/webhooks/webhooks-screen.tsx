import {
  CreateWebhookEndpointInputSchema,
  contract,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookEndpointsMaxCount,
  webhookEventTypes,
} from '@dcipher/shared/contract';
import {
  Alert,
  Button,
  Form,
  FormSubmitButton,
  FormTextField,
  fieldError,
  Notice,
  theme,
  useContractForm,
} from '@dcipher/shared/ui';
import { useId, useState } from 'react';
import { accountQueries } from '../../kit/account-queries';
import { ConfirmationDialog } from '../../kit/confirmation-dialog';
import { useContractMutation, useLoad } from '../../kit/contract-query';
import { dateAndTime } from '../../kit/date-and-time';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { SecretShownOnce } from '../../kit/secret-shown-once';
import { messageOf } from '../../kit/use-api-load';

const endpoints = contract.webhooks;
const deliveriesPageSize = 10;

/** What each event is called on the screen. */
const eventLabels: Record<WebhookEventType, string> = {
  'flow.run.finished': 'A workflow run finished',
  'flow.run.failed': 'A workflow run failed',
};

const statusLabels: Record<WebhookDelivery['status'], string> = {
  pending: 'Waiting to be tried again',
  succeeded: 'Delivered',
  failed: 'Failed',
};
const failureLabels: Record<NonNullable<WebhookDelivery['lastError']>, string> = {
  timeout: 'no answer in time',
  refused: 'the address is not on the public internet',
  network: 'the connection failed',
};

type Message = { kind: 'done' | 'failed'; text: string };
type Confirming = { action: 'rotate' | 'delete'; endpoint: WebhookEndpoint };

/**
 * The organization's webhooks (docs/decisions/0111): endpoints told when a workflow run finishes or fails, the
 * signing secret shown once, each endpoint's delivery log and "Send test event". Admins only (the route says so).
 */
export default function WebhooksScreen() {
  const { result, reload } = useLoad({
    ...accountQueries.webhooks(),
    select: (answer) => answer.endpoints,
  });
  // Each change invalidates what it makes out of date (kit/invalidations.ts): the list, a log after a test event.
  const rotate = useContractMutation(endpoints.rotateWebhookSecret);
  const remove = useContractMutation(endpoints.deleteWebhookEndpoint);
  const update = useContractMutation(endpoints.updateWebhookEndpoint);
  const sendTest = useContractMutation(endpoints.sendWebhookTestEvent);
  /** The secret just issued: shown until dismissed, never again. */
  const [issued, setIssued] = useState<{ url: string; secret: string; rotated: boolean }>();
  const [message, setMessage] = useState<Message>();
  const [confirming, setConfirming] = useState<Confirming>();
  const [busy, setBusy] = useState(false);
  const [openLog, setOpenLog] = useState<string>();

  async function act(run: () => Promise<void>) {
    setBusy(true);
    setMessage(undefined);
    try {
      await run();
    } catch (error) {
      setMessage({ kind: 'failed', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  const confirm = ({ action, endpoint }: Confirming) =>
    act(async () => {
      if (action === 'rotate') {
        const rotated = await rotate.mutateAsync({ params: { endpointId: endpoint.id } });
        setIssued({ url: endpoint.url, secret: rotated.secret, rotated: true });
      } else {
        await remove.mutateAsync({ params: { endpointId: endpoint.id } });
        setIssued(undefined);
        setMessage({
          kind: 'done',
          text: `The endpoint ${endpoint.url} has been deleted. Nothing more is sent to it.`,
        });
      }
      setConfirming(undefined);
    });

  return (
    <ScreenSection title="Webhook endpoints">
      <p css={{ marginTop: 0, color: theme.colors.muted }}>
        Dcipher posts an event to each endpoint when a workflow run of your organization finishes or fails.
        Every request is signed as the Standard Webhooks specification says (the webhook-id, webhook-timestamp
        and webhook-signature headers): check the signature with the endpoint’s secret before trusting the
        event. A request not answered with a 2xx status is tried again later, waiting longer each time.
      </p>
      {issued ? <IssuedSecret {...issued} onDone={() => setIssued(undefined)} /> : null}
      {message?.kind === 'done' ? <Notice>{message.text}</Notice> : null}
      {message?.kind === 'failed' ? <Alert>{message.text}</Alert> : null}
      <LoadState load={result} loadingText="Loading your webhook endpoints…" onRetry={() => void reload()}>
        {(list: WebhookEndpoint[]) => (
          <>
            {list.length === 0 ? (
              <p css={{ color: theme.colors.muted }}>
                No webhook endpoints yet. Add the address of a service that should hear about your workflow
                runs.
              </p>
            ) : (
              <ul
                aria-label="Webhook endpoints"
                css={{ listStyle: 'none', padding: 0, margin: '0 0 1.25rem' }}
              >
                {list.map((endpoint) => (
                  <li
                    key={endpoint.id}
                    css={{ padding: '0.85rem 0', borderTop: `1px solid ${theme.colors.border}` }}
                  >
                    <EndpointRow
                      endpoint={endpoint}
                      disabled={busy}
                      logOpen={openLog === endpoint.id}
                      onToggleLog={() => setOpenLog(openLog === endpoint.id ? undefined : endpoint.id)}
                      onSetEnabled={(enabled) =>
                        act(async () => {
                          await update.mutateAsync({
                            params: { endpointId: endpoint.id },
                            body: { enabled },
                          });
                          setMessage({
                            kind: 'done',
                            text: enabled
                              ? `${endpoint.url} is on: it is sent the events it takes.`
                              : `${endpoint.url} is off: nothing is sent to it until you turn it on.`,
                          });
                        })
                      }
                      onSendTest={() =>
                        act(async () => {
                          await sendTest.mutateAsync({ params: { endpointId: endpoint.id } });
                          setOpenLog(endpoint.id);
                          setMessage({
                            kind: 'done',
                            text: `A test event is on its way to ${endpoint.url}. Its delivery shows in the log below.`,
                          });
                        })
                      }
                      onAsk={(action) => {
                        setMessage(undefined);
                        setConfirming({ action, endpoint });
                      }}
                    />
                    {confirming?.endpoint.id === endpoint.id ? (
                      <Confirmation
                        confirming={confirming}
                        busy={busy}
                        onConfirm={() => void confirm(confirming)}
                        onCancel={() => setConfirming(undefined)}
                      />
                    ) : null}
                    {openLog === endpoint.id ? <DeliveryLog endpoint={endpoint} /> : null}
                  </li>
                ))}
              </ul>
            )}
            {list.length >= webhookEndpointsMaxCount ? (
              <p>
                You have {webhookEndpointsMaxCount} endpoints, the most there can be. Delete one to add
                another.
              </p>
            ) : (
              <CreateEndpointForm
                onCreated={(created) => {
                  setMessage(undefined);
                  setIssued({ url: created.endpoint.url, secret: created.secret, rotated: false });
                }}
              />
            )}
          </>
        )}
      </LoadState>
    </ScreenSection>
  );
}

function CreateEndpointForm({
  onCreated,
}: {
  onCreated: (created: { endpoint: WebhookEndpoint; secret: string }) => void;
}) {
  const eventsId = useId();
  const create = useContractMutation(endpoints.createWebhookEndpoint);
  const form = useContractForm({
    schema: CreateWebhookEndpointInputSchema,
    defaultValues: { url: '', description: '', eventTypes: [...webhookEventTypes] },
    onSubmit: async (values) => {
      const created = await create.mutateAsync({ body: values });
      form.reset({ url: '', description: '', eventTypes: [...webhookEventTypes] });
      onCreated(created);
    },
  });
  const eventsError = fieldError(form, 'eventTypes');
  return (
    <Form form={form} aria-label="Add a webhook endpoint">
      <FormTextField
        form={form}
        name="url"
        label="Endpoint address"
        placeholder="https://example.com/dcipher-events"
        autoComplete="off"
        inputMode="url"
      />
      <FormTextField form={form} name="description" label="Description (optional)" autoComplete="off" />
      <fieldset
        aria-describedby={eventsError ? `${eventsId}-error` : undefined}
        css={{ border: 'none', padding: 0, margin: '0 0 1rem' }}
      >
        <legend css={{ fontWeight: 600, marginBottom: '0.35rem' }}>Events to send</legend>
        {webhookEventTypes.map((type) => (
          <label
            key={type}
            css={{ display: 'flex', gap: '0.6rem', alignItems: 'center', marginBottom: '0.3rem' }}
          >
            <input type="checkbox" value={type} {...form.register('eventTypes')} />
            {eventLabels[type]} <code css={{ color: theme.colors.muted }}>{type}</code>
          </label>
        ))}
        {eventsError ? (
          <p
            id={`${eventsId}-error`}
            role="alert"
            css={{ color: theme.colors.danger, margin: '0.25rem 0 0' }}
          >
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <FormSubmitButton form={form} busyLabel="Adding…">
        Add endpoint
      </FormSubmitButton>
    </Form>
  );
}

function EndpointRow({
  endpoint,
  disabled,
  logOpen,
  onToggleLog,
  onSetEnabled,
  onSendTest,
  onAsk,
}: {
  endpoint: WebhookEndpoint;
  disabled: boolean;
  logOpen: boolean;
  onToggleLog: () => void;
  onSetEnabled: (enabled: boolean) => void;
  onSendTest: () => void;
  onAsk: (action: 'rotate' | 'delete') => void;
}) {
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1rem', justifyContent: 'space-between' }}>
      <div css={{ minWidth: 0, flex: '1 1 16rem' }}>
        <div css={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{endpoint.url}</div>
        {endpoint.description ? <div css={{ overflowWrap: 'anywhere' }}>{endpoint.description}</div> : null}
        <div css={{ color: theme.colors.muted, fontSize: '0.9rem' }}>
          {endpoint.enabled ? 'On' : 'Off'} ·{' '}
          {endpoint.eventTypes.map((type) => eventLabels[type]).join(', ')} · added{' '}
          {dateAndTime(endpoint.createdAt)}
          {endpoint.secretRotatedAt ? ` · secret replaced ${dateAndTime(endpoint.secretRotatedAt)}` : ''}
        </div>
      </div>
      <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Button
          variant="secondary"
          disabled={disabled}
          onClick={onSendTest}
          aria-label={`Send test event to ${endpoint.url}`}
        >
          Send test event
        </Button>
        <Button
          variant="secondary"
          onClick={onToggleLog}
          aria-expanded={logOpen}
          aria-label={`Delivery log of ${endpoint.url}`}
        >
          Delivery log
        </Button>
        <Button
          variant="secondary"
          disabled={disabled}
          onClick={() => onSetEnabled(!endpoint.enabled)}
          aria-label={`${endpoint.enabled ? 'Turn off' : 'Turn on'} ${endpoint.url}`}
        >
          {endpoint.enabled ? 'Turn off' : 'Turn on'}
        </Button>
        <Button
          variant="secondary"
          disabled={disabled}
          onClick={() => onAsk('rotate')}
          aria-label={`Replace the secret of ${endpoint.url}`}
        >
          Replace secret
        </Button>
        <Button
          variant="danger"
          disabled={disabled}
          onClick={() => onAsk('delete')}
          aria-label={`Delete ${endpoint.url}`}
        >
          Delete
        </Button>
      </div>
    </div>
  );
}

/** An endpoint's deliveries, newest first, a page at a time. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [page, setPage] = useState(1);
  const { result, reload } = useLoad(accountQueries.webhookDeliveries(endpoint.id, page, deliveriesPageSize));
  return (
    <section aria-label={`Deliveries to ${endpoint.url}`} css={{ marginTop: '0.75rem' }}>
      <div css={{ display: 'flex', gap: '0.5rem', alignItems: 'center', flexWrap: 'wrap' }}>
        <h3 css={{ fontSize: '1rem', margin: 0 }}>Delivery log</h3>
        <Button variant="secondary" onClick={() => void reload()}>
          Refresh
        </Button>
      </div>
      <LoadState load={result} loadingText="Loading the deliveries…" onRetry={() => void reload()}>
        {(found: { deliveries: WebhookDelivery[]; total: number }) =>
          found.total === 0 ? (
            <p css={{ color: theme.colors.muted }}>Nothing has been sent to this endpoint yet.</p>
          ) : (
            <>
              <table css={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.9rem' }}>
                <thead>
                  <tr>
                    {['Event', 'Sent', 'Status', 'Attempts', 'Last response'].map((heading) => (
                      <th key={heading} scope="col" css={{ textAlign: 'left', padding: '0.35rem 0.5rem' }}>
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {found.deliveries.map((delivery) => (
                    <tr key={delivery.id} css={{ borderTop: `1px solid ${theme.colors.border}` }}>
                      <td css={{ padding: '0.35rem 0.5rem' }}>
                        <code>{delivery.eventType}</code>
                      </td>
                      <td css={{ padding: '0.35rem 0.5rem' }}>{dateAndTime(delivery.createdAt)}</td>
                      <td css={{ padding: '0.35rem 0.5rem' }}>
                        {statusLabels[delivery.status]}
                        {delivery.nextAttemptAt ? ` (next try ${dateAndTime(delivery.nextAttemptAt)})` : ''}
                      </td>
                      <td css={{ padding: '0.35rem 0.5rem' }}>{delivery.attempts}</td>
                      <td css={{ padding: '0.35rem 0.5rem', overflowWrap: 'anywhere' }}>
                        {delivery.responseStatus !== null
                          ? `${delivery.responseStatus}${delivery.responseBody ? `: ${delivery.responseBody}` : ''}`
                          : delivery.lastError
                            ? `No response: ${failureLabels[delivery.lastError]}`
                            : 'Not tried yet'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {found.total > deliveriesPageSize ? (
                <nav
                  aria-label="Pages of the delivery log"
                  css={{ display: 'flex', gap: '0.5rem', marginTop: '0.5rem' }}
                >
                  <Button variant="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
                    Newer
                  </Button>
                  <span>
                    Page {page} of {Math.ceil(found.total / deliveriesPageSize)}
                  </span>
                  <Button
                    variant="secondary"
                    disabled={page * deliveriesPageSize >= found.total}
                    onClick={() => setPage(page + 1)}
                  >
                    Older
                  </Button>
                </nav>
              ) : null}
            </>
          )
        }
      </LoadState>
    </section>
  );
}

function Confirmation({
  confirming: { action, endpoint },
  busy,
  onConfirm,
  onCancel,
}: {
  confirming: Confirming;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const rotate = action === 'rotate';
  return (
    <ConfirmationDialog
      title={rotate ? `Replace the secret of ${endpoint.url}?` : `Delete ${endpoint.url}?`}
      confirmLabel={rotate ? 'Replace the secret' : 'Delete the endpoint'}
      busyLabel={rotate ? 'Replacing…' : 'Deleting…'}
      tone={rotate ? 'primary' : 'danger'}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p css={{ marginTop: 0 }}>
        {rotate
          ? 'A new secret signs every request from now on, retries included. Give it to the receiving service at once: until then it will refuse the events.'
          : 'Nothing more is sent to this address and its delivery log is deleted. This cannot be undone.'}
      </p>
    </ConfirmationDialog>
  );
}

/** The whole secret, once: copy it now, it is not shown again. */
function IssuedSecret({
  url,
  secret,
  rotated,
  onDone,
}: {
  url: string;
  secret: string;
  rotated: boolean;
  onDone: () => void;
}) {
  return (
    <SecretShownOnce
      message={`${rotated ? `${url} has a new signing secret.` : `The endpoint ${url} is added.`} Copy its signing secret now: it will not be shown again.`}
      label="Signing secret"
      secret={secret}
      testId="issued-webhook-secret"
      onDone={onDone}
    />
  );
}
