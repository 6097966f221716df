import type { WorkflowInputDefinition } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import { useId } from 'react';
import { count } from './workflow-words';

export type InputValue = string | number | boolean;

const controlStyle = {
  font: 'inherit',
  padding: '0.6rem 0.75rem',
  borderRadius: theme.radius,
  border: `1px solid ${theme.colors.border}`,
  background: theme.colors.surface,
  color: theme.colors.ink,
  width: '100%',
  maxWidth: '28rem',
  boxSizing: 'border-box' as const,
  '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 1 },
};

/**
 * One input of a predefined workflow, drawn by its kind (spec section 3: select, text, numeric, slider, boolean),
 * with a visible label and its help text read with it.
 */
export function WorkflowInputField({
  input,
  value,
  onChange,
}: {
  input: WorkflowInputDefinition;
  value: InputValue;
  onChange: (value: InputValue) => void;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const help = (
    <span id={helpId} css={{ color: theme.colors.muted, fontSize: '0.9rem' }}>
      {input.help}
    </span>
  );
  if (input.kind === 'boolean') {
    return (
      <div css={{ marginBottom: '1rem', display: 'flex', gap: '0.6rem', alignItems: 'flex-start' }}>
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          aria-describedby={helpId}
          onChange={(event) => onChange(event.currentTarget.checked)}
          css={{ width: '1.2rem', height: '1.2rem', marginTop: '0.2rem', accentColor: theme.colors.brand }}
        />
        <span css={{ display: 'flex', flexDirection: 'column', gap: '0.2rem' }}>
          <label htmlFor={id} css={{ fontWeight: 600 }}>
            {input.label}
          </label>
          {help}
        </span>
      </div>
    );
  }
  return (
    <div css={{ marginBottom: '1rem', display: 'flex', flexDirection: 'column', gap: '0.3rem' }}>
      <span>
        <label htmlFor={id} css={{ fontWeight: 600 }}>
          {input.label}
        </label>
        {input.kind === 'slider' ? (
          <output htmlFor={id} css={{ marginLeft: '0.5rem' }}>
            {count(Number(value))}
          </output>
        ) : null}
      </span>
      {help}
      {input.kind === 'select' ? (
        <select
          id={id}
          value={String(value)}
          aria-describedby={helpId}
          onChange={(event) => onChange(event.currentTarget.value)}
          css={controlStyle}
        >
          {input.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : input.kind === 'text' ? (
        <input
          id={id}
          type="text"
          value={String(value)}
          maxLength={input.maxLength}
          aria-describedby={helpId}
          onChange={(event) => onChange(event.currentTarget.value)}
          css={controlStyle}
        />
      ) : (
        <input
          id={id}
          type={input.kind === 'slider' ? 'range' : 'number'}
          value={Number(value)}
          min={input.min}
          max={input.max}
          step={input.step}
          aria-describedby={helpId}
          onChange={(event) => onChange(Number(event.currentTarget.value))}
          css={
            input.kind === 'slider'
              ? { width: '100%', maxWidth: '28rem', accentColor: theme.colors.brand, minHeight: '44px' }
              : controlStyle
          }
        />
      )}
    </div>
  );
}
