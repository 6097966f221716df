import type { FlowUploadPage, FlowUploadSummary } from '@dcipher/shared/contract/flows';
import * as flows from '@dcipher/shared/contract/flows';
import { pathTo } from '@dcipher/shared/routes';
import { Button, Notice, theme } from '@dcipher/shared/ui';
import { useState } from 'react';
import { ConfirmationDialog } from '../../kit/confirmation-dialog';
import { useContractMutation, useLoad } from '../../kit/contract-query';
import { dateAndTime } from '../../kit/date-and-time';
import { LoadState } from '../../kit/load-state';
import { PageButtons } from '../../kit/page-buttons';
import { messageOf } from '../../kit/use-api-load';
import { AreaLink, mutedStyle } from './workflow-parts';
import { workflowQueries } from './workflow-queries';
import { count, fileSize } from './workflow-words';

const pageSize = 10;

/**
 * The organization's uploaded files (docs/decisions/0114): name, size, format, who uploaded each and when, the
 * workflows that analyse it, and deleting one that none uses, after a confirmation. For those who may manage the
 * organization's files (admins); the API refuses anyone else.
 */
export function UploadsSection({ navigate }: { navigate: (to: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="uploaded-files-heading" css={{ marginTop: '2rem' }}>
      <h2 id="uploaded-files-heading" css={{ fontSize: '1.2rem', margin: '0 0 0.5rem' }}>
        Uploaded files
      </h2>
      <p css={{ ...mutedStyle, margin: '0 0 0.75rem', maxWidth: '36rem' }}>
        The files your organization uploaded for workflows. A file a workflow analyses cannot be deleted until
        no workflow uses it.
      </p>
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls="uploaded-files-list"
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide uploaded files' : 'Show uploaded files'}
      </Button>
      <div id="uploaded-files-list" css={{ marginTop: '0.75rem' }}>
        {open ? <UploadsList navigate={navigate} /> : null}
      </div>
    </section>
  );
}

/** The list itself, loaded when shown. */
function UploadsList({ navigate }: { navigate: (to: string) => void }) {
  const [page, setPage] = useState(1);
  const { result, reload } = useLoad(workflowQueries.uploads(page, pageSize));
  const [confirming, setConfirming] = useState<FlowUploadSummary>();
  // Deleting invalidates every page of the list (kit/invalidations.ts).
  const deletion = useContractMutation(flows.deleteFlowUpload);
  const busy = deletion.isPending;
  const failure = deletion.error ? messageOf(deletion.error) : undefined;
  const [deleted, setDeleted] = useState<string>();
  const done = deletion.isSuccess && deleted ? `${deleted} has been deleted.` : undefined;

  function remove(upload: FlowUploadSummary) {
    deletion.mutate(
      { params: { uploadId: upload.id } },
      {
        onSuccess: () => {
          setDeleted(upload.fileName);
          setConfirming(undefined);
        },
      },
    );
  }

  return (
    <>
      <div aria-live="polite">{done ? <Notice>{done}</Notice> : null}</div>
      <LoadState load={result} loadingText="Loading your uploaded files…" onRetry={() => void reload()}>
        {(answer: FlowUploadPage) =>
          answer.uploads.length === 0 ? (
            <p>No uploaded files.</p>
          ) : (
            <>
              <ul aria-label="Uploaded files" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {answer.uploads.map((upload) => (
                  <li
                    key={upload.id}
                    css={{ padding: '0.75rem 0', borderTop: `1px solid ${theme.colors.border}` }}
                  >
                    <UploadRow
                      upload={upload}
                      navigate={navigate}
                      disabled={busy}
                      onDelete={() => {
                        deletion.reset();
                        setConfirming(upload);
                      }}
                    />
                  </li>
                ))}
              </ul>
              <PageButtons
                label="Uploaded files pages"
                page={answer.page}
                pageSize={answer.pageSize}
                total={answer.total}
                onPage={setPage}
              />
            </>
          )
        }
      </LoadState>
      {confirming ? (
        <ConfirmationDialog
          title={`Delete ${confirming.fileName}?`}
          confirmLabel="Delete file"
          busyLabel="Deleting…"
          tone="danger"
          busy={busy}
          {...(failure && { error: failure })}
          onConfirm={() => remove(confirming)}
          onCancel={() => {
            setConfirming(undefined);
            deletion.reset();
          }}
        >
          <p css={{ margin: 0 }}>
            The file and the {count(confirming.documents)} documents read from it are deleted for good. Runs
            that already analysed it keep their results.
          </p>
        </ConfirmationDialog>
      ) : null}
    </>
  );
}

function UploadRow({
  upload,
  navigate,
  disabled,
  onDelete,
}: {
  upload: FlowUploadSummary;
  navigate: (to: string) => void;
  disabled: boolean;
  onDelete: () => void;
}) {
  const inUse = upload.usedBy.length > 0;
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1rem', justifyContent: 'space-between' }}>
      <div css={{ minWidth: 0, flex: '1 1 14rem' }}>
        <h3 css={{ margin: '0 0 0.25rem', fontSize: '1rem', overflowWrap: 'anywhere' }}>{upload.fileName}</h3>
        <p css={{ margin: 0, fontSize: '0.95rem' }}>
          {upload.format.toUpperCase()}, {fileSize(upload.bytes)}, {count(upload.documents)} document
          {upload.documents === 1 ? '' : 's'}
        </p>
        <p css={{ ...mutedStyle, margin: '0.15rem 0 0', fontSize: '0.9rem' }}>
          Uploaded {dateAndTime(upload.createdAt)}
          {upload.uploadedBy ? ` by ${upload.uploadedBy.name}` : ' by someone no longer in the organization'}
        </p>
        {inUse ? (
          <p css={{ margin: '0.25rem 0 0', fontSize: '0.95rem' }}>
            Used by{' '}
            {upload.usedBy.map((flow, index) => (
              <span key={flow.id}>
                {index > 0 ? ', ' : ''}
                <AreaLink to={pathTo('workflow', { flowId: flow.id })} navigate={navigate}>
                  {flow.name}
                </AreaLink>
              </span>
            ))}
          </p>
        ) : (
          <p css={{ ...mutedStyle, margin: '0.25rem 0 0', fontSize: '0.9rem' }}>Not used by any workflow.</p>
        )}
      </div>
      <div css={{ alignSelf: 'center' }}>
        <Button
          variant="secondary"
          disabled={disabled}
          onClick={onDelete}
          aria-label={`Delete ${upload.fileName}`}
        >
          Delete
        </Button>
      </div>
    </div>
  );
}
