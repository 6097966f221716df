import type { FlowCost, FlowUpload } from '@dcipher/shared/contract/flows';
import { Alert, Button, theme } from '@dcipher/shared/ui';
import { type ChangeEvent, type ReactNode, useId } from 'react';
import { CostSummary } from './cost-summary';
import { mutedStyle } from './workflow-parts';
import { count } from './workflow-words';

// The new-workflow screen's parts: its cost, its file upload and its radio groups.

const acceptedFiles = '.csv,.tsv,.json,.ndjson,.jsonl,.txt,.xlsx,.pdf,.docx';

export type Upload =
  | { state: 'none' }
  | { state: 'uploading'; file: File; loaded: number; total: number }
  | { state: 'done'; upload: FlowUpload }
  | { state: 'failed'; file: File; message: string };
export type Cost =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'loaded'; cost: FlowCost }
  | { state: 'failed'; message: string };

/** The "Cost" section: the price of what is chosen, before anything runs. */
export function CostPart({
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

/** The file chosen, sent as it is chosen, with its progress and what the API read. */
export function UploadField({
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

/** A labelled group of radio buttons, each with an optional hint. */
export function RadioGroup({
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
