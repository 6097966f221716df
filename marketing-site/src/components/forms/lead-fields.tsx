import type { ReactNode } from 'react';

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

export interface LeadFieldProps {
  name: 'firstName' | 'lastName' | 'email' | 'company' | 'jobTitle';
  label: string;
  autoComplete: string;
  type?: 'email';
}

/**
 * The person fields every marketing form asks for (the contract's `leadFields`), labelled the same everywhere.
 * `field` renders one with the page's form, e.g. `(props) => <FormTextField form={form} {...props} />`, so
 * each name is checked against that form's schema.
 */
export function LeadFields({ field }: { field: (props: LeadFieldProps) => ReactNode }) {
  return (
    <>
      <FieldPair>
        {field({ name: 'firstName', label: 'First name', autoComplete: 'given-name' })}
        {field({ name: 'lastName', label: 'Last name', autoComplete: 'family-name' })}
      </FieldPair>
      {field({ name: 'email', label: 'Work email', type: 'email', autoComplete: 'email' })}
      <FieldPair>
        {field({ name: 'company', label: 'Company', autoComplete: 'organization' })}
        {field({ name: 'jobTitle', label: 'Job title (optional)', autoComplete: 'organization-title' })}
      </FieldPair>
    </>
  );
}
