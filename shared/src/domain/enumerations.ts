// Every enumeration of product-spec section 3, spelt exactly as there. Each is a readonly tuple (usable by
// valibot's picklist) plus the union type of its values.

export const invitationStatuses = ['InvitationSent', 'Active'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

export const flowTypes = ['studio', 'predefinedFlow', 'customFlow', 'insightBooster'] as const;
export type FlowType = (typeof flowTypes)[number];

export const customerTypes = ['Individual', 'Business'] as const;
export type CustomerType = (typeof customerTypes)[number];

export const organizationRoles = ['admin', 'teammate', 'guest'] as const;
export type OrganizationRole = (typeof organizationRoles)[number];

export const resourceRoles = ['owner', 'viewer', 'editor'] as const;
export type ResourceRole = (typeof resourceRoles)[number];

export const permissionActions = ['transfer', 'create', 'read', 'update', 'delete', 'grant'] as const;
export type PermissionAction = (typeof permissionActions)[number];

export const permissionResources = [
  'studio-project',
  'studio-project-template',
  'knowledge-base',
  'workflow',
  'insight-booster-project',
  'insight-booster-report-template',
  'file',
  'ai-model',
  'organization',
  'subscription',
  'add-on-packages',
  'payment-method',
  'wallet-transaction',
  'brand-customization',
  'account',
  'account-sso-settings',
  'organization-password-expiration-policy',
  // Not in spec section 3: the organization's API keys, admins' only (docs/decisions/0037).
  'api-key',
  // Not in spec section 3: the organization's webhook endpoints, admins' only (docs/decisions/0111).
  'webhook',
] as const;
export type PermissionResource = (typeof permissionResources)[number];

export const socialMediaNetworks = [
  'facebook',
  'twitter',
  'youtube',
  'instagram',
  'tiktok',
  'forum',
  'blog',
] as const;
export type SocialMediaNetwork = (typeof socialMediaNetworks)[number];

export const usageCategories = [
  'GoogleTranslate',
  'LLM',
  'ResearchBotAnswer',
  'KnowledgeBaseTraining',
  'LandscapeGeneration',
  'ReportSectionGenerationLowLLM',
  'ReportSectionGenerationHighLLM',
  'ResearchAgentTask',
  'SocialMedia-facebook',
  'SocialMedia-twitter',
  'SocialMedia-youtube',
  'SocialMedia-instagram',
  'SocialMedia-tiktok',
  'SocialMedia-forum',
  'SocialMedia-blog',
  'News-opoint-news',
  'SocialMedia',
  'News',
] as const;
export type UsageCategory = (typeof usageCategories)[number];

export const dataSourceKinds = [
  'social',
  'exported',
  'uploaded',
  'starter',
  'news',
  'public-url',
  'research-agent',
] as const;
export type DataSourceKind = (typeof dataSourceKinds)[number];

export const importChannels = ['Platform', 'API', 'Email', 'Miro', 'RSS feed', 'Knowledge Base'] as const;
export type ImportChannel = (typeof importChannels)[number];

export const fileFormats = [
  'json',
  'ndjson',
  'jsonl',
  'csv',
  'tsv',
  'txt',
  'xls',
  'xlsx',
  'na',
  'pdf',
  'docx',
  'rss',
] as const;
export type FileFormat = (typeof fileFormats)[number];

export const dataSourceGroups = [
  'social',
  'file',
  'news',
  'surveyMonkey',
  'miro',
  'url',
  'thirdParty',
  'researchAgents',
  'knowledgeBase',
] as const;
export type DataSourceGroup = (typeof dataSourceGroups)[number];

export const resourceStates = [
  'pending',
  'updating',
  'ready',
  'failed',
  'archiving',
  'archived',
  'unarchiving',
] as const;
export type ResourceState = (typeof resourceStates)[number];

export const visibilities = ['private', 'public'] as const;
export type Visibility = (typeof visibilities)[number];

export const inputKinds = ['select', 'text', 'numeric', 'slider', 'boolean'] as const;
export type InputKind = (typeof inputKinds)[number];

export const machineSizes = ['Small', 'Medium', 'Large', 'ExtraLarge', 'Gigantic'] as const;
export type MachineSize = (typeof machineSizes)[number];

export const gpuTypes = ['nvidia-tesla-t4', 'k80', 'v100', 'p100', 'p4'] as const;
export type GpuType = (typeof gpuTypes)[number];

export const machineFamilies = ['n1-standard', 'n1-highmem', 'n1-highcpu'] as const;
export type MachineFamily = (typeof machineFamilies)[number];

export const companySizeBands = ['1-10', '10-25', '25-100', '100-1000', '1000+'] as const;
export type CompanySizeBand = (typeof companySizeBands)[number];

export const automaticSettings = ['auto', 'always', 'never'] as const;
export type AutomaticSetting = (typeof automaticSettings)[number];

export const retentionDays = [90, 180, 360] as const;
export type RetentionDays = (typeof retentionDays)[number];

/** Units for durations ("second to month"). */
export const durationUnits = ['second', 'minute', 'hour', 'day', 'week', 'month'] as const;
export type DurationUnit = (typeof durationUnits)[number];

/** Units for schedules and look-backs ("minute to year"). */
export const scheduleUnits = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;
export type ScheduleUnit = (typeof scheduleUnits)[number];

export const scheduleFrequencies = [
  'daily',
  'weekly',
  'monthly',
  'quarterly',
  'semiannual',
  'annual',
  'biennial',
] as const;
export type ScheduleFrequency = (typeof scheduleFrequencies)[number];

export const schedulePeriods = ['day', 'week', 'month', 'quarter', 'semiyear', 'year'] as const;
export type SchedulePeriod = (typeof schedulePeriods)[number];

export const billingPeriods = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

export const analysisTypes = [
  'trendDetection',
  'contentAnalysis',
  'newsAnalysis',
  'narrativeAnalysis',
] as const;
export type AnalysisType = (typeof analysisTypes)[number];

export const trendMetrics = ['momentum', 'volume'] as const;
export type TrendMetric = (typeof trendMetrics)[number];

export const creativityLevels = ['Creative', 'Balanced', 'Precise'] as const;
export type CreativityLevel = (typeof creativityLevels)[number];

export const runKinds = ['regular', 'comparison'] as const;
export type RunKind = (typeof runKinds)[number];

export const runOrigins = ['API', 'Scheduler', 'Platform'] as const;
export type RunOrigin = (typeof runOrigins)[number];

export const runTypes = [
  'regular',
  'predefinedFlow',
  'customFlow',
  'workflowWizard',
  'reportGeneration',
] as const;
export type RunType = (typeof runTypes)[number];

export const filterKinds = [
  'sources',
  'articleLimit',
  'location',
  'language',
  'dateRelative',
  'fixedValue',
] as const;
export type FilterKind = (typeof filterKinds)[number];

/**
 * Cluster and job states. The spec gives the range (ClusterNotBoundToSession through BackendStarted) and these
 * examples; the full list is not shown, so only the named values are declared.
 */
export const clusterJobStates = [
  'ClusterNotBoundToSession',
  'ClusterCreating',
  'ClusterRunning',
  'JobPending',
  'JobRunning',
  'JobDone',
  'JobError',
  'JobCancelled',
  'BackendStarted',
] as const;
export type ClusterJobState = (typeof clusterJobStates)[number];

export const fileNameChecks = ['file-name-exists', 'file-name-valid'] as const;
export type FileNameCheck = (typeof fileNameChecks)[number];

/** Cloud regions. The spec names about 25 without listing them; these are the Google Cloud regions offered. */
export const cloudRegions = [
  'europe-west1',
  'europe-west2',
  'europe-west3',
  'europe-west4',
  'europe-west6',
  'europe-west8',
  'europe-west9',
  'europe-north1',
  'europe-central2',
  'europe-southwest1',
  'us-central1',
  'us-east1',
  'us-east4',
  'us-east5',
  'us-south1',
  'us-west1',
  'us-west2',
  'us-west3',
  'us-west4',
  'northamerica-northeast1',
  'northamerica-northeast2',
  'southamerica-east1',
  'asia-east1',
  'asia-northeast1',
  'asia-south1',
  'asia-southeast1',
  'australia-southeast1',
  'me-west1',
] as const;
export type CloudRegion = (typeof cloudRegions)[number];

export const treeDirections = ['bottom-up', 'top-down'] as const;
export type TreeDirection = (typeof treeDirections)[number];

export const categoryKinds = ['category', 'subcategory'] as const;
export type CategoryKind = (typeof categoryKinds)[number];

export const itemKinds = ['topic', 'document', 'radar'] as const;
export type ItemKind = (typeof itemKinds)[number];

export const exclusionKinds = ['excluded', 'deleted', 'pre'] as const;
export type ExclusionKind = (typeof exclusionKinds)[number];

/** Subscription statuses that allow access to the product (spec section 4). */
export const accessGrantingSubscriptionStatuses = ['trialing', 'active'] as const;
export type AccessGrantingSubscriptionStatus = (typeof accessGrantingSubscriptionStatuses)[number];

export const analyticsUserStates = ['anonymous', 'identified'] as const;
export type AnalyticsUserState = (typeof analyticsUserStates)[number];

/**
 * Subscription quota and usage labels (spec section 3), in the spec's order. The spec lists them in running text
 * ("custom workflow quota, social media posts, ..."); these are the same words as display labels, with the report
 * sections label split by model tier.
 */
export const subscriptionQuotaLabels = [
  'Custom workflow quota',
  'Social media posts',
  'News media articles',
  'Landscape generation',
  'Research bot interactions',
  'Knowledge base index texts',
  'Research agent tasks',
  'Report sections (cost-efficient models)',
  'Report sections (state-of-the-art models)',
  'Storage',
  'Max file size',
  'Compute hours',
] as const;
export type SubscriptionQuotaLabel = (typeof subscriptionQuotaLabels)[number];
