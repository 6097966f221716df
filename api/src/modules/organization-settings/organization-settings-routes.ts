import {
  type ActivityFilter,
  activityExportMaxEntries,
  activityRangeIsOrdered,
  contract,
  errorCodes,
  type Organization,
} from '@dcipher/shared/contract';
import {
  type ActivityAction,
  activityActionLabels,
  activityActions,
  activityCategory,
  type CloudRegion,
  cloudRegionList,
  describeActivity,
} from '@dcipher/shared/domain';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../db/database.js';
import { spreadsheetCsv } from '../../engine/index.js';
import { ApiError, ValidationError } from '../../http/api-error.js';
import { type AuthenticatedUser, registerEndpoint } from '../../http/register-endpoint.js';
import { listActivity, recordActivity } from '../activity-log/activity-log.js';
import type { TwoFactor } from '../identity/two-factor.js';
import {
  findOrganizationSettings,
  type OrganizationSettings,
  updateOrganizationSetting,
} from '../people/organization-settings-repository.js';

/** The export's columns: when (UTC), who, what in words, and the raw action and subject for tools. */
const activityCsvColumns = [
  'time_utc',
  'actor_name',
  'actor_email',
  'action',
  'description',
  'action_id',
  'subject',
];

const answerOf = (settings: OrganizationSettings): Organization => ({
  ...settings,
  createdAt: new Date(settings.createdAt).toISOString(),
});

/**
 * The organization's own settings (docs/decisions/0034) and its activity log (0033): each change is made and
 * recorded in one transaction, so the log never misses a change nor records one that did not happen.
 */
export function registerOrganizationSettingsRoutes(
  app: FastifyInstance,
  database: Database,
  twoFactor: Pick<TwoFactor, 'isEnabled'>,
): void {
  async function current(queryable: Queryable, organizationId: string): Promise<Organization> {
    const settings = await findOrganizationSettings(queryable, organizationId);
    if (!settings) throw new ApiError(errorCodes.notFound);
    return answerOf(settings);
  }

  /** Changes one setting and records it, when it really changes; answers the organization as it is then. */
  function change<TValue extends string | number | boolean | null>(
    user: AuthenticatedUser,
    column: 'name' | 'region' | 'password_expires_after_days' | 'two_step_required',
    value: TValue,
    action: ActivityAction,
    subject?: string,
  ): Promise<Organization> {
    return database.transaction(async (transaction) => {
      const changed = await updateOrganizationSetting(
        transaction,
        user.organizationId,
        column,
        value as never,
      );
      if (!changed) throw new ApiError(errorCodes.notFound);
      if (changed.before !== value) {
        await recordActivity(transaction, {
          organizationId: user.organizationId,
          actor: { userId: user.id },
          action,
          ...(subject !== undefined && { subject }),
          details: { from: changed.before as string | number | boolean | null, to: value },
        });
      }
      return current(transaction, user.organizationId);
    });
  }

  registerEndpoint(app, contract.organization.listRegions, async () => ({ regions: cloudRegionList }));

  registerEndpoint(app, contract.organization.getOrganization, (_input, { user }) =>
    current(database, user.organizationId),
  );

  registerEndpoint(app, contract.organization.updateOrganization, ({ body }, { user }) =>
    change(user, 'name', body.name, 'organization.updated', body.name),
  );

  registerEndpoint(app, contract.organization.changeOrganizationRegion, ({ body }, { user }) =>
    change(user, 'region', body.region satisfies CloudRegion, 'organization.region-changed', body.region),
  );

  // Like GitHub's: an admin who requires two-step verification has it, so the requirement never locks them out.
  registerEndpoint(app, contract.organization.setTwoStepRequirement, async ({ body }, { user }) => {
    if (body.required && !(await twoFactor.isEnabled(user.id))) {
      throw new ApiError(errorCodes.twoFactorStateConflict, { params: { reason: 'requiredOfAdminFirst' } });
    }
    return change(
      user,
      'two_step_required',
      body.required,
      'organization.two-step-requirement-changed',
      body.required ? 'required' : 'not required',
    );
  });

  registerEndpoint(app, contract.organization.getPasswordPolicy, async (_input, { user }) => ({
    expiresAfterDays: (await current(database, user.organizationId)).passwordExpiresAfterDays,
  }));

  registerEndpoint(app, contract.organization.updatePasswordPolicy, async ({ body }, { user }) => {
    const organization = await change(
      user,
      'password_expires_after_days',
      body.expiresAfterDays,
      'organization.password-policy-changed',
      body.expiresAfterDays === null ? 'off' : `every ${body.expiresAfterDays} days`,
    );
    return { expiresAfterDays: organization.passwordExpiresAfterDays };
  });

  /** The log's filter as the list and the export share it: a category's actions and a range of UTC days. */
  function filterOf(user: AuthenticatedUser, filter: ActivityFilter) {
    if (!activityRangeIsOrdered(filter)) throw new ValidationError('activityDateRange', 'to');
    const actions = filter.category
      ? activityActions.filter((action) => activityCategory(action) === filter.category)
      : undefined;
    return {
      organizationId: user.organizationId,
      ...(actions && { actions }),
      ...(filter.from && { fromDay: filter.from }),
      ...(filter.to && { toDay: filter.to }),
    };
  }

  registerEndpoint(app, contract.organization.exportOrganizationActivity, async ({ query }, { user }) => {
    const { entries, total } = await listActivity(database, {
      ...filterOf(user, query),
      limit: activityExportMaxEntries,
      offset: 0,
    });
    const rows = entries.map((entry) => [
      new Date(entry.at).toISOString(),
      entry.actorName || 'A former member',
      entry.actorEmail,
      activityActionLabels[entry.action],
      describeActivity(entry),
      entry.action,
      entry.subject ?? '',
    ]);
    const range = [query.from, query.to].filter(Boolean).join('-to-');
    return {
      fileName: `dcipher-activity${range ? `-${range}` : ''}.csv`,
      contentType: 'text/csv' as const,
      // The one CSV writer: a spreadsheet never runs a name as a formula, whatever its separator (0094).
      text: spreadsheetCsv(rows, activityCsvColumns),
      entries: entries.length,
      truncated: total > entries.length,
    };
  });

  registerEndpoint(app, contract.organization.listOrganizationActivity, async ({ query }, { user }) => {
    const { entries, total } = await listActivity(database, {
      ...filterOf(user, query),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      entries: entries.map((entry) => ({
        id: entry.id,
        at: new Date(entry.at).toISOString(),
        actorName: entry.actorName,
        actorEmail: entry.actorEmail,
        action: entry.action,
        subject: entry.subject,
        details: entry.details,
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}
