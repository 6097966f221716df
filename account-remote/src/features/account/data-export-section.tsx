import { authenticatedApi } from '@dcipher/shared/auth';
import { contract } from '@dcipher/shared/contract';
import { Alert, Button, theme } from '@dcipher/shared/ui';
import { useState } from 'react';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf } from '../../kit/use-api-load';

/** "Download my data": everything Dcipher holds about the user, as one JSON file. */
export function DataExportSection() {
  const [state, setState] = useState<{ busy: boolean; failure?: string }>({ busy: false });

  async function download() {
    setState({ busy: true });
    try {
      const data = await authenticatedApi().call(contract.account.exportAccountData);
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `dcipher-data-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
      setState({ busy: false });
    } catch (error) {
      setState({ busy: false, failure: messageOf(error) });
    }
  }

  return (
    <ScreenSection title="Your data">
      <p css={{ marginTop: 0, color: theme.colors.muted }}>
        Download a copy of everything Dcipher holds about you: your profile, organization and role, sessions,
        sign-in history, email preferences and payment methods (never full card numbers), as a JSON file.
      </p>
      {state.failure ? <Alert>{state.failure}</Alert> : null}
      <Button variant="secondary" disabled={state.busy} onClick={() => void download()}>
        {state.busy ? 'Preparing your data…' : 'Download my data'}
      </Button>
    </ScreenSection>
  );
}
