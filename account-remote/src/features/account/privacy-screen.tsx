import { DataExportSection } from './data-export-section';
import { EmailPreferencesSection } from './email-preferences-section';
import { SessionsSection } from './sessions-section';
import { SignInHistorySection } from './sign-in-history-section';
import { TwoFactorSection } from './two-factor-section';

/** Privacy & security: emails, sessions, sign-in history, two-step verification and the data export. */
export default function PrivacyScreen() {
  return (
    <>
      <TwoFactorSection />
      <SessionsSection />
      <SignInHistorySection />
      <EmailPreferencesSection />
      <DataExportSection />
    </>
  );
}
