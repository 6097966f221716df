import { Fragment } from 'react';

/**
 * An email address that wraps where a reader expects on a narrow screen: after the `@` and before a dot, not in
 * the middle of a name (a part longer than the line still breaks, as a last resort).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[.@])|(?<=@)/);
  return (
    <span css={{ overflowWrap: 'break-word' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
