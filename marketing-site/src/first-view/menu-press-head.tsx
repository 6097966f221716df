import type { ReactElement } from 'react';

/** The header's "Menu" button carries this attribute, so the head's script finds it before React runs. */
export const menuToggleAttribute = 'data-menu-toggle';
/** Set on `<html>` by the head's script while the phone menu is open before the page has hydrated. */
export const menuOpenAttribute = 'data-menu-open';
/** Set on `<html>` by the header once React runs it: from then on the header's own handlers answer. */
export const headerLiveAttribute = 'data-header-live';

/**
 * The inline script in every page's head that makes the phone's "Menu" button work before the page's scripts have
 * run (decision 0137). The site's scripts load after the first paint, so on a slow phone the button is on screen
 * seconds before React answers a tap, and a tap then was lost. Until the header marks `<html>` as live, a press on
 * the button (a click, or Enter or Space on it) opens or closes the menu by marking `<html>` (the header's styles
 * show the menu for that mark) and setting the button's `aria-expanded`; Escape closes it again. The header adopts
 * an open menu when it goes live. No text of the page is changed, so hydrating it finds the HTML it rendered.
 * Plain ES5; `document` is its one free name.
 */
export function menuPressScript(): string {
  return `(function(d,toggle,open,live){
function button(){return d.querySelector("["+toggle+"]")}
function set(b,isOpen){var r=d.documentElement;if(isOpen)r.setAttribute(open,"");else r.removeAttribute(open);b.setAttribute("aria-expanded",isOpen?"true":"false")}
d.addEventListener("click",function(e){
if(d.documentElement.hasAttribute(live))return;
var b=button(),t=e.target;if(!b||!t||!b.contains(t))return;
set(b,!d.documentElement.hasAttribute(open))});
d.addEventListener("keydown",function(e){
if(e.key!=="Escape"||d.documentElement.hasAttribute(live)||!d.documentElement.hasAttribute(open))return;
var b=button();if(!b)return;set(b,false);b.focus()});
})(document,${JSON.stringify(menuToggleAttribute)},${JSON.stringify(menuOpenAttribute)},${JSON.stringify(headerLiveAttribute)});`;
}

/** Head elements of every page: the script above. */
export function menuPressHead(): ReactElement[] {
  return [
    <script
      key="menu-press"
      // Built from this build's constants, nothing a visitor sent.
      dangerouslySetInnerHTML={{ __html: menuPressScript() }}
    />,
  ];
}
