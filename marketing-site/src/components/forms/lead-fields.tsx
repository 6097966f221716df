import { TextField } from '@dcipher/shared/ui';
import type { ReactNode } from 'react';

type FieldProps = {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
};

/** Two fields side by side when there is room. */
export function FieldPair({ children }: { children: ReactNode }) {
  return (
    <div
      css={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
        columnGap: '1rem',
      }}
    >
      {children}
    </div>
  );
}

/** The person fields every marketing form asks for (the contract's `leadFields`), labelled the same everywhere. */
export function LeadFields({ field }: { field: (name: string) => FieldProps }) {
  return (
    <>
      <FieldPair>
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      </FieldPair>
      <TextField label="Work email" type="email" autoComplete="email" {...field('email')} />
      <FieldPair>
        <TextField label="Company" autoComplete="organization" {...field('company')} />
        <TextField label="Job title (optional)" autoComplete="organization-title" {...field('jobTitle')} />
      </FieldPair>
    </>
  );
}
