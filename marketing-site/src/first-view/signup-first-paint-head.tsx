import { predefinedWorkflows } from '@dcipher/shared/domain';
import {
  chosenPlanPendingAttribute,
  chosenWorkflowPendingAttribute,
  chosenWorkflowStorageKey,
  planIdPattern,
} from '@dcipher/shared/federation';
import { routes } from '@dcipher/shared/routes';
import type { ReactElement } from 'react';

/**
 * The inline script in /signup's head (issue 36 point 2, docs/decisions/0127 and 0136): before the body paints, it
 * marks `<html>` for each notice the sign-up screen will show above its form, so the notice's slot holds its height
 * from the first paint instead of the notice pushing the form down once the remote has made it live:
 * - "Your workflow", when the address's `workflow` (or, as the sign-up screen reads it, the one this tab kept) is a
 *   workflow of the catalogue;
 * - "Your plan", when the address's `plan` is a plan id (the screen unmarks it when the API sells no such plan).
 * Plain ES5; `window` is its one free name.
 */
export function signupFirstPaintScript(): string {
  const ids = predefinedWorkflows.map((workflow) => workflow.id);
  return `(function(w,ids,key,attribute,planPattern,planAttribute){
var asked=null,kept=null,plan=null;
try{var query=new URLSearchParams(w.location.search);asked=query.get("workflow");plan=query.get("plan")}catch(e){}
try{kept=w.sessionStorage.getItem(key)}catch(e){}
if(ids.indexOf(asked)>=0||ids.indexOf(kept)>=0)w.document.documentElement.setAttribute(attribute,"");
if(plan!==null&&planPattern.test(plan))w.document.documentElement.setAttribute(planAttribute,"");
})(window,${JSON.stringify(ids)},${JSON.stringify(chosenWorkflowStorageKey)},${JSON.stringify(chosenWorkflowPendingAttribute)},${planIdPattern.toString()},${JSON.stringify(chosenPlanPendingAttribute)});`;
}

/** Head elements of a page: the script on the sign-up page only. */
export function signupFirstPaintHead(pathname: string): ReactElement[] {
  if (pathname.replace(/\/$/, '') !== routes.signup.path) return [];
  return [
    <script
      key="signup-first-paint"
      // Built from this build's catalogue and constants, nothing a visitor sent.
      dangerouslySetInnerHTML={{ __html: signupFirstPaintScript() }}
    />,
  ];
}
