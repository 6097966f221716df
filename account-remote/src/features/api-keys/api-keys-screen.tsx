import {
  type ApiKey,
  type ApiKeyKind,
  allEndpoints,
  apiKeyHeader,
  apiKeysMaxCount,
  CreateApiKeyInputSchema,
} from '@dcipher/shared/contract';
import {
  Alert,
  Button,
  Form,
  FormSubmitButton,
  FormTextField,
  Notice,
  theme,
  useContractForm,
} from '@dcipher/shared/ui';
import { useState } from 'react';
import { accountQueries, apiKeyEndpoints as endpointsOf } from '../../kit/account-queries';
import { ConfirmationDialog } from '../../kit/confirmation-dialog';
import { useContractMutation, useLoad } from '../../kit/contract-query';
import { dateAndTime } from '../../kit/date-and-time';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { SecretShownOnce } from '../../kit/secret-shown-once';
import { messageOf } from '../../kit/use-api-load';

const copy: Record<ApiKeyKind, { title: string; intro: string; empty: string; noun: string }> = {
  general: {
    title: 'Integration keys',
    intro: `A key lets a script or integration call the Dcipher API as you, with your role, on the endpoints that accept keys. Send it in the ${apiKeyHeader} header. Anyone holding a key can act as you: keep it in a secret store, never in a web page.`,
    empty:
      'No API keys yet. Create one for each integration, so you can revoke one without stopping the others.',
    noun: 'API key',
  },
  'research-bot': {
    title: 'Research bot keys',
    intro:
      'A research bot key only lets the research bot sign in: it exchanges the key at POST /research-bot/authorize for a token valid 5 minutes, which nothing else accepts.',
    empty: 'No research bot keys yet.',
    noun: 'research bot key',
  },
};

/** The organization's API keys and research bot keys: create (secret shown once), rename, rotate, revoke. */
export default function ApiKeysScreen() {
  return (
    <>
      <KeySection kind="general" />
      <KeySection kind="research-bot" />
    </>
  );
}

type Confirming = { action: 'rotate' | 'revoke'; key: ApiKey };

