import { renderToStaticMarkup } from 'react-dom/server';
import { signupFirstPaintHead, signupFirstPaintScript } from './signup-first-paint-head';

/** Runs the head's script against a window of our own; answers which notices it marked `<html>` for. */
function runScript({ search = '', kept = null as string | null | Error } = {}) {
  const attributes = new Map<string, string>();
  const fakeWindow = {
    location: { search },
    sessionStorage: {
      getItem: (key: string) => {
        if (kept instanceof Error) throw kept;
        return key === 'dcipher.signup-workflow' ? kept : null;
      },
    },
    document: {
      documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    },
  };
  new Function('window', signupFirstPaintScript())(fakeWindow);
  return { workflow: attributes.has('data-signup-workflow'), plan: attributes.has('data-signup-plan') };
}

describe("/signup's head: the notices above the form keep their space from the first paint (issue 36 point 2)", () => {
  it('marks the page for a workflow of the catalogue in the address or kept in this tab, as the sign-up screen reads it', () => {
    expect(runScript({ search: '?workflow=brand-monitoring' }).workflow).toBe(true);
    expect(runScript({ kept: 'survey-coding' }).workflow).toBe(true);
    expect(runScript({ search: '?plan=starter-monthly', kept: 'survey-coding' }).workflow).toBe(true);
    expect(
      runScript({ search: '?workflow=brand-monitoring', kept: new Error('storage refused') }).workflow,
    ).toBe(true);
  });

  it('leaves it unmarked for no workflow or one the catalogue does not have', () => {
    expect(runScript().workflow).toBe(false);
    expect(runScript({ search: '?workflow=..%2Faccount' }).workflow).toBe(false);
    expect(runScript({ search: '?plan=starter-monthly' }).workflow).toBe(false);
  });

  it('marks the page for a plan id in the address, beside a workflow or alone (decision 0136)', () => {
    expect(runScript({ search: '?plan=starter-monthly' })).toEqual({ workflow: false, plan: true });
    expect(runScript({ search: '?workflow=brand-monitoring&plan=business-annual' })).toEqual({
      workflow: true,
      plan: true,
    });
    expect(runScript({ search: '?plan=starter-monthly', kept: new Error('storage refused') }).plan).toBe(
      true,
    );
  });

  it('leaves the plan unmarked without one, or for what is no plan id', () => {
    expect(runScript().plan).toBe(false);
    expect(runScript({ search: '?plan=' }).plan).toBe(false);
    expect(runScript({ search: '?plan=..%2Faccount' }).plan).toBe(false);
    expect(runScript({ search: '?plan=%3Cscript%3E' }).plan).toBe(false);
    expect(runScript({ search: `?plan=${'a'.repeat(65)}` }).plan).toBe(false);
  });

  it('is in the head of the sign-up page only', () => {
    expect(renderToStaticMarkup(signupFirstPaintHead('/signup'))).toMatch(/^<script>\(function/);
    expect(renderToStaticMarkup(signupFirstPaintHead('/signup/'))).toMatch(/^<script>/);
    expect(signupFirstPaintHead('/login')).toEqual([]);
    expect(signupFirstPaintHead('/')).toEqual([]);
  });
});
