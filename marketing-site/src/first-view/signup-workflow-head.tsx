import { predefinedWorkflows } from '@dcipher/shared/domain';
import { chosenWorkflowPendingAttribute, chosenWorkflowStorageKey } from '@dcipher/shared/federation';
import { routes } from '@dcipher/shared/routes';
import type { ReactElement } from 'react';

/**
 * The inline script in /signup's head (issue 36 point 2, docs/decisions/0127): when the address's `workflow` (or,
 * as the sign-up screen reads it, the one this tab kept) is a workflow of the catalogue, it marks `<html>` before the
 * body paints, and the form's slot for the "Your workflow" notice holds its height from the first paint instead of
 * the notice pushing the form down once the remote has made it live. Plain ES5; `window` is its one free name.
 */
export function chosenWorkflowScript(): string {
  const ids = predefinedWorkflows.map((workflow) => workflow.id);
  return `(function(w,ids,key,attribute){
var asked=null,kept=null;
try{asked=new URLSearchParams(w.location.search).get("workflow")}catch(e){}
try{kept=w.sessionStorage.getItem(key)}catch(e){}
if(ids.indexOf(asked)>=0||ids.indexOf(kept)>=0)w.document.documentElement.setAttribute(attribute,"");
})(window,${JSON.stringify(ids)},${JSON.stringify(chosenWorkflowStorageKey)},${JSON.stringify(chosenWorkflowPendingAttribute)});`;
}

/** Head elements of a page: the script on the sign-up page only. */
export function chosenWorkflowHead(pathname: string): ReactElement[] {
  if (pathname.replace(/\/$/, '') !== routes.signup.path) return [];
  return [
    <script
      key="signup-chosen-workflow"
      // Built from this build's catalogue and constants, nothing a visitor sent.
      dangerouslySetInnerHTML={{ __html: chosenWorkflowScript() }}
    />,
  ];
}
