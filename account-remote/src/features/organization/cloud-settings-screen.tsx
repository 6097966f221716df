import { contract, type Organization, RegionInputSchema } from '@dcipher/shared/contract';
import { cloudRegionName } from '@dcipher/shared/domain';
import {
  Alert,
  Button,
  Form,
  FormSelectField,
  FormSubmitButton,
  Notice,
  theme,
  useContractForm,
} from '@dcipher/shared/ui';
import { useState } from 'react';
import { contractQuery, useContractMutation, useLoads } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { mapLoad, messageOf } from '../../kit/use-api-load';

type Region = { id: string; name: string; continent: string };

/** `/account/cloud-settings` (admins): where the organization's data is stored, changed after a confirmation. */
export default function CloudSettingsScreen() {
  const reads = useLoads({
    organization: contractQuery(contract.organization.getOrganization),
    regions: contractQuery(contract.organization.listRegions),
  });
  const { reload } = reads;
  const result = mapLoad(reads.result, ({ organization, regions }) => ({
    organization,
    regions: regions.regions,
  }));
  return (
    <ScreenSection title="Where your data is stored">
      <p css={{ marginTop: 0, color: theme.colors.muted }}>
        Choose the cloud region where Dcipher stores your organization’s projects, files and results. It
        applies to everyone in the organization.
      </p>
      <LoadState load={result} loadingText="Loading the regions…" onRetry={() => void reload()}>
        {({ organization, regions }) => <RegionForm organization={organization} regions={regions} />}
      </LoadState>
    </ScreenSection>
  );
}

/** A region changed refreshes the organization shown (kit/invalidations.ts). */
function RegionForm({ organization, regions }: { organization: Organization; regions: Region[] }) {
  const changeRegion = useContractMutation(contract.organization.changeOrganizationRegion);
  /** The region asked for, waiting for the admin to confirm what the change means. */
  const [pending, setPending] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'failed'; text: string }>();
  const form = useContractForm({
    schema: RegionInputSchema,
    defaultValues: { region: organization.region as never },
    onSubmit: async ({ region }) => {
      setOutcome(undefined);
      if (region === organization.region) {
        setOutcome({ kind: 'done', text: `Your data already stays in ${cloudRegionName(region)}.` });
        return;
      }
      setPending(region);
    },
  });
  const options = [...regions]
    .sort((a, b) => a.continent.localeCompare(b.continent) || a.name.localeCompare(b.name))
    .map((region) => ({ value: region.id, label: `${region.continent} — ${region.name} (${region.id})` }));

  async function confirm(region: string) {
    setSaving(true);
    try {
      await changeRegion.mutateAsync({ body: { region: region as never } });
      setPending(undefined);
      setOutcome({
        kind: 'done',
        text: `Your organization’s data region is now ${cloudRegionName(region)}.`,
      });
    } catch (error) {
      setOutcome({ kind: 'failed', text: messageOf(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <p>
        Current region: <strong>{cloudRegionName(organization.region)}</strong> ({organization.region})
      </p>
      {outcome?.kind === 'done' ? <Notice>{outcome.text}</Notice> : null}
      {outcome?.kind === 'failed' ? <Alert>{outcome.text}</Alert> : null}
      <Form form={form} aria-label="Change the data region">
        <FormSelectField form={form} name="region" label="Data region" options={options} />
        {pending ? null : (
          <FormSubmitButton form={form} busyLabel="Checking…">
            Change region…
          </FormSubmitButton>
        )}
      </Form>
      {pending ? (
        <div
          role="alertdialog"
          aria-labelledby="region-confirm-title"
          aria-describedby="region-confirm-text"
          css={{
            marginTop: '1rem',
            padding: '1rem',
            border: `1px solid ${theme.colors.border}`,
            borderRadius: '8px',
            background: theme.colors.canvas,
          }}
        >
          <h3 id="region-confirm-title" css={{ margin: '0 0 0.5rem', fontSize: '1.05rem' }}>
            Move to {cloudRegionName(pending)}?
          </h3>
          <p id="region-confirm-text" css={{ marginTop: 0 }}>
            From now on, new projects, files and results of everyone in {organization.name} are stored in{' '}
            {cloudRegionName(pending)} ({pending}) instead of {cloudRegionName(organization.region)} (
            {organization.region}). The change is recorded in the organization’s activity log.
          </p>
          <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
            <Button disabled={saving} onClick={() => void confirm(pending)}>
              {saving ? 'Changing…' : `Move to ${cloudRegionName(pending)}`}
            </Button>
            <Button variant="secondary" disabled={saving} onClick={() => setPending(undefined)}>
              Keep {cloudRegionName(organization.region)}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}
