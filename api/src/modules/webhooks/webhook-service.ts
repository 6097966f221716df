import { randomUUID } from 'node:crypto';
import {
  type CreateWebhookEndpointInput,
  type WebhookDelivery,
  type WebhookDeliveryEventType,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookResponseBodyMaxLength,
  webhookTestEventType,
} from '@dcipher/shared/contract';
import ipaddr from 'ipaddr.js';
import { isForbiddenAddress, isOutboundRequestRefused } from '../../adapters/outbound/safe-fetch.js';
import type { WebhookSettings } from '../../config.js';
import type { Database, Queryable } from '../../db/database.js';
import { ValidationError } from '../../http/api-error.js';
import { backgroundQueues } from '../../jobs/background-jobs.js';
import type { JobContext, Jobs } from '../../jobs/jobs.js';
import type { EndedRun } from '../flows/run-ended-listeners.js';
import type { SecretBox } from '../sso/secret-box.js';
import { WebhookEndpointNotFoundError } from './webhook-errors.js';
import {
  countEndpoints,
  type DeliveryFailure,
  deleteEndpoint,
  deliveriesPage,
  findDeliveryToSend,
  findEndpoint,
  findSubscribedEndpoints,
  giveUpDelivery,
  insertDelivery,
  insertEndpoint,
  listEndpoints,
  recordAttempt,
  type StoredWebhookDelivery,
  type StoredWebhookEndpoint,
  updateEndpoint,
} from './webhook-repository.js';
import { newWebhookSecret, webhookSignatureHeaders } from './webhook-signature.js';

export interface WebhookServiceDependencies {
  database: Database;
  jobs: Jobs;
  /** Seals endpoint secrets at rest; the API opens them to sign (docs/decisions/0036, 0111). */
  secretBox: SecretBox;
  /** The outbound guard's fetch (docs/decisions/0057): public addresses only, loopback when the settings allow. */
  fetcher: typeof fetch;
  settings: WebhookSettings;
  webUrl: string;
  log: { warn(details: object, text: string): void };
  now?: () => Date;
}

/** The jobs module caps a retry's wait at an hour; the delivery log shows the same. */
const maxRetrySeconds = 3600;
const endpointsMax = 10;

/** A failed try the jobs module retries: the response (or its absence) is already in the delivery log. */
class WebhookAttemptFailedError extends Error {
  constructor(outcome: string) {
    super(`the webhook receiver answered ${outcome}`);
    this.name = 'WebhookAttemptFailedError';
  }
}

const isLoopbackHost = (hostname: string) => {
  const literal = hostname.replace(/^\[(.*)\]$/, '$1');
  if (literal === 'localhost') return true;
  return ipaddr.isValid(literal) && ipaddr.process(literal).range() === 'loopback';
};

/**
 * An organization's webhook endpoints and their deliveries (issue 35 point 5, docs/decisions/0111): each run's end
 * recorded as one delivery per subscribed endpoint in the transaction that ends it, each delivery a job of the
 * jobs module tried until a 2xx answer or `maxAttempts`, signed as the Standard Webhooks specification says and
 * sent through the outbound guard.
 */
