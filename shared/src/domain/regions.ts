import { type CloudRegion, cloudRegions } from './enumerations.js';

/**
 * What the cloud settings screen says of each region of the `cloudRegions` enumeration (spec section 3: "about 25
 * values, for example europe-west1, us-central1"): its place and continent. A record over the enumeration, so a
 * region added there without a name here does not compile.
 */
export const cloudRegionDetails: Record<CloudRegion, { name: string; continent: string }> = {
  'europe-west1': { name: 'Belgium (St. Ghislain)', continent: 'Europe' },
  'europe-west2': { name: 'United Kingdom (London)', continent: 'Europe' },
  'europe-west3': { name: 'Germany (Frankfurt)', continent: 'Europe' },
  'europe-west4': { name: 'Netherlands (Eemshaven)', continent: 'Europe' },
  'europe-west6': { name: 'Switzerland (Zurich)', continent: 'Europe' },
  'europe-west8': { name: 'Italy (Milan)', continent: 'Europe' },
  'europe-west9': { name: 'France (Paris)', continent: 'Europe' },
  'europe-north1': { name: 'Finland (Hamina)', continent: 'Europe' },
  'europe-central2': { name: 'Poland (Warsaw)', continent: 'Europe' },
  'europe-southwest1': { name: 'Spain (Madrid)', continent: 'Europe' },
  'us-central1': { name: 'United States (Iowa)', continent: 'North America' },
  'us-east1': { name: 'United States (South Carolina)', continent: 'North America' },
  'us-east4': { name: 'United States (Northern Virginia)', continent: 'North America' },
  'us-east5': { name: 'United States (Columbus)', continent: 'North America' },
  'us-south1': { name: 'United States (Dallas)', continent: 'North America' },
  'us-west1': { name: 'United States (Oregon)', continent: 'North America' },
  'us-west2': { name: 'United States (Los Angeles)', continent: 'North America' },
  'us-west3': { name: 'United States (Salt Lake City)', continent: 'North America' },
  'us-west4': { name: 'United States (Las Vegas)', continent: 'North America' },
  'northamerica-northeast1': { name: 'Canada (Montréal)', continent: 'North America' },
  'northamerica-northeast2': { name: 'Canada (Toronto)', continent: 'North America' },
  'southamerica-east1': { name: 'Brazil (São Paulo)', continent: 'South America' },
  'asia-east1': { name: 'Taiwan (Changhua County)', continent: 'Asia' },
  'asia-northeast1': { name: 'Japan (Tokyo)', continent: 'Asia' },
  'asia-south1': { name: 'India (Mumbai)', continent: 'Asia' },
  'asia-southeast1': { name: 'Singapore (Jurong West)', continent: 'Asia' },
  'australia-southeast1': { name: 'Australia (Sydney)', continent: 'Oceania' },
  'me-west1': { name: 'Israel (Tel Aviv)', continent: 'Middle East' },
};

/** The regions with their names, in the enumeration's order. */
export const cloudRegionList = cloudRegions.map((id) => ({ id, ...cloudRegionDetails[id] }));

/** Where a new organization's data is stored until an admin chooses (docs/decisions/0034). */
export const defaultCloudRegion: CloudRegion = 'europe-west1';

export const cloudRegionName = (id: string) => cloudRegionDetails[id as CloudRegion]?.name ?? id;

/** Password expiry an admin may set (docs/decisions/0034): off, or every N days within these bounds. */
export const passwordExpiryBounds = { minDays: 30, maxDays: 365 } as const;
