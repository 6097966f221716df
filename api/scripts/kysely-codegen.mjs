// kysely-codegen with this project's options, against the database at $DATABASE_URL (a migrated one): writes
// src/db/schema.generated.ts, or with --verify fails when that file is not what the schema gives.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Columns whose values are one of the contract's enumerations (a check constraint in the migration says which):
 * typed as that enumeration instead of `string`; and jsonb columns typed as the shape the API writes into them. Name: a type exported by `@dcipher/shared/contract`, or by
 * `@dcipher/shared/domain` when listed in `domainEnumerations` (the product spec's enumerations live there); with
 * `| null` for a nullable column and `Generated<...>` for one with a default, as kysely-codegen would write them.
 */
const enumerations = {
  'api_keys.kind': 'ApiKeyKind',
  'contact_requests.topic': 'ContactTopic',
  'integration_tokens.provider': 'IntegrationProvider',
  'invitations.role': 'OrganizationRole',
  'organizations.company_size': 'CompanySizeBand | null',
  'organizations.currency': 'CurrencyCode | null',
  'organizations.customer_type': 'CustomerType',
  // No check constraint: every write is a validated CloudRegion, and the column's default is one.
  'organizations.region': 'Generated<CloudRegion>',
  'payment_methods.brand': 'CardBrand',
  'resource_role_grants.role': 'ResourceRole',
  'sign_in_attempts.method': 'SignInMethod',
  'sign_in_attempts.outcome': 'SignInOutcome',
  'users.role': 'OrganizationRole',
  'users.status': 'InvitationStatus',
  'webhook_deliveries.status': 'Generated<WebhookDeliveryStatus>',
  // No check constraint: written only from the contract's event types (a new type needs no migration).
  'webhook_deliveries.event_type': 'WebhookDeliveryEventType',
  'webhook_endpoints.event_types': 'WebhookEventType[]',
  // The flows' enumerated and jsonb columns (docs/decisions/0120): what a workflow query reads is typed as written.
  'flows.flow_type': 'FlowType',
  'flows.analysis_type': 'AnalysisType',
  'flows.trend_metric': 'TrendMetric',
  'flows.creativity_level': 'CreativityLevel',
  'flows.schedule_frequency': 'ScheduleFrequency | null',
  'flows.inputs': 'Generated<FlowInput[]>',
  'flows.data_sources': 'Generated<FlowDataSource[]>',
  'flows.filters': 'Generated<FlowFilter[]>',
  'flow_runs.kind': 'RunKind',
  'flow_runs.origin': 'RunOrigin',
  'flow_runs.type': 'RunFlowType',
  'flow_runs.state': 'RunState',
  'flow_runs.stage': 'RunStage | null',
  'flow_runs.settings': 'StoredRunSettings',
  'flow_runs.reservation': 'Generated<ReservationLine[]>',
  'flow_runs.insights': 'RunInsights | null',
  'flow_run_documents.documents': 'PricedDocument[]',
  'flow_run_result_documents.input': 'RunDocumentInput',
  'flow_run_result_documents.terms': 'Generated<RunDocumentTerms>',
};

/** The enumerations above that `@dcipher/shared/domain` exports (the others come from the contract). */
const domainEnumerations = new Set([
  'CloudRegion',
  'CompanySizeBand',
  'CurrencyCode',
  'CustomerType',
  'InvitationStatus',
  'OrganizationRole',
  'ResourceRole',
  'FlowType',
  'AnalysisType',
  'TrendMetric',
  'CreativityLevel',
  'ScheduleFrequency',
  'RunKind',
  'RunOrigin',
]);

/** The shapes of the flows' own columns, which only the API knows (types only: the file imports no code). */
const flowColumnTypes = new Set([
  'RunFlowType',
  'RunState',
  'RunStage',
  'StoredRunSettings',
  'ReservationLine',
  'PricedDocument',
  'RunDocumentInput',
  'RunDocumentTerms',
]);

/** Where the generated file imports a type from. */
const moduleOf = (name) =>
  flowColumnTypes.has(name)
    ? '../modules/flows/flow-columns.js'
    : `@dcipher/shared/${domainEnumerations.has(name) ? 'domain' : 'contract'}`;

/** The enumeration a column's type names (`Generated<X> | null` → X). */
const enumerationOf = (type) => type.match(/\b(?!Generated\b)[A-Z]\w*/)[0];

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(
  dirname(createRequire(import.meta.url).resolve('kysely-codegen/package.json')),
  'dist',
  'cli',
  'bin.js',
);
const result = spawnSync(
  process.execPath,
  [
    cli,
    '--dialect=postgres',
    '--camel-case',
    '--exclude-pattern=schema_migrations',
    `--out-file=${join(packageDir, 'src', 'db', 'schema.generated.ts')}`,
    '--log-level=error',
    `--custom-imports=${JSON.stringify(
      Object.fromEntries(
        [...new Set(Object.values(enumerations).map(enumerationOf))].map((name) => [
          name,
          `${moduleOf(name)}#${name}`,
        ]),
      ),
    )}`,
    `--overrides=${JSON.stringify({ columns: enumerations })}`,
    ...process.argv.slice(2),
  ],
  { cwd: packageDir, stdio: 'inherit', env: process.env },
);
process.exit(result.status ?? 1);
