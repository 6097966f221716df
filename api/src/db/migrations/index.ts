import { initialMigration } from './0001-initial.js';
import type { Migration } from './migration.js';

/** Every migration, oldest first. Append new ones; never edit one that has shipped. */
export const migrations: readonly Migration[] = [initialMigration];