function KeySection({ kind }: { kind: ApiKeyKind }) {
  const endpoints = endpointsOf[kind];
  const text = copy[kind];
  const { result, reload } = useLoad({ ...accountQueries.apiKeys(kind), select: (answer) => answer.keys });
  // Each change refreshes the list of its kind (kit/invalidations.ts) before it is said done.
  const create = useContractMutation(endpoints.create);
  const update = useContractMutation(endpoints.update);
  const revoke = useContractMutation(endpoints.revoke);
  /** The secret just issued: shown until dismissed, never again. */
  const [issued, setIssued] = useState<{ name: string; secret: string; rotated: boolean }>();
  const [message, setMessage] = useState<{ kind: 'done' | 'failed'; text: string }>();
  const [confirming, setConfirming] = useState<Confirming>();
  const [renaming, setRenaming] = useState<string>();
  const [busy, setBusy] = useState(false);

  const createForm = useContractForm({
    schema: CreateApiKeyInputSchema,
    defaultValues: { name: '' },
    onSubmit: async (values) => {
      const created = await create.mutateAsync({ body: values });
      setMessage(undefined);
      setIssued({ name: created.key.name, secret: created.secret, rotated: false });
      createForm.reset({ name: '' });
    },
  });

  async function confirm({ action, key }: Confirming) {
    setBusy(true);
    setMessage(undefined);
    try {
      if (action === 'rotate') {
        const rotated = await update.mutateAsync({ body: { id: key.id, rotate: true } });
        if (rotated.secret) setIssued({ name: rotated.key.name, secret: rotated.secret, rotated: true });
      } else {
        await revoke.mutateAsync({ query: { id: key.id } });
        setIssued(undefined);
        setMessage({ kind: 'done', text: `“${key.name}” has been revoked. It no longer works.` });
      }
      setConfirming(undefined);
    } catch (error) {
      setMessage({ kind: 'failed', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ScreenSection title={text.title}>
      <p css={{ marginTop: 0, color: theme.colors.muted }}>{text.intro}</p>
      {kind === 'general' ? <CallsAKeyMayMake /> : null}
      {issued ? <IssuedSecret {...issued} noun={text.noun} onDone={() => setIssued(undefined)} /> : null}
      {message?.kind === 'done' ? <Notice>{message.text}</Notice> : null}
      {message?.kind === 'failed' ? <Alert>{message.text}</Alert> : null}
      <LoadState
        load={result}
        loadingText={`Loading your ${text.title.toLowerCase()}…`}
        onRetry={() => void reload()}
      >
        {(keys: ApiKey[]) => (
          <>
            {keys.length === 0 ? (
              <p css={{ color: theme.colors.muted }}>{text.empty}</p>
            ) : (
              <ul aria-label={text.title} css={{ listStyle: 'none', padding: 0, margin: '0 0 1.25rem' }}>
                {keys.map((key) => (
                  <li
                    key={key.id}
                    css={{ padding: '0.85rem 0', borderTop: `1px solid ${theme.colors.border}` }}
                  >
                    <KeyRow
                      apiKey={key}
                      disabled={busy}
                      renaming={renaming === key.id}
                      onRename={() => setRenaming(key.id)}
                      onRenamed={(name) => {
                        setRenaming(undefined);
                        setMessage({ kind: 'done', text: `The key is now called “${name}”.` });
                      }}
                      onCancelRename={() => setRenaming(undefined)}
                      onAsk={(action) => {
                        setMessage(undefined);
                        setConfirming({ action, key });
                      }}
                      kind={kind}
                    />
                    {confirming?.key.id === key.id ? (
                      <Confirmation
                        confirming={confirming}
                        busy={busy}
                        onConfirm={() => void confirm(confirming)}
                        onCancel={() => setConfirming(undefined)}
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {keys.length >= apiKeysMaxCount ? (
              <p>
                You have {apiKeysMaxCount} keys of this kind, the most there can be. Revoke one to create
                another.
              </p>
            ) : (
              <Form form={createForm} aria-label={`Create a ${text.noun}`}>
                <FormTextField
                  form={createForm}
                  name="name"
                  label={`Name of the new ${text.noun}`}
                  placeholder="e.g. Reporting export"
                  autoComplete="off"
                />
                <FormSubmitButton form={createForm} busyLabel="Creating…">
                  Create {text.noun}
                </FormSubmitButton>
              </Form>
            )}
          </>
        )}
      </LoadState>
    </ScreenSection>
  );
}

/** The calls an integration key may make, from the contract (the endpoints that accept a key), nothing written twice. */
const keyCalls = allEndpoints
  .filter((endpoint) => endpoint.auth === 'bearer' && endpoint.acceptsApiKey)
  .map(({ operation, method, path, summary }) => ({ operation, method, path, summary }))
  .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));

function CallsAKeyMayMake() {
  return (
    <details css={{ margin: '0 0 1rem' }}>
      <summary css={{ cursor: 'pointer', fontWeight: 600 }}>
        The {keyCalls.length} calls a key may make
      </summary>
      <p css={{ color: theme.colors.muted }}>
        Any other call needs a person signed in, and answers 403 to a key. The API reference (
        <code>/openapi.json</code> on the API's address) describes each call.
      </p>
      <ul aria-label="Calls a key may make" css={{ paddingLeft: '1.25rem', margin: 0 }}>
        {keyCalls.map((call) => (
          <li key={call.operation} css={{ margin: '0.25rem 0', overflowWrap: 'anywhere' }}>
            <code>
              {call.method} {call.path}
            </code>{' '}
            <span css={{ color: theme.colors.muted }}>{call.summary}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

function KeyRow({
  apiKey,
  kind,
  disabled,
  renaming,
  onRename,
  onRenamed,
  onCancelRename,
  onAsk,
}: {
  apiKey: ApiKey;
  kind: ApiKeyKind;
  disabled: boolean;
  renaming: boolean;
  onRename: () => void;
  onRenamed: (name: string) => void;
  onCancelRename: () => void;
  onAsk: (action: 'rotate' | 'revoke') => void;
}) {
  const rename = useContractMutation(endpointsOf[kind].update);
  const renameForm = useContractForm({
    schema: CreateApiKeyInputSchema,
    defaultValues: { name: apiKey.name },
    onSubmit: async ({ name }) => {
      await rename.mutateAsync({ body: { id: apiKey.id, name } });
      onRenamed(name);
    },
  });
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1rem', justifyContent: 'space-between' }}>
      <div css={{ minWidth: 0, flex: '1 1 16rem' }}>
        {renaming ? (
          <Form form={renameForm} aria-label={`Rename ${apiKey.name}`}>
            <FormTextField form={renameForm} name="name" label="New name" autoComplete="off" />
            <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
              <FormSubmitButton form={renameForm} busyLabel="Saving…">
                Save name
              </FormSubmitButton>
              <Button variant="secondary" onClick={onCancelRename}>
                Cancel
              </Button>
            </div>
          </Form>
        ) : (
          <div css={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{apiKey.name}</div>
        )}
        <div css={{ color: theme.colors.muted, fontSize: '0.9rem', overflowWrap: 'anywhere' }}>
          <code>{apiKey.prefix}…</code> · created {dateAndTime(apiKey.createdAt)} by{' '}
          {apiKey.createdBy.name || apiKey.createdBy.email}
          {apiKey.rotatedAt ? ` · rotated ${dateAndTime(apiKey.rotatedAt)}` : ''}
        </div>
        <div css={{ color: theme.colors.muted, fontSize: '0.9rem' }}>
          {apiKey.lastUsedAt ? `Last used ${dateAndTime(apiKey.lastUsedAt)}` : 'Never used'}
        </div>
      </div>
      {renaming ? null : (
        <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Button
            variant="secondary"
            disabled={disabled}
            onClick={onRename}
            aria-label={`Rename ${apiKey.name}`}
          >
            Rename
          </Button>
          <Button
            variant="secondary"
            disabled={disabled}
            onClick={() => onAsk('rotate')}
            aria-label={`Rotate ${apiKey.name}`}
          >
            Rotate
          </Button>
          <Button
            variant="danger"
            disabled={disabled}
            onClick={() => onAsk('revoke')}
            aria-label={`Revoke ${apiKey.name}`}
          >
            Revoke
          </Button>
        </div>
      )}
    </div>
  );
}

function Confirmation({
  confirming: { action, key },
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
      title={rotate ? `Rotate “${key.name}”?` : `Revoke “${key.name}”?`}
      confirmLabel={rotate ? 'Rotate the key' : 'Revoke the key'}
      busyLabel={rotate ? 'Rotating…' : 'Revoking…'}
      tone={rotate ? 'primary' : 'danger'}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p css={{ marginTop: 0 }}>
        {rotate
          ? 'A new secret replaces this one. The current secret stops working at once: every integration using it must be given the new one.'
          : 'The key stops working at once and cannot be restored. Integrations using it will be refused.'}
      </p>
    </ConfirmationDialog>
  );
}

/** The whole secret, once: copy it now, it is not shown again. */
function IssuedSecret({
  name,
  secret,
  rotated,
  noun,
  onDone,
}: {
  name: string;
  secret: string;
  rotated: boolean;
  noun: string;
  onDone: () => void;
}) {
  return (
    <SecretShownOnce
      message={`${rotated ? `“${name}” has a new secret.` : `Your new ${noun} “${name}” is ready.`} Copy it now: it will not be shown again.`}
      label="Secret"
      secret={secret}
      testId="issued-api-key-secret"
      onDone={onDone}
    />
  );
}
