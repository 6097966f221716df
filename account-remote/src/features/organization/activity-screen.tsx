import { authenticatedApi } from '@dcipher/shared/auth';
import { type ActivityEntry, type ActivityFilter, contract } from '@dcipher/shared/contract';
import { type ActivityCategory, activityCategories, describeActivity } from '@dcipher/shared/domain';
import { formatDate, formatTime } from '@dcipher/shared/format';
import { Alert, Button, Notice, SelectField, TextField, theme } from '@dcipher/shared/ui';
import { organizationSettingsMessages } from '@dcipher/shared/validation';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { contractQuery, useLoad } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf } from '../../kit/use-api-load';
import { wrappableEmail, wrappableText } from './member-labels';

const categoryLabels: Record<ActivityCategory, string> = {
  member: 'Members and invitations',
  organization: 'Organization settings',
  sso: 'Single sign-on',
  'api-key': 'API keys',
  role: 'Roles and sharing',
  ownership: 'Ownership',
};
const pageSize = 20;

/** The filter as the API takes it: only what is set. */
const queryOf = (filter: { category: ActivityCategory | ''; from: string; to: string }) => ({
  ...(filter.category && { category: filter.category }),
  ...(filter.from && { from: filter.from }),
  ...(filter.to && { to: filter.to }),
});

/** Saves a file the API answered (docs/decisions/0039): a link to a blob, clicked. */
function saveFile(file: { fileName: string; contentType: string; text: string }) {
  const url = URL.createObjectURL(new Blob([file.text], { type: `${file.contentType};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * `/account/organization/activity`, "Activity log": every change made to the organization in words, filtered by
 * kind and by days, paged, and exported as CSV with the same filter (issue 25; docs/decisions/0033, 0082).
 */
export function ActivityScreen() {
  const [draft, setDraft] = useState({ category: '' as ActivityCategory | '', from: '', to: '' });
  const [filter, setFilter] = useState(draft);
  const [rangeError, setRangeError] = useState<string>();
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<{ kind: 'done' | 'failed'; text: string }>();
  const api = authenticatedApi();
  const { result, reload } = useLoad(
    contractQuery(contract.organization.listOrganizationActivity, {
      query: { page: String(page), pageSize: String(pageSize), ...queryOf(filter) },
    }),
  );
  // A new filter or page loads again (the first load is the hook's own).
  const firstLoad = useRef(true);
  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    void reload();
  }, [filter, page, reload]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setRangeError(organizationSettingsMessages.activityDateRange);
      return;
    }
    setRangeError(undefined);
    setExported(undefined);
    setFilter(draft);
    setPage(1);
  };

  async function exportCsv() {
    setExporting(true);
    setExported(undefined);
    try {
      const query: ActivityFilter = queryOf(filter);
      const file = await api.call(contract.organization.exportOrganizationActivity, { query });
      saveFile(file);
      setExported({
        kind: 'done',
        text: file.truncated
          ? `Exported the newest ${file.entries} changes to ${file.fileName}. More changes match: export a shorter range of days for the rest.`
          : `Exported ${file.entries} ${file.entries === 1 ? 'change' : 'changes'} to ${file.fileName}.`,
      });
    } catch (error) {
      setExported({ kind: 'failed', text: messageOf(error) });
    } finally {
      setExporting(false);
    }
  }

  const filtered = Boolean(filter.category || filter.from || filter.to);
  return (
    <ScreenSection title="Changes to the organization">
      <p css={{ marginTop: 0, color: theme.colors.muted }}>
        Every change made to the organization: who made it, when, and what changed. Days and times are in UTC.
      </p>
      <form
        aria-label="Filter the activity"
        onSubmit={apply}
        css={{
          display: 'grid',
          gap: '0 0.75rem',
          gridTemplateColumns: 'repeat(auto-fit, minmax(13rem, 1fr))',
          alignItems: 'end',
        }}
      >
        <SelectField
          label="Show"
          value={draft.category}
          onChange={(event) =>
            setDraft({ ...draft, category: event.currentTarget.value as ActivityCategory | '' })
          }
          options={[
            { value: '', label: 'All changes' },
            ...activityCategories.map((value) => ({ value, label: categoryLabels[value] })),
          ]}
        />
        <TextField
          label="From (day)"
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
        />
        <TextField
          label="To (day)"
          type="date"
          value={draft.to}
          error={rangeError}
          onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
        />
        <div
          css={{
            gridColumn: '1 / -1',
            display: 'flex',
            gap: '0.5rem',
            flexWrap: 'wrap',
            marginBottom: '1rem',
          }}
        >
          <Button type="submit" variant="secondary">
            Apply filter
          </Button>
          {filtered ? (
            <Button
              variant="secondary"
              onClick={() => {
                const none = { category: '' as const, from: '', to: '' };
                setDraft(none);
                setFilter(none);
                setRangeError(undefined);
                setPage(1);
              }}
            >
              Clear
            </Button>
          ) : null}
        </div>
      </form>
      <div
        css={{ display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap', margin: '0 0 1rem' }}
      >
        <Button variant="secondary" disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? 'Preparing…' : filtered ? 'Export these changes (CSV)' : 'Export all changes (CSV)'}
        </Button>
      </div>
      {exported?.kind === 'done' ? <Notice>{exported.text}</Notice> : null}
      {exported?.kind === 'failed' ? <Alert>{exported.text}</Alert> : null}
      <LoadState load={result} loadingText="Loading the activity…" onRetry={() => void reload()}>
        {(activity) =>
          activity.entries.length === 0 ? (
            <p css={{ color: theme.colors.muted }}>
              {filtered ? 'No changes match this filter.' : 'No changes recorded yet.'}
            </p>
          ) : (
            <>
              <p css={{ margin: '0 0 0.5rem', color: theme.colors.muted }}>
                {activity.total} {activity.total === 1 ? 'change' : 'changes'}
                {filtered ? ' match' : ' in all'}
              </p>
              <ol aria-label="Changes, newest first" css={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {activity.entries.map((entry) => (
                  <ActivityRow key={entry.id} entry={entry} />
                ))}
              </ol>
              <nav
                aria-label="Activity pages"
                css={{
                  display: 'flex',
                  gap: '0.5rem',
                  alignItems: 'center',
                  flexWrap: 'wrap',
                  marginTop: '1rem',
                }}
              >
                <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Newer
                </Button>
                <span>
                  Page {page} of {Math.max(1, Math.ceil(activity.total / pageSize))}
                </span>
                <Button
                  variant="secondary"
                  disabled={page * pageSize >= activity.total}
                  onClick={() => setPage(page + 1)}
                >
                  Older
                </Button>
              </nav>
            </>
          )
        }
      </LoadState>
    </ScreenSection>
  );
}

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  return (
    <li css={{ padding: '0.65rem 0', borderTop: `1px solid ${theme.colors.border}` }}>
      <div>
        <strong>{entry.actorName || entry.actorEmail || 'A former member'}</strong>{' '}
        <span css={{ overflowWrap: 'anywhere' }}>{wrappableText(describeActivity(entry))}</span>
      </div>
      <div css={{ color: theme.colors.muted, fontSize: '0.9rem', overflowWrap: 'anywhere' }}>
        <time dateTime={entry.at}>
          {formatDate(entry.at)}, {formatTime(entry.at)}
        </time>
        {entry.actorEmail ? <> · {wrappableEmail(entry.actorEmail)}</> : null}
      </div>
    </li>
  );
}
