import { notifyManager } from '@tanstack/react-query';
import { remoteQueryClient } from '../kit/query-client';

// Answers reach components in the same turn as in React's `act` (the browser batches them into the next task),
// so a test's `act` sees the state the user would see once the answer is in.
notifyManager.setScheduler(queueMicrotask);

// Each test starts with an empty cache: an answer cached by the previous test is never shown to the next one.
afterEach(() => {
  remoteQueryClient.clear();
});