export function createWebhookService({
  database,
  jobs,
  secretBox,
  fetcher,
  settings,
  webUrl,
  log,
  now = () => new Date(),
}: WebhookServiceDependencies) {
  const present = (endpoint: StoredWebhookEndpoint): WebhookEndpoint => ({
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    eventTypes: endpoint.eventTypes,
    enabled: endpoint.enabled,
    createdAt: endpoint.createdAt.toISOString(),
    secretRotatedAt: endpoint.secretRotatedAt?.toISOString() ?? null,
  });
  const presentDelivery = (delivery: StoredWebhookDelivery): WebhookDelivery => ({
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    createdAt: delivery.createdAt.toISOString(),
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: delivery.status === 'pending' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
    responseStatus: delivery.responseStatus,
    responseBody: delivery.responseBody,
    lastError: delivery.lastError,
  });

  /**
   * https only, on the public internet: plain http only to loopback, and only where the settings allow loopback
   * (tests). A host name is checked again on every delivery by the guard, against the address it resolves to.
   */
  function checkUrl(text: string): string {
    const url = new URL(text);
    const loopback = isLoopbackHost(url.hostname);
    if (
      url.protocol !== 'https:' &&
      !(url.protocol === 'http:' && loopback && settings.allowLoopbackEndpoints)
    ) {
      throw new ValidationError('webhookHttpsRequired', 'url');
    }
    const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const refused =
      (loopback && !settings.allowLoopbackEndpoints) ||
      (ipaddr.isValid(literal) &&
        isForbiddenAddress(literal, { allowLoopback: settings.allowLoopbackEndpoints }));
    if (refused) throw new ValidationError('webhookAddressRefused', 'url');
    return url.toString();
  }

  async function endpointOf(organizationId: string, id: string): Promise<StoredWebhookEndpoint> {
    const endpoint = await findEndpoint(database, organizationId, id);
    if (!endpoint) throw new WebhookEndpointNotFoundError();
    return endpoint;
  }

  /** Records an event for an endpoint and queues its first try, in `into` (the run's transaction for run events). */
  async function record(
    into: Queryable,
    delivery: { endpointId: string; eventId: string; eventType: WebhookDeliveryEventType; data: object },
  ): Promise<StoredWebhookDelivery | undefined> {
    const recorded = await insertDelivery(into, {
      endpointId: delivery.endpointId,
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      payload: { type: delivery.eventType, timestamp: now().toISOString(), data: delivery.data },
    });
    if (recorded) await jobs.enqueue(backgroundQueues.webhooksDeliver, { deliveryId: recorded.id }, { into });
    return recorded;
  }

  /** Reads at most the first `limit` characters of a response's body, then lets the rest go. */
  async function bodyStart(response: Response, limit: number): Promise<string> {
    if (!response.body) return '';
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    try {
      while (text.length < limit) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
    return text.slice(0, limit);
  }

  /** The `webhooks.deliver` job: one try of one delivery, recorded; a failed try throws so the job is retried. */
  async function deliver(payload: { deliveryId: string }, context: Pick<JobContext, 'job' | 'signal'>) {
    const delivery = await findDeliveryToSend(database, payload.deliveryId);
    if (delivery?.status !== 'pending') return;
    const attempts = delivery.attempts + 1;
    const at = now();
    const body = JSON.stringify(delivery.payload);
    let responseStatus: number | null = null;
    let responseBody: string | null = null;
    let failure: DeliveryFailure | null = null;
    try {
      const response = await fetcher(delivery.url, {
        method: 'POST',
        // A redirect is an answer, not followed: a receiver cannot send the event (and its signature) elsewhere.
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Dcipher-Webhooks/1',
          ...webhookSignatureHeaders(secretBox.open(delivery.secret), {
            id: delivery.eventId,
            timestampSeconds: Math.floor(at.getTime() / 1000),
            body,
          }),
        },
        body,
        signal: AbortSignal.any([context.signal, AbortSignal.timeout(settings.timeoutSeconds * 1000)]),
      });
      responseStatus = response.status;
      responseBody = await bodyStart(response, webhookResponseBodyMaxLength);
    } catch (error) {
      if (context.signal.aborted) throw error;
      failure = isOutboundRequestRefused(error)
        ? 'refused'
        : (error as { name?: string }).name === 'TimeoutError'
          ? 'timeout'
          : 'network';
    }
    const succeeded = responseStatus !== null && responseStatus >= 200 && responseStatus < 300;
    const last = succeeded || attempts >= context.job.maxAttempts;
    const waitSeconds = Math.min(settings.retrySeconds * 2 ** (attempts - 1), maxRetrySeconds);
    await recordAttempt(database, delivery.id, {
      status: succeeded ? 'succeeded' : last ? 'failed' : 'pending',
      attempts,
      at,
      nextAttemptAt: last ? null : new Date(at.getTime() + waitSeconds * 1000),
      responseStatus,
      responseBody,
      lastError: failure,
    });
    if (!last) throw new WebhookAttemptFailedError(failure ?? String(responseStatus));
    if (!succeeded) {
      log.warn(
        { deliveryId: delivery.id, attempts, responseStatus, failure },
        'a webhook delivery failed its last try',
      );
    }
  }

  return {
    deliver,
    /** A delivery whose job died (its workers stopped during every try): failed, nothing more due. */
    giveUp: (payload: { deliveryId: string }) => giveUpDelivery(database, payload.deliveryId),

    /** flows' run-ended listener: one delivery per enabled endpoint taking the event, in the run's transaction. */
    async recordRunEnded(transaction: Queryable, run: EndedRun): Promise<void> {
      const eventType: WebhookEventType | undefined =
        run.state === 'JobDone'
          ? 'flow.run.finished'
          : run.state === 'JobError'
            ? 'flow.run.failed'
            : undefined;
      if (!eventType) return;
      const endpoints = await findSubscribedEndpoints(transaction, run.organizationId, eventType);
      for (const endpoint of endpoints) {
        await record(transaction, {
          endpointId: endpoint.id,
          // One id per run's end: the same on every try and for every endpoint, so a receiver can drop a repeat.
          eventId: `msg_run_${run.id}`,
          eventType,
          data: {
            flowId: run.flowId,
            flowName: run.flowName,
            runId: run.id,
            runNumber: run.number,
            state: run.state,
            documentsAnalysed: run.documentsAnalysed,
            creditsCharged: run.creditsCharged,
            failureReason: run.error,
            startedAt: run.startedAt?.toISOString() ?? null,
            finishedAt: run.finishedAt?.toISOString() ?? null,
            url: `${webUrl}/workflows/${run.flowId}`,
          },
        });
      }
    },

    async list(organizationId: string) {
      return { endpoints: (await listEndpoints(database, organizationId)).map(present) };
    },

    async create(organizationId: string, input: Required<CreateWebhookEndpointInput>) {
      const url = checkUrl(input.url);
      const secret = newWebhookSecret();
      const endpoint = await database.transaction(async (transaction) => {
        if ((await countEndpoints(transaction, organizationId)) >= endpointsMax) {
          throw new ValidationError('tooManyWebhookEndpoints', 'url');
        }
        return insertEndpoint(transaction, {
          organizationId,
          url,
          description: input.description,
          eventTypes: input.eventTypes as WebhookEventType[],
          secret: secretBox.seal(secret),
        });
      });
      return { endpoint: present(endpoint), secret };
    },

    async update(
      organizationId: string,
      id: string,
      changes: { description?: string; eventTypes?: WebhookEventType[]; enabled?: boolean },
    ) {
      const updated = await updateEndpoint(database, organizationId, id, changes);
      if (!updated) throw new WebhookEndpointNotFoundError();
      return present(updated);
    },

    async remove(organizationId: string, id: string): Promise<void> {
      if (!(await deleteEndpoint(database, organizationId, id))) throw new WebhookEndpointNotFoundError();
    },

    async rotateSecret(organizationId: string, id: string) {
      const secret = newWebhookSecret();
      const updated = await updateEndpoint(database, organizationId, id, { secret: secretBox.seal(secret) });
      if (!updated) throw new WebhookEndpointNotFoundError();
      return { endpoint: present(updated), secret };
    },

    async deliveries(organizationId: string, id: string, page: { page: number; pageSize: number }) {
      const endpoint = await endpointOf(organizationId, id);
      const found = await deliveriesPage(database, endpoint.id, page);
      return { deliveries: found.deliveries.map(presentDelivery), total: found.total, ...page };
    },

    /** A `webhook.test` event to the endpoint, whatever it subscribes to and even turned off. */
    async sendTest(organizationId: string, id: string): Promise<WebhookDelivery> {
      const endpoint = await endpointOf(organizationId, id);
      const recorded = await database.transaction((transaction) =>
        record(transaction, {
          endpointId: endpoint.id,
          eventId: `msg_test_${randomUUID()}`,
          eventType: webhookTestEventType,
          data: { endpointId: endpoint.id, message: 'A test event sent from the Dcipher account screen.' },
        }),
      );
      if (!recorded) throw new Error('a test event with a fresh id was not recorded');
      jobs.wake();
      return presentDelivery(recorded);
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
