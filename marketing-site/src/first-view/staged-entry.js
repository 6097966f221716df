// The site's browser entry, in place of Gatsby's `.cache/production-app` (set in gatsby-node.mjs). Evaluating the
// modules a page starts with (React DOM, Emotion, Gatsby's loader and router, the app) took one task of 110–165 ms
// on a 4x slower CPU, most of it compiling module factories: the longest task of every content page, which a tap
// in that window waits for (Total Blocking Time). Here the same modules are evaluated in the same order in five
// tasks, the browser free to paint and answer input in between. `webpackMode: "eager"` keeps each in the chunks
// the page already loads (no request); only the moment each is evaluated moves. docs/decisions/0053.
// Not hydrate.ts's `yieldToBrowser`: importing that module would evaluate React DOM in this task.
const nextTask = () =>
  new Promise((resolve) => {
    setTimeout(resolve, 0);
  });

// The first stage waits a task too: the script that runs this entry (the last of the page's chunks to arrive) has
// just been compiled in the current one.
nextTask()
  .then(() => import(/* webpackMode: "eager" */ 'react'))
  .then(nextTask)
  .then(() => import(/* webpackMode: "eager" */ 'react-dom/client'))
  .then(nextTask)
  .then(() => import(/* webpackMode: "eager" */ '@emotion/react'))
  .then(nextTask)
  .then(() => import(/* webpackMode: "eager" */ '../../.cache/loader'))
  .then(nextTask)
  .then(() => import(/* webpackMode: "eager" */ '../../.cache/production-app'));
