import { renderToStaticMarkup } from 'react-dom/server';
import { chosenWorkflowHead, chosenWorkflowScript } from './signup-workflow-head';

/** Runs the head's script against a window of our own; answers whether it marked `<html>`. */
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
  new Function('window', chosenWorkflowScript())(fakeWindow);
  return attributes.has('data-signup-workflow');
}

describe("/signup's head: the chosen workflow's notice keeps its space from the first paint (issue 36 point 2)", () => {
  it('marks the page for a workflow of the catalogue in the address or kept in this tab, as the sign-up screen reads it', () => {
    expect(runScript({ search: '?workflow=brand-monitoring' })).toBe(true);
    expect(runScript({ kept: 'survey-coding' })).toBe(true);
    expect(runScript({ search: '?plan=starter-monthly', kept: 'survey-coding' })).toBe(true);
    expect(runScript({ search: '?workflow=brand-monitoring', kept: new Error('storage refused') })).toBe(
      true,
    );
  });

  it('leaves it unmarked for no workflow or one the catalogue does not have', () => {
    expect(runScript()).toBe(false);
    expect(runScript({ search: '?workflow=..%2Faccount' })).toBe(false);
    expect(runScript({ search: '?plan=starter-monthly' })).toBe(false);
  });

  it('is in the head of the sign-up page only', () => {
    expect(renderToStaticMarkup(chosenWorkflowHead('/signup'))).toMatch(/^<script>\(function/);
    expect(renderToStaticMarkup(chosenWorkflowHead('/signup/'))).toMatch(/^<script>/);
    expect(chosenWorkflowHead('/login')).toEqual([]);
    expect(chosenWorkflowHead('/')).toEqual([]);
  });
});
